import { useState, type FormEvent } from "react";
import type { ContactRequest, EnquiryResponse } from "@contracts/enquiries";
import { Field } from "~/components/ui/Field";
import { apiRequest } from "~/lib/api/client";
import { bindFields, Honeypot, honeypotOf, SubmissionMessage, SubmitButton } from "./FormParts";
import { useSubmission } from "./useSubmission";

const empty = { name: "", email: "", message: "" };

/** The email-us form of the call-to-action block: every field is needed, and the answer's message confirms it. */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const submission = useSubmission({ fallbackError: "Something went wrong" });
  const bind = bindFields(values, setValues);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      submission.fail("Please fill in all fields");
      return;
    }
    const payload: ContactRequest = { ...values, request_type: "CTA", ...honeypotOf(event.currentTarget) };
    const sent = await submission.submit(async () => {
      const response = await apiRequest<EnquiryResponse>("cta/", { method: "POST", body: payload });
      if (!response.message) throw new Error("Something went wrong");
      return response.message;
    });
    if (sent) setValues(empty);
  }

  const disabled = submission.submitting;
  return (
    <form onSubmit={onSubmit} className="relative space-y-4" aria-label="Email us">
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" autoComplete="name" aria-required="true" disabled={disabled} {...bind("name")} />
        <Field label="Email" type="email" autoComplete="email" aria-required="true" disabled={disabled} {...bind("email")} />
      </div>
      <Field as="textarea" label="Message" rows={5} aria-required="true" disabled={disabled} {...bind("message")} />
      <SubmissionMessage submission={submission} dismissible />
      <SubmitButton submission={submission} doneLabel="Sent">
        Send Message
      </SubmitButton>
    </form>
  );
}
