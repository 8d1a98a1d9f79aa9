import { linesOf, type AdminJob, type JobForm, type JobFormInput } from "#contracts/admin-business.ts";
import { textField } from "#app/lib/form-fields.ts";

export type JobFieldName = keyof JobForm;
type TextFieldName = Exclude<JobFieldName, "remote">;
/** The job form's boxes as typed: text, and the remote checkbox. */
export type JobFormValues = Record<TextFieldName, string> & { remote: boolean };

/** A refused job form, given back as typed with the API's refusals beside their boxes. */
export interface JobFormRefusal {
  values: JobFormValues;
  errors: Partial<Record<JobFieldName, string>>;
  message: string;
}

export const emptyJobValues: JobFormValues = {
  title: "",
  type: "",
  department: "",
  location: "",
  salary: "",
  description: "",
  requirements: "",
  responsibilities: "",
  closes_on: "",
  remote: true,
  applicant_locations: "",
};

/** The day a job closes, as Nepal's calendar and the date field show it. */
const nepalDay = (at: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu" }).format(new Date(at));

export const jobValuesOf = (job: AdminJob): JobFormValues => ({
  title: job.title,
  type: job.type,
  department: job.department,
  location: job.location,
  salary: job.salary ?? "",
  description: job.description,
  requirements: job.requirements.join("\n"),
  responsibilities: job.responsibilities.join("\n"),
  closes_on: job.closes_at ? nepalDay(job.closes_at) : "",
  remote: job.remote,
  applicant_locations: job.applicant_locations.join(", "),
});

/** The boxes of a posted job form, as the browser sent them (a checkbox left unticked is not sent at all). */
export function jobValuesPosted(form: FormData): JobFormValues {
  const values = { ...emptyJobValues };
  for (const name of Object.keys(emptyJobValues) as TextFieldName[]) if (name !== ("remote" as string)) values[name] = textField(form, name);
  return { ...values, remote: form.has("remote") };
}

/** What the form sends to the API: the lists as one item per non-empty line, the countries as one per comma. */
export const jobInputOf = (values: JobFormValues) =>
  ({
    ...values,
    requirements: linesOf(values.requirements),
    responsibilities: linesOf(values.responsibilities),
    applicant_locations: values.applicant_locations
      .split(",")
      .map((country) => country.trim())
      .filter(Boolean),
  }) as JobFormInput;

/** The API's refusals by field: it names list items as "requirements.0", which the form shows on the list's box. */
export const jobFieldErrors = (errors: Record<string, string[]> | undefined): Partial<Record<JobFieldName, string>> =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([path, messages]) => [path.split(".")[0], messages[0]]));
