import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { APPLICATION_STATUSES, JOB_STATUSES } from "../../../contracts/admin-business";
import { CANDIDATE_MAIL_STAGES } from "../../../contracts/candidate-mail";
import { JOB_TYPES } from "../../../contracts/careers";
import { tsvector } from "../../db/columns";
import { bytea } from "../../db/files";

export const careerJobs = pgTable(
  "career_jobs",
  {
    /** A readable slug, so a job's address says what it is: /careers/apply/senior-full-stack-engineer. */
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    type: text("type", { enum: JOB_TYPES }).notNull(),
    department: text("department").notNull(),
    location: text("location").notNull(),
    remote: boolean("remote").notNull().default(true),
    /** Countries whose residents may apply, by name. */
    applicantLocations: jsonb("applicant_locations").$type<string[]>().notNull().default([]),
    salary: text("salary"),
    description: text("description").notNull(),
    requirements: jsonb("requirements").$type<string[]>().notNull().default([]),
    responsibilities: jsonb("responsibilities").$type<string[]>().notNull().default([]),
    /** Only open jobs are listed and accept applications; a job past its closing date is closed too; a draft is staff's alone. */
    status: text("status", { enum: JOB_STATUSES }).notNull().default("open"),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    /** When staff closed it; with the closing date, what the applications' retention counts from. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // "general" is the application page's word for an application without a job.
    check("career_jobs_id_slug", sql`${table.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and ${table.id} <> 'general'`),
    index("career_jobs_open_idx")
      .on(table.postedAt)
      .where(sql`status = 'open'`),
  ],
);

/** Uploaded résumés, stored under a generated id; the visitor's file name is kept only as metadata. */
export const careerResumes = pgTable("career_resumes", {
  id: uuid("id").primaryKey(),
  originalName: text("original_name").notNull(),
  /** The media type found from the file's content, never the one the browser declared. */
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  /** The words read from the file at upload, for staff's search; null when it has none to read. */
  text: text("text"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A résumé's bytes, in chunks of FILE_CHUNK_BYTES numbered from 0 (server/db/files.ts). */
export const careerResumeChunks = pgTable(
  "career_resume_chunks",
  {
    resumeId: uuid("resume_id")
      .notNull()
      .references(() => careerResumes.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.resumeId, table.seq] })],
);

export const careerApplications = pgTable(
  "career_applications",
  {
    id: uuid("id").primaryKey(),
    /** Null for a general application. */
    jobId: text("job_id").references(() => careerJobs.id, { onDelete: "set null" }),
    /** The job's title when the application arrived, so it still reads right if the job changes. */
    jobTitle: text("job_title"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    coverLetter: text("cover_letter"),
    resumeId: uuid("resume_id")
      .notNull()
      .unique()
      .references(() => careerResumes.id),
    /** The stage in the hiring pipeline; each move is kept in career_application_moves. */
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Name, address, position, cover letter and the résumé's words, as the admin's search reads them; kept by a trigger (migration 0018). */
    search: tsvector("search"),
  },
  (table) => [
    index("career_applications_job_idx").on(table.jobId, table.createdAt),
    index("career_applications_created_idx").on(table.createdAt),
    index("career_applications_search_idx").using("gin", table.search),
  ],
);

const application = () =>
  uuid("application_id")
    .notNull()
    .references(() => careerApplications.id, { onDelete: "cascade" });

/**
 * Each move of an application from one stage to another: who made it (kept by name, as the audit log
 * does, so the history reads right after the admin leaves) and when. A move to a stage that offers
 * the candidate a mail records what staff chose: sent or skipped; null while they have not chosen.
 */
export const careerApplicationMoves = pgTable(
  "career_application_moves",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: application(),
    fromStatus: text("from_status", { enum: APPLICATION_STATUSES }),
    toStatus: text("to_status", { enum: APPLICATION_STATUSES }).notNull(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    mail: text("mail", { enum: ["sent", "skipped"] }),
  },
  (table) => [index("career_application_moves_application_idx").on(table.applicationId, table.at)],
);

/** A reviewer's note on an application; staff only. */
export const careerApplicationNotes = pgTable(
  "career_application_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: application(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("career_application_notes_application_idx").on(table.applicationId, table.createdAt)],
);

/** Each reviewer's one rating of an application, 1 to 5; rating again replaces it. */
export const careerApplicationRatings = pgTable(
  "career_application_ratings",
  {
    applicationId: application(),
    adminId: integer("admin_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    rating: integer("rating").notNull(),
    ratedAt: timestamp("rated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.adminId] }), check("career_application_ratings_range", sql`${table.rating} between 1 and 5`)],
);

/** Staff's own wording of a stage's candidate mail; a stage without a row uses the site's. */
export const careerMailTemplates = pgTable("career_mail_templates", {
  stage: text("stage", { enum: CANDIDATE_MAIL_STAGES }).primaryKey(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
