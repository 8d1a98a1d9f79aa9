import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { JOB_TYPES } from "../../../contracts/careers";
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
    /** Only open jobs are listed and accept applications; a job past its closing date is closed too. */
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
    closesAt: timestamp("closes_at", { withTimezone: true }),
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
    status: text("status", { enum: ["new", "reviewing", "rejected", "hired"] })
      .notNull()
      .default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("career_applications_job_idx").on(table.jobId, table.createdAt), index("career_applications_created_idx").on(table.createdAt)],
);
