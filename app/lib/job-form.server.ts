import { data, redirect, type AppLoadContext } from "react-router";
import type { AdminJob } from "#contracts/admin-business.ts";
import { failureStatus, textField } from "./form-action.server";
import { jobFieldErrors, jobInputOf, jobValuesPosted, type JobFormRefusal } from "#app/components/admin/job-form-values.ts";

/** The list's address after a save without the script; the list says what was saved. */
export const SAVED_PARAM = "saved";

/**
 * The job form posted without the script (decision 029): sent to the API route the form's script calls
 * (`editing`: the job's PATCH), then back to the list, or the form again with what the API refused.
 */
export async function postJobForm(request: Request, context: AppLoadContext, editing?: string) {
  const posted = await request.formData();
  const values = jobValuesPosted(posted);
  const input = jobInputOf(values);
  const answer = editing
    ? await context.api(`admin/jobs/${encodeURIComponent(editing)}/`, input, { method: "PATCH" })
    : await context.api("admin/jobs/", { ...input, status: textField(posted, "intent") === "draft" ? "draft" : "open" });
  if (answer.status < 400) return redirect(`/admin/jobs?${SAVED_PARAM}=${encodeURIComponent((answer.body as AdminJob).id)}`);
  const body = answer.body as { message?: string; errors?: Record<string, string[]> } | undefined;
  return data<JobFormRefusal>(
    { values, errors: jobFieldErrors(body?.errors), message: body?.message ?? "The job was not saved." },
    { status: failureStatus(answer.status) },
  );
}
