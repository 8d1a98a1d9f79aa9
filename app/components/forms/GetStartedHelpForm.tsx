import { useState, type FormEvent } from "react";
import type { EnquiryResponse, GetStartedRequest } from "@contracts/enquiries";
import { USER_TYPES, userTypeLabels, type SentUserType, type UserType } from "@contracts/enquiry-options";
import { Field } from "~/components/ui/Field";
import { apiRequest } from "~/lib/api/client";
import { bindFields, Honeypot, honeypotOf, SubmissionMessage, SubmitButton } from "./FormParts";
import { useSubmission } from "./useSubmission";

const empty = { email: "", userType: "business" as UserType as string, message: "" };

/** The get-started page's help form; the user type is offered in lower case and sent upper-cased. */
export function GetStartedHelpForm() {
  const [values, setValues] = useState(empty);
  const submission = useSubmission({ fallbackError: "Failed to submit. Please try again." });
  const bind = bindFields(values, setValues);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload: GetStartedRequest = {
      email: values.email,
      user_type: values.userType.toUpperCase() as SentUserType,
      message: values.message,
      request_type: "GET_STARTED",
      ...honeypotOf(event.currentTarget),
    };
    const sent = await submission.submit(async () => (await apiRequest<EnquiryResponse>("get-started/", { method: "POST", body: payload })).message);
    if (sent) setValues(empty);
  }

  return (
    <form onSubmit={onSubmit} className="relative space-y-4" aria-label="Get help getting started">
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
