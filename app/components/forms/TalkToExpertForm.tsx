import { useState, type FormEvent } from "react";
import type { EnquiryResponse, TalkToExpertRequest } from "@contracts/enquiries";
import { HELP_TYPES, helpTypeLabels, type HelpType } from "@contracts/enquiry-options";
import { Field } from "~/components/ui/Field";
import { apiRequest } from "~/lib/api/client";
import { bindFields, Honeypot, honeypotOf, SubmissionMessage, SubmitButton } from "./FormParts";
import { useSubmission } from "./useSubmission";

const empty = { name: "", email: "", company: "", helpType: "technical" as HelpType as string, message: "" };

export function TalkToExpertForm() {
  const [values, setValues] = useState(empty);
  const submission = useSubmission({ fallbackError: "Failed to submit. Please try again." });
  const bind = bindFields(values, setValues);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload: TalkToExpertRequest = { ...values, helpType: values.helpType as HelpType, request_type: "TALK_TO_EXPERT", ...honeypotOf(event.currentTarget) };
    const sent = await submission.submit(async () => (await apiRequest<EnquiryResponse>("talk-to-expert/", { method: "POST", body: payload })).message);
    if (sent) setValues(empty);
  }

  return (
    <form onSubmit={onSubmit} className="relative space-y-4" aria-label="Talk to an expert">
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required autoComplete="name" {...bind("name")} />
        <Field label="Email" type="email" required autoComplete="email" {...bind("email")} />
        <Field label="Company" hint="Optional" autoComplete="organization" {...bind("company")} />
        <Field as="select" label="What can we help with?" {...bind("helpType")}>
          {HELP_TYPES.map((type) => (
            <option key={type} value={type}>
              {helpTypeLabels[type]}
            </option>
          ))}
        </Field>
      </div>
      <Field as="textarea" label="Message" rows={5} required {...bind("message")} />
      <SubmissionMessage submission={submission} />
      <SubmitButton submission={submission} doneLabel="Sent">
        Request a Call
      </SubmitButton>
    </form>
  );
}
