import { z } from "./zod";
import { CONTROL_CHARACTERS } from "./enquiries";

export * from "./application-form";

/** How a job is offered; schema.org's employmentType is derived from it for job search. */
export const JOB_TYPES = ["Full-time", "Part-time", "Contract", "Internship"] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** An open job as `GET /api/careers/jobs/` and `GET /api/careers/jobs/{id}/` answer it. */
export const JobSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(JOB_TYPES),
  department: z.string(),
  location: z.string(),
  salary: z.string().optional(),
  description: z.string(),
  requirements: z.array(z.string()),
  responsibilities: z.array(z.string()),
  /** Remote roles are advertised to job search as telecommute, open to applicants in these countries. */
  remote: z.boolean(),
  applicant_locations: z.array(z.string()),
  /** ISO 8601. */
  posted_date: z.string(),
  /** ISO 8601; null while the opening has no closing date. */
  valid_through: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** A requirement or responsibility as the page accepts it: a plain string or an object with a text field. */
export type JobListItem = string | { text: string };

/** The job that the careers list hands to the application page in navigation state. */
export interface JobPreview {
  id: string;
  title: string;
  type: string;
  department: string;
  location: string;
  salary?: string;
  description: string;
  requirements: JobListItem[];
  responsibilities: JobListItem[];
}

const NO_CONTROL_CHARACTERS = "Remove the invisible control characters from the text.";
const withoutControlCharacters = (value: string | undefined) => value === undefined || !CONTROL_CHARACTERS.test(value);

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional().refine(withoutControlCharacters, NO_CONTROL_CHARACTERS),
  );

/** The text fields of `POST /api/careers/applications/` (multipart, beside the resume file). */
export const ApplicationFieldsSchema = z.object({
  job: optionalText(100, "Job"),
  name: z
    .string({ error: "Full name is required." })
    .trim()
    .min(1, "Full name is required.")
    .max(120, "Full name must be at most 120 characters.")
    .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS)
    // One line: the name goes into mail subjects.
    .transform((name) => name.replace(/\s+/g, " ")),
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Email must be at most 254 characters.")
    .pipe(z.email("Enter a valid email address.")),
  phone: optionalText(40, "Phone").refine((value) => value === undefined || /^\+?[\d\s().-]{5,}$/.test(value), "Enter a valid phone number."),
  cover_letter: optionalText(10_000, "Cover letter"),
});
export type ApplicationFields = z.infer<typeof ApplicationFieldsSchema>;

/** The answer to a stored application. */
export interface ApplicationReceipt {
  message: string;
  id: string;
}
