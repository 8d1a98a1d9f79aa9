import { useEffect, useState, type FormEvent } from "react";
import { apiRequest } from "#app/lib/api/client.ts";
import { bindFields, honeypotOf } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useSubmission, type SubmissionOptions } from "./useSubmission";

/**
 * An enquiry form's state and its submit handler, which sends the form's JSON to its /api path. It
 * starts from `result`, the page's answer when the form was posted before its script ran: the message,
 * and on failure the values the visitor typed.
 */
export function useEnquiryForm<V extends Record<string, string>>(
  form: EnquiryForm<V>,
  result: FormResult<V> | undefined,
  options: Omit<SubmissionOptions, "fallbackError" | "initial"> = {},
) {
  const [values, setValues] = useState<V>(result?.outcome === "error" ? { ...form.empty, ...result.values } : form.empty);
  // A link that sent the visitor here for something in particular fills in what it is (`form.prefill`).
  useEffect(() => {
    const prefilled = form.prefill?.(new URLSearchParams(window.location.search));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is the browser's to read, once the page is live
    if (prefilled) setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(prefilled).filter(([name]) => !current[name])) }));
  }, [form]);
  const submission = useSubmission({ ...options, fallbackError: form.fallbackError, initial: result });
  const bind = bindFields(values, setValues);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = form.check?.(values);
    if (problem) {
      submission.fail(problem);
      return;
    }
    const payload = { ...form.payload(values), ...honeypotOf(event.currentTarget) };
    const sent = await submission.submit(async () => form.confirmation((await apiRequest(form.api, { method: "POST", body: payload })) as never));
    if (sent) setValues(form.empty);
  }

  return { values, bind, submission, onSubmit };
}
