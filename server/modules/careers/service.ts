import { createHash, randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { site } from "#app/content/site.ts";
import { ApplicationFieldsSchema, resumeMessages, type ApplicationReceipt, type Job } from "#contracts/careers.ts";
import type { ApplicationStatus } from "#contracts/admin-business.ts";
import type { CandidateStage } from "#contracts/accounts.ts";
import type { Database } from "../../db/client";
import { writeFileChunks } from "../../db/files";
import { HttpError, type FieldErrors } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import type { SandboxLimits } from "../../sandbox/run-sandboxed";
import type { SitemapEntry } from "../site/sitemap";
import { cleanFileName, readResume } from "./resume";
import { careerApplications, careerJobs, careerResumeChunks, careerResumes } from "./schema";
import { SAMPLE_OPENING_DAYS, sampleJobs } from "./seed";

export interface CareersDeps {
  db: Database;
  outbox: MailOutbox;
  /** Where links in mails point to (the admin area's application page). */
  publicUrl: string;
  now: () => Date;
  /** The link in the acknowledgement with which the candidate withdraws and has their data deleted. */
  withdrawalUrlOf: (applicationId: string) => string;
  /** The résumé reader's limits: READ_LIMITS, unless a test gives it no time. */
  resumeLimits?: SandboxLimits;
}

export interface ApplicationSubmission {
  /** The multipart text fields as they arrived. */
  fields: Record<string, string>;
  resume?: { fileName: string; bytes: Buffer };
}

type JobRow = typeof careerJobs.$inferSelect;

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    department: row.department,
    location: row.location,
    ...(row.salary ? { salary: row.salary } : {}),
    description: row.description,
    requirements: row.requirements,
    responsibilities: row.responsibilities,
    remote: row.remote,
    applicant_locations: row.applicantLocations,
    posted_date: row.postedAt.toISOString(),
    valid_through: row.closesAt?.toISOString() ?? null,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The pipeline as a candidate sees it: received, then in review while staff weigh it, then closed whatever the outcome. */
const CANDIDATE_STAGE: Record<ApplicationStatus, CandidateStage> = {
  new: "received",
  screening: "in_review",
  interview: "in_review",
  offer: "in_review",
  hired: "closed",
  rejected: "closed",
  withdrawn: "closed",
};

export function createCareersService(deps: CareersDeps) {
  const { db } = deps;
  /** Open means marked open and not past its closing date. */
  const isOpen = () => and(eq(careerJobs.status, "open"), or(isNull(careerJobs.closesAt), gt(careerJobs.closesAt, deps.now())));

  async function findOpenJob(id: string): Promise<JobRow | undefined> {
    // PostgreSQL text cannot hold NUL, so no job's id has one, and the query would fail rather than find nothing.
    if (id.includes("\u0000")) return undefined;
    const [row] = await db
      .select()
      .from(careerJobs)
      .where(and(eq(careerJobs.id, id), isOpen()))
      .limit(1);
    return row;
  }

  /** Marked open; a job past its closing date stays in the list, and the search hides it from that moment. */
  const markedOpen = eq(careerJobs.status, "open");

  return {
    /** Jobs marked open with their row version (`xmin`, which any change moves on), for the site search to see what changed. */
    async searchVersions(): Promise<{ id: string; version: string }[]> {
      return db
        .select({ id: careerJobs.id, version: sql<string>`${careerJobs}.xmin::text` })
        .from(careerJobs)
        .where(markedOpen);
    },

    /** The open jobs the site search copies, in full. */
    async searchJobs(ids: string[]): Promise<JobRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(careerJobs)
        .where(and(markedOpen, inArray(careerJobs.id, ids)));
    },

    /** Open jobs, newest first. */
    async listOpenJobs(): Promise<Job[]> {
      const rows = await db.select().from(careerJobs).where(isOpen()).orderBy(desc(careerJobs.postedAt), careerJobs.id);
      return rows.map(toJob);
    },

    /** An open job, or null when it does not exist or no longer takes applications. */
    async getOpenJob(id: string): Promise<Job | null> {
      const row = await findOpenJob(id);
      return row ? toJob(row) : null;
    },

    /** An address's applications, newest first, each at the stage the candidate is shown. */
    async applicationsOf(email: string): Promise<{ position: string; sentAt: string; stage: CandidateStage }[]> {
      const rows = await db
        .select({ title: careerApplications.jobTitle, status: careerApplications.status, createdAt: careerApplications.createdAt })
        .from(careerApplications)
        .where(sql`lower(${careerApplications.email}) = ${email.toLowerCase()}`)
        .orderBy(desc(careerApplications.createdAt))
        .limit(50);
      return rows.map((row) => ({ position: row.title ?? "General application", sentAt: row.createdAt.toISOString(), stage: CANDIDATE_STAGE[row.status] }));
    },

    /**
     * Stores an application with its résumé and queues the mail to the careers inbox and the
     * acknowledgement to the applicant, all in one transaction: either everything exists or nothing.
     * Every problem with the input is reported at once, by field.
     */
    async submitApplication(submission: ApplicationSubmission): Promise<ApplicationReceipt> {
      const errors: FieldErrors = {};
      const parsed = ApplicationFieldsSchema.safeParse(submission.fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "body")] ??= []).push(issue.message);
      }

      let contentType = "";
      let text: string | null = null;
      if (!submission.resume || submission.resume.bytes.length === 0) {
        errors.resume = [resumeMessages.missing];
      } else {
        // Judged and read before the transaction, which holds the embedded database while it runs.
        const check = await readResume(submission.resume.fileName, submission.resume.bytes, deps.resumeLimits);
        if (!check.ok && check.status === 413) throw new HttpError(413, check.message, { resume: [check.message] });
        if (!check.ok && check.status === 503)
          throw Object.assign(new HttpError(503, check.message, { resume: [check.message] }, "unavailable", { "retry-after": "60" }), { cause: check.cause });
        if (check.ok) ({ contentType, text } = check);
        else errors.resume = [check.message];
      }

      const jobId = submission.fields.job?.trim();
      const job = jobId && jobId.length <= 100 ? await findOpenJob(jobId) : undefined;
      if (jobId && !job) errors.job ??= ["This job does not exist or is no longer accepting applications."];

      const [firstField, messages] = Object.entries(errors)[0] ?? [];
      if (firstField || !parsed.success || !submission.resume) throw new HttpError(400, messages?.[0] ?? "Invalid application.", errors, "invalid");

      const fields = parsed.data;
      const resume = submission.resume;
      const now = deps.now();
      const applicationId = randomUUID();
      const resumeId = randomUUID();
      const originalName = cleanFileName(resume.fileName);
      const position = job?.title ?? "General application";
      const adminLink = `${deps.publicUrl}/admin/applications/${applicationId}`;
      await db.transaction(async (tx) => {
        await tx.insert(careerResumes).values({
          id: resumeId,
          originalName,
          contentType,
          size: resume.bytes.length,
          sha256: createHash("sha256").update(resume.bytes).digest("hex"),
          text,
          createdAt: now,
        });
        await writeFileChunks(resume.bytes, (chunk) => tx.insert(careerResumeChunks).values({ resumeId, ...chunk }));
        await tx.insert(careerApplications).values({
          id: applicationId,
          jobId: job?.id ?? null,
          jobTitle: job?.title ?? null,
          name: fields.name,
          email: fields.email,
          phone: fields.phone ?? null,
          coverLetter: fields.cover_letter ?? null,
          resumeId,
          createdAt: now,
        });
        await deps.outbox.enqueue(
          tx,
          {
            to: site.contact.careersEmail,
            replyTo: fields.email,
            subject: job ? `New application: ${job.title} – ${fields.name}` : `New general application – ${fields.name}`,
            text: [
              `A new application has arrived through the careers page.`,
              ``,
              `Position: ${position}`,
              `Name: ${fields.name}`,
              `Email: ${fields.email}`,
              `Phone: ${fields.phone ?? "not given"}`,
              `Résumé: ${originalName} (${formatSize(resume.bytes.length)})`,
              ``,
              `Cover letter:`,
              fields.cover_letter ?? "(none)",
              ``,
              `Read the application and download the résumé in the admin area:`,
              adminLink,
            ].join("\n"),
          },
          now,
        );
        await deps.outbox.enqueue(
          tx,
          {
            to: fields.email,
            recipientTypedByVisitor: true,
            replyTo: site.contact.careersEmail,
            subject: `We received your application – ${site.name}`,
            text: [
              // Sent to an address nobody has proven: nothing the applicant typed, not even the name, so the form cannot relay text.
              `Hello,`,
              ``,
              job ? `Thank you for applying for the ${job.title} position at ${site.name}.` : `Thank you for your general application to ${site.name}.`,
              `We'll review your information and get back to you soon.`,
              ``,
              `If you have a question in the meantime, reply to this mail or write to ${site.contact.careersEmail}.`,
              ``,
              `To withdraw your application and have your data deleted at once, open this link:`,
              deps.withdrawalUrlOf(applicationId),
              ``,
              `The ${site.name} team`,
              site.url,
            ].join("\n"),
          },
          now,
        );
      });

      return { message: "Application submitted.", id: applicationId };
    },

    /** The job pages, for the sitemap. */
    async sitemapEntries(): Promise<SitemapEntry[]> {
      const rows = await db.select({ id: careerJobs.id, updatedAt: careerJobs.updatedAt }).from(careerJobs).where(isOpen()).orderBy(careerJobs.id);
      return rows.map((row) => ({ path: `/careers/apply/${row.id}`, lastModified: row.updatedAt }));
    },

    /** Adds the sample openings to a site that has no jobs yet; returns how many were added. */
    async seedIfEmpty(): Promise<number> {
      const [existing] = await db.select({ total: count() }).from(careerJobs);
      if ((existing?.total ?? 0) > 0) return 0;
      const now = deps.now().getTime();
      await db.insert(careerJobs).values(
        sampleJobs.map(({ postedDaysAgo, ...job }) => {
          const postedAt = new Date(now - postedDaysAgo * DAY_MS);
          return {
            ...job,
            salary: job.salary ?? null,
            remote: true,
            postedAt,
            closesAt: new Date(postedAt.getTime() + SAMPLE_OPENING_DAYS * DAY_MS),
            updatedAt: postedAt,
          };
        }),
      );
      return sampleJobs.length;
    },
  };
}

export type CareersService = ReturnType<typeof createCareersService>;
