import type { DiscussProjectRequest, EnquiryResponse } from "#contracts/enquiries.ts";
import { BUDGETS, budgetLabels, TIMELINES, timelineLabels, type Budget, type Timeline } from "#contracts/enquiry-options.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { Honeypot, SubmissionMessage, SubmitButton } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useEnquiryForm } from "./useEnquiryForm";

const empty = { name: "", email: "", company: "", budget: "not-specified" as Budget as string, timeline: "not-specified" as Timeline as string, details: "" };

export const MISSING_FIELDS = "Submission failed: Missing required fields in response";

/** Succeeds only when the answer names the project's contact, as the stored enquiry does. */
export const discussProjectForm: EnquiryForm<typeof empty> = {
  api: "discuss-project/",
  empty,
  fallbackError: "Submission failed",
  payload: (values): DiscussProjectRequest => ({
    ...values,
    budget: values.budget as Budget,
    timeline: values.timeline as Timeline,
    request_type: "DISCUSS_PROJECT",
  }),
  confirmation: (response: Partial<EnquiryResponse>) => {
    if (!response.name || !response.email) throw new Error(MISSING_FIELDS);
    return response.message || "Thank you! We’ll get back to you within 24 hours.";
  },
};

export function DiscussProjectForm({ result }: { result?: FormResult<typeof empty> }) {
  const { bind, submission, onSubmit } = useEnquiryForm(discussProjectForm, result);
  return (
    <form method="post" onSubmit={onSubmit} className="relative space-y-4" aria-label="Discuss your project">
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required autoComplete="name" {...bind("name")} />
        <Field label="Email" type="email" required autoComplete="email" {...bind("email")} />
        <Field label="Company" hint="Optional" autoComplete="organization" className="sm:col-span-2" {...bind("company")} />
        <Field as="select" label="Budget" {...bind("budget")}>
          {BUDGETS.map((budget) => (
            <option key={budget} value={budget}>
              {budgetLabels[budget]}
            </option>
          ))}
        </Field>
        <Field as="select" label="Timeline" {...bind("timeline")}>
          {TIMELINES.map((timeline) => (
            <option key={timeline} value={timeline}>
              {timelineLabels[timeline]}
            </option>
          ))}
        </Field>
      </div>
      <Field as="textarea" label="Project details" rows={6} required {...bind("details")} />
      <SubmissionMessage submission={submission} />
      <SubmitButton submission={submission} doneLabel="Submitted">
        Submit Project
      </SubmitButton>
    </form>
  );
}
