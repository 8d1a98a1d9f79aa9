import type { EnquiryResponse, SupportRequest } from "#contracts/enquiries.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { support } from "#app/content/support.ts";
import { Honeypot, SubmissionMessage, SubmitButton } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useEnquiryForm } from "./useEnquiryForm";

const empty = { email: "", subject: "", message: "" };

/** The /support page's contact form: a support request, checked by the API alone, whose answer confirms it. */
export const supportForm: EnquiryForm<typeof empty> = {
  api: "support/",
  empty,
  prefill: (search) => {
    const subject = search.get("subject")?.trim().slice(0, 150);
    return subject ? { subject } : undefined;
  },
  fallbackError: "Something went wrong",
  payload: (values): SupportRequest => ({ ...values, request_type: "SUPPORT" }),
  confirmation: (response: EnquiryResponse) => response.message,
};

export type SupportFormResult = FormResult<typeof empty>;

export function SupportForm({ result, id }: { result?: SupportFormResult; id: string }) {
  const copy = support.contactForm;
  const { bind, submission, onSubmit } = useEnquiryForm(supportForm, result);
  const disabled = submission.submitting;
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={id} className="relative max-w-2xl space-y-5">
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {copy.title}
      </h2>
      <Honeypot />
      <Field label={copy.email} type="email" autoComplete="email" disabled={disabled} {...bind("email")} />
      <Field label={copy.subject} disabled={disabled} {...bind("subject")} />
      <Field as="textarea" label={copy.message} rows={5} disabled={disabled} {...bind("message")} />
      <SubmissionMessage submission={submission} dismissible />
      <SubmitButton submission={submission} doneLabel="Sent">
        {copy.action}
      </SubmitButton>
    </form>
  );
}
