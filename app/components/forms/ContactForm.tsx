import type { ContactRequest, EnquiryResponse } from "#contracts/enquiries.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { Honeypot, SubmissionMessage, SubmitButton } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useEnquiryForm } from "./useEnquiryForm";

const empty = { name: "", email: "", message: "" };

/** The email-us form of the call-to-action block: every field is needed, and the answer's message confirms it. */
export const contactForm: EnquiryForm<typeof empty> = {
  api: "cta/",
  empty,
  fallbackError: "Something went wrong",
  check: (values) => (!values.name.trim() || !values.email.trim() || !values.message.trim() ? "Please fill in all fields" : undefined),
  payload: (values): ContactRequest => ({ ...values, request_type: "CTA" }),
  confirmation: (response: EnquiryResponse) => {
    if (!response.message) throw new Error("Something went wrong");
    return response.message;
  },
};

export function ContactForm({ result }: { result?: FormResult<typeof empty> }) {
  const { bind, submission, onSubmit } = useEnquiryForm(contactForm, result);
  const disabled = submission.submitting;
  return (
    <form method="post" onSubmit={onSubmit} className="relative space-y-4" aria-label="Email us">
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
