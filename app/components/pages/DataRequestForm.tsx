import { Check, Send } from "lucide-react";
import { useState } from "react";
import { Alert } from "#app/components/ui/Alert.tsx";
import { buttonClasses } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { SubmissionMessage, SubmitButton } from "#app/components/forms/FormParts.tsx";
import type { EnquiryForm, FormResult } from "#app/components/forms/form-result.ts";
import { useEnquiryForm } from "#app/components/forms/useEnquiryForm.ts";
import { privacy } from "#app/content/legal.ts";

const copy = privacy.rights;
const empty = { email: "", right: "", details: "" };

/** A data request as the privacy page sends it (contracts/privacy.ts); the API checks it and mails the confirmation link. */
export const dataRequestForm: EnquiryForm<typeof empty> = {
  api: "privacy/requests/",
  empty,
  fallbackError: copy.form.failed,
  check: (values) => (values.email.trim() && values.right ? undefined : copy.form.incomplete),
  payload: (values) => values,
  confirmation: (answer: { message: string }) => answer.message,
};

export type DataRequestResult = FormResult<typeof empty>;

/**
 * "Submit Data Request" opens the form (a disclosure, so it opens without a script too); once the
 * request is sent it says 'Request Submitted!' for 3 seconds, as the spec has it, and the form gives
 * way to what happens next: the mailed confirmation link.
 */
export function DataRequestForm({ result, id, startOpen = false }: { result?: DataRequestResult; id: string; startOpen?: boolean }) {
  const { bind, submission, onSubmit } = useEnquiryForm(dataRequestForm, result);
  const [open, setOpen] = useState(startOpen || Boolean(result));
  const disabled = submission.submitting;
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="w-full">
      <summary className={buttonClasses("primary", "md", "w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        {submission.confirming ? <Check className="size-4" aria-hidden="true" /> : <Send className="size-4" aria-hidden="true" />}
        <span aria-live="polite">{submission.confirming ? copy.confirmation : copy.action}</span>
      </summary>
      {submission.status === "success" ? (
        <Alert tone="success" className="mt-6">
          {submission.message}
        </Alert>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={id} className="mt-6 space-y-5">
          <div>
            <h3 id={id} className="text-lg font-semibold">
              {copy.form.title}
            </h3>
            <p className="mt-1 text-sm text-ink-700">{copy.form.intro}</p>
          </div>
          <Field label={copy.form.email} type="email" autoComplete="email" disabled={disabled} {...bind("email")} />
          <Field as="select" label={copy.form.right} disabled={disabled} {...bind("right")}>
            <option value="">{copy.form.rightPlaceholder}</option>
            {copy.form.rights.map((right) => (
              <option key={right.value} value={right.value}>
                {right.label}
              </option>
            ))}
          </Field>
          <Field as="textarea" label={copy.form.details} hint={copy.form.detailsHint} rows={4} disabled={disabled} {...bind("details")} />
          <SubmissionMessage submission={submission} dismissible />
          <SubmitButton submission={submission}>{copy.form.send}</SubmitButton>
        </form>
      )}
    </details>
  );
}
