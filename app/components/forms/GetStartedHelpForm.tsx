import type { EnquiryResponse, GetStartedRequest } from "#contracts/enquiries.ts";
import { USER_TYPES, userTypeLabels, type SentUserType, type UserType } from "#contracts/enquiry-options.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { Honeypot, SubmissionMessage, SubmitButton } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useEnquiryForm } from "./useEnquiryForm";

const empty = { email: "", userType: "business" as UserType as string, message: "" };

/** The get-started page's help form; the user type is offered in lower case and sent upper-cased. */
export const getStartedHelpForm: EnquiryForm<typeof empty> = {
  api: "get-started/",
  empty,
  fallbackError: "Failed to submit. Please try again.",
  payload: (values): GetStartedRequest => ({
    email: values.email,
    user_type: values.userType.toUpperCase() as SentUserType,
    message: values.message,
    request_type: "GET_STARTED",
  }),
  confirmation: (response: EnquiryResponse) => response.message,
};

export function GetStartedHelpForm({ result }: { result?: FormResult<typeof empty> }) {
  const { bind, submission, onSubmit } = useEnquiryForm(getStartedHelpForm, result);
  return (
    <form method="post" onSubmit={onSubmit} className="relative space-y-4" aria-label="Get help getting started">
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" type="email" required autoComplete="email" {...bind("email")} />
        <Field as="select" label="I am a" {...bind("userType")}>
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {userTypeLabels[type]}
            </option>
          ))}
        </Field>
      </div>
      <Field as="textarea" label="How can we help?" rows={4} required {...bind("message")} />
      <SubmissionMessage submission={submission} />
      <SubmitButton submission={submission} doneLabel="Submitted">
        Submit
      </SubmitButton>
    </form>
  );
}
