import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { jobFormErrors, type AdminJob } from "#contracts/admin-business.ts";
import { JOB_TYPES } from "#contracts/careers.ts";
import { jobsCopy } from "#app/content/admin.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { adminBusiness } from "#app/lib/api/admin-client.ts";
import { emptyJobValues, jobFieldErrors, jobInputOf, jobValuesOf, type JobFieldName, type JobFormRefusal, type JobFormValues } from "./job-form-values";
import { Alert } from "../ui/Alert";
import { Button, ButtonLink } from "../ui/Button";
import { Field } from "../ui/Field";

const copy = jobsCopy.form;

/**
 * The job form for new and existing openings; checks as the admin types, with the server's own rules.
 * Without the script it posts to its page (`refused`: what the API refused, given back as typed).
 */
export function JobForm({ editing, refused }: { editing?: AdminJob; refused?: JobFormRefusal }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<JobFormValues>(refused?.values ?? (editing ? jobValuesOf(editing) : emptyJobValues));
  const [touched, setTouched] = useState<Partial<Record<JobFieldName, boolean>>>(
    refused ? Object.fromEntries(Object.keys(refused.errors).map((field) => [field, true])) : {},
  );
  const [serverErrors, setServerErrors] = useState<Partial<Record<JobFieldName, string>>>(refused?.errors ?? {});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(refused?.message);
  // Which of the new job's buttons sent the form: publish, or keep as a draft.
  const asDraft = useRef(false);

  const errors = { ...jobFormErrors(jobInputOf(values)), ...serverErrors };
  const shown = (field: JobFieldName) => (touched[field] ? errors[field] : undefined);
  const props = (field: Exclude<JobFieldName, "remote">) => ({
    name: field,
    value: values[field],
    error: shown(field),
    onBlur: () => setTouched((all) => ({ ...all, [field]: true })),
    onChange: (event: { target: { value: string } }) => {
      setValues((all) => ({ ...all, [field]: event.target.value }));
      setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(Object.keys(emptyJobValues).map((field) => [field, true])));
    const status = asDraft.current ? "draft" : "open";
    asDraft.current = false;
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = editing ? await adminBusiness.updateJob(editing.id, jobInputOf(values)) : await adminBusiness.createJob({ ...jobInputOf(values), status });
      const text = saved.status === "draft" ? jobsCopy.drafted(saved.title) : jobsCopy.saved(saved.title);
      navigate("/admin/jobs", { state: { notice: { tone: "success", text } } });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> })?.errors : undefined;
      if (fields) setServerErrors(jobFieldErrors(fields));
      setFailure(error instanceof Error ? error.message : "The job was not saved.");
      setSaving(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
      {failure && (
        <Alert tone="error" className="mb-6" onDismiss={() => setFailure(undefined)}>
          {failure}
        </Alert>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={copy.title} required hint={editing ? undefined : copy.slugHint} className="sm:col-span-2" {...props("title")} />
        <Field as="select" label={copy.type} required {...props("type")}>
          <option value="">{copy.chooseType}</option>
          {JOB_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Field>
        <Field label={copy.department} required {...props("department")} />
        <Field label={copy.location} required {...props("location")} />
        <Field label={copy.salary} hint={copy.salaryHint} {...props("salary")} />
        <Field as="textarea" label={copy.description} required rows={5} className="sm:col-span-2" {...props("description")} />
        <Field as="textarea" label={copy.requirements} hint={copy.linesHint} required rows={6} {...props("requirements")} />
        <Field as="textarea" label={copy.responsibilities} hint={copy.linesHint} required rows={6} {...props("responsibilities")} />
        <Field type="date" label={copy.closesOn} hint={copy.closesOnHint} {...props("closes_on")} />
        <div className="sm:col-span-2">
          <label className="flex items-start gap-3 text-ink-900">
            <input
              type="checkbox"
              name="remote"
              checked={values.remote}
              onChange={(event) => setValues((all) => ({ ...all, remote: event.target.checked }))}
              className="mt-1 size-4 rounded border-ink-300 text-indigo-600 focus:ring-indigo-600"
            />
            {copy.remote}
          </label>
        </div>
        <Field label={copy.applicantLocations} hint={copy.applicantLocationsHint} className="sm:col-span-2" {...props("applicant_locations")} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="publish" disabled={saving}>
          {saving ? copy.saving : copy.save}
        </Button>
        {!editing && (
          <Button type="submit" name="intent" value="draft" variant="secondary" disabled={saving} onClick={() => (asDraft.current = true)}>
            {copy.saveDraft}
          </Button>
        )}
        <ButtonLink to="/admin/jobs" variant="secondary">
          {copy.cancel}
        </ButtonLink>
      </div>
    </form>
  );
}
