import type { EnquiryResponse, TalkToExpertRequest } from "#contracts/enquiries.ts";
import { HELP_TYPES, helpTypeLabels, type HelpType } from "#contracts/enquiry-options.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { topicMessage } from "#app/content/enquiries.ts";
import { Honeypot, SubmissionMessage, SubmitButton } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useEnquiryForm } from "./useEnquiryForm";

const empty = { name: "", email: "", company: "", helpType: "technical" as HelpType as string, message: "" };

export const talkToExpertForm: EnquiryForm<typeof empty> = {
  api: "talk-to-expert/",
  empty,
  prefill: (search) => {
    const topic = search.get("topic")?.trim().slice(0, 100);
    return topic ? { message: topicMessage(topic) } : undefined;
  },
  fallbackError: "Failed to submit. Please try again.",
  payload: (values): TalkToExpertRequest => ({ ...values, helpType: values.helpType as HelpType, request_type: "TALK_TO_EXPERT" }),
  confirmation: (response: EnquiryResponse) => response.message,
};

export function TalkToExpertForm({ result }: { result?: FormResult<typeof empty> }) {
  const { bind, submission, onSubmit } = useEnquiryForm(talkToExpertForm, result);
  return (
    <form method="post" onSubmit={onSubmit} className="relative space-y-4" aria-label="Talk to an expert">
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
