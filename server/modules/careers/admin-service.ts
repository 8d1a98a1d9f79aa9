import type { Readable } from "node:stream";
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, like, lt, lte, or, sql, type SQL } from "drizzle-orm";
import {
  APPLICATION_STATUSES,
  BOARD_COLUMN_SIZE,
  slugOf,
  type AdminApplication,
  type AdminApplicationDetail,
  type AdminJob,
  type ApplicationBoard,
  type ApplicationBoardQuery,
  type ApplicationListQuery,
  type ApplicationStatus,
  type JobForm,
  type JobListQuery,
  type NewJob,
  type JobStatus,
  type Page,
} from "#contracts/admin-business.ts";
import type { AuditTargetNames } from "#contracts/admin-audit.ts";
import { GENERAL_APPLICATION_ID } from "#contracts/application-form.ts";
import { resumeExtension } from "#contracts/careers.ts";
import type { ContentEvents } from "../../content-events";
import { failedWith, type Database, type Executor } from "../../db/client";
import { matchesWordStarts } from "../../db/full-text";
import { HttpError } from "../../http/errors";
import { cappedPageOf, countLimitOf, offsetOf, pageOf, searchFor } from "../../http/pagination";
import { recordAudit, type AuditActor } from "../audit/service";
import { streamFile } from "../../db/files";
import type { CandidateMailService } from "./candidate-mail";
import {
  careerApplicationMoves,
  careerApplicationNotes,
  careerApplicationRatings,
  careerApplications,
  careerJobs,
  careerResumeChunks,
  careerResumes,
} from "./schema";

type JobRow = typeof careerJobs.$inferSelect;

const toAdminJob = (row: JobRow, applications: number): AdminJob => ({
  id: row.id,
  title: row.title,
  type: row.type,
  department: row.department,
  location: row.location,
  salary: row.salary,
  description: row.description,
  requirements: row.requirements,
  responsibilities: row.responsibilities,
  status: row.status,
  posted_at: row.postedAt.toISOString(),
  closes_at: row.closesAt?.toISOString() ?? null,
  remote: row.remote,
  applicant_locations: row.applicantLocations,
  applications,
});

/** The end of a day in Nepal (UTC+05:45 all year), when a job given that closing day stops taking applications. */
export const endOfNepalDay = (day: string) => new Date(`${day}T23:59:59.999+05:45`);

const applicationColumns = {
  ...getTableColumns(careerApplications),
  resumeName: careerResumes.originalName,
  resumeType: careerResumes.contentType,
  resumeSize: careerResumes.size,
  rating: sql<
    string | null
  >`(select round(avg(${careerApplicationRatings.rating}), 1)::text from ${careerApplicationRatings} where ${careerApplicationRatings.applicationId} = ${careerApplications.id})`,
  ratings: sql<number>`(select count(*)::int from ${careerApplicationRatings} where ${careerApplicationRatings.applicationId} = ${careerApplications.id})`,
};

type ApplicationRow = typeof careerApplications.$inferSelect & {
  resumeName: string;
  resumeType: string;
  resumeSize: number;
  rating: string | null;
  ratings: number;
};

const toAdminApplication = (row: ApplicationRow): AdminApplication => ({
  id: row.id,
  job_id: row.jobId,
  job_title: row.jobTitle,
  name: row.name,
  email: row.email,
  phone: row.phone,
  cover_letter: row.coverLetter,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  resume: { name: row.resumeName, content_type: row.resumeType, size: row.resumeSize },
  rating: row.rating === null ? null : Number(row.rating),
  ratings: Number(row.ratings),
});

/** The first instant of a UTC day, and of the day after it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60_000);

/** The applications for a job (or none: "general") that arrived between two days, as the list and the board filter them. */
const applicationFilter = (query: ApplicationBoardQuery) => [
  query.job === GENERAL_APPLICATION_ID ? isNull(careerApplications.jobId) : query.job ? eq(careerApplications.jobId, query.job) : undefined,
  query.from ? gte(careerApplications.createdAt, dayStart(query.from)) : undefined,
  query.to ? lt(careerApplications.createdAt, dayAfter(query.to)) : undefined,
];

/** Each order of the jobs list; "status" is the usual one: open jobs first, newest first. */
const jobOrders: Record<JobListQuery["sort"], SQL[]> = {
  status: [desc(careerJobs.status), desc(careerJobs.postedAt), asc(careerJobs.id)],
  "-posted": [desc(careerJobs.postedAt), asc(careerJobs.id)],
  posted: [asc(careerJobs.postedAt), asc(careerJobs.id)],
  title: [asc(sql`lower(${careerJobs.title})`), asc(careerJobs.id)],
};

const applicationOrders: Record<ApplicationListQuery["sort"], SQL[]> = {
  "-created": [desc(careerApplications.createdAt), desc(careerApplications.id)],
  created: [asc(careerApplications.createdAt), asc(careerApplications.id)],
  name: [asc(sql`lower(${careerApplications.name})`), desc(careerApplications.id)],
};

/** A download name that is safe in any header and file system: the applicant's name in ASCII, and the résumé's kind. */
export function resumeDownloadName(applicantName: string, originalName: string): string {
  const person = slugOf(applicantName) || "applicant";
  return `resume-${person}.${resumeExtension(originalName) ?? "pdf"}`;
}

/** Writes a row that belongs to an application; one that does not exist (or was deleted meanwhile) is a 404. */
async function inserting(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (failedWith(error, "23503")) throw new HttpError(404, "Application not found.");
    throw error;
  }
}

/** How many times a new job tries for a free slug while others of its title take them (each try, one of them wins). */
const SLUG_ATTEMPTS = 10;

/** What staff do with careers: write and close openings, and read and sort the applications. */
export function createCareersAdminService(deps: { db: Database; now: () => Date; contentEvents: ContentEvents; candidateMail: CandidateMailService }) {
  const { db, now, contentEvents } = deps;

  /** The title's slug, with -2, -3… when another job has it already. */
  async function freeSlug(tx: Executor, title: string): Promise<string> {
    const base = slugOf(title);
    const taken = new Set(
      (
        await tx
          .select({ id: careerJobs.id })
          .from(careerJobs)
          .where(or(eq(careerJobs.id, base), like(careerJobs.id, `${base}-%`)))
      ).map((row) => row.id),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  /** The job's columns from the form; a closing day already over is refused for a job that is not closed. */
  const jobValues = (form: JobForm, status: JobStatus) => {
    const closesAt = form.closes_on ? endOfNepalDay(form.closes_on) : null;
    if (closesAt && closesAt <= now() && status !== "closed")
      throw new HttpError(400, "The closing date has passed.", { closes_on: ["Choose today or a later day"] });
    return {
      title: form.title,
      type: form.type,
      department: form.department,
      location: form.location,
      salary: form.salary,
      description: form.description,
      requirements: form.requirements,
      responsibilities: form.responsibilities,
      closesAt,
      remote: form.remote,
      applicantLocations: form.applicant_locations,
    };
  };

  /** Runs a job write with its audit entry; the page caches hear of it once it has committed. */
  const writeJob = <T>(write: (tx: Executor) => Promise<T>): Promise<T> => contentEvents.write("careers", write);

  return {
    /** Jobs in the order asked (open ones first by default), found by title, department or id, filtered by status and type, each with how many applications it has. */
    async listJobs(query: JobListQuery): Promise<Page<AdminJob>> {
      const where = and(
        query.status ? eq(careerJobs.status, query.status) : undefined,
        query.type ? eq(careerJobs.type, query.type) : undefined,
        searchFor(query.q, [careerJobs.title, careerJobs.department, careerJobs.id]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(careerJobs)
          .where(where)
          .orderBy(...jobOrders[query.sort])
          .limit(query.per_page)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(careerJobs).where(where),
      ]);
      const counts = rows.length
        ? await db
            .select({ jobId: careerApplications.jobId, value: count() })
            .from(careerApplications)
            .where(
              inArray(
                careerApplications.jobId,
                rows.map((row) => row.id),
              ),
            )
            .groupBy(careerApplications.jobId)
        : [];
      const applications = new Map(counts.map((row) => [row.jobId, row.value]));
      return pageOf(
        rows.map((row) => toAdminJob(row, applications.get(row.id) ?? 0)),
        total?.value ?? 0,
        query,
      );
    },

    /** Every job's id and title, open ones first, for choosing one (the applications filter). */
    async jobChoices(): Promise<{ id: string; title: string; status: JobStatus }[]> {
      return db
        .select({ id: careerJobs.id, title: careerJobs.title, status: careerJobs.status })
        .from(careerJobs)
        .orderBy(...jobOrders.status);
    },

    async getJob(id: string): Promise<AdminJob | null> {
      const [row] = await db.select().from(careerJobs).where(eq(careerJobs.id, id));
      if (!row) return null;
      const [total] = await db.select({ value: count() }).from(careerApplications).where(eq(careerApplications.jobId, id));
      return toAdminJob(row, total?.value ?? 0);
    },

    /** A new job under a slug of its title: published at once, or kept as a draft. */
    async createJob(form: NewJob, actor: AuditActor): Promise<AdminJob> {
      const values = jobValues(form, form.status);
      const create = () =>
        writeJob(async (tx) => {
          const slug = await freeSlug(tx, form.title);
          const at = now();
          await tx.insert(careerJobs).values({ id: slug, ...values, status: form.status, postedAt: at, updatedAt: at });
          await recordAudit(tx, actor, form.status === "draft" ? "job.drafted" : "job.created", `job:${slug}`, { title: form.title });
          return slug;
        });
      // Jobs of one title saved at the same moment all find the same slug free, and all but one meet the
      // key; each try sees the slugs taken by those that won before, so every one of them gets a slug of its own.
      for (let attempt = 1; ; attempt++) {
        try {
          return (await this.getJob(await create()))!;
        } catch (error) {
          if (!failedWith(error, "23505")) throw error;
          if (attempt === SLUG_ATTEMPTS) throw new HttpError(409, "Other jobs with this title were being saved at the same moment; save it again.");
        }
      }
    },

    /** Changes a job's text; its address stays, so links already shared keep working. */
    async updateJob(id: string, form: JobForm, actor: AuditActor): Promise<AdminJob> {
      await writeJob(async (tx) => {
        const [current] = await tx.select({ status: careerJobs.status }).from(careerJobs).where(eq(careerJobs.id, id)).for("update");
        if (!current) throw new HttpError(404, "Job not found.");
        await tx
          .update(careerJobs)
          .set({ ...jobValues(form, current.status), updatedAt: now() })
          .where(eq(careerJobs.id, id));
        await recordAudit(tx, actor, "job.updated", `job:${id}`, { title: form.title });
      });
      return (await this.getJob(id))!;
    },

    /**
     * Publishes, closes or reopens a job. A draft published is posted that moment; reopening also clears
     * a closing date already past, or the job would stay off the careers page.
     */
    async setJobStatus(id: string, status: JobStatus, actor: AuditActor): Promise<AdminJob> {
      await writeJob(async (tx) => {
        const at = now();
        const [current] = await tx.select({ status: careerJobs.status, title: careerJobs.title }).from(careerJobs).where(eq(careerJobs.id, id)).for("update");
        if (!current) throw new HttpError(404, "Job not found.");
        if (current.status === status) return;
        if (status === "draft") throw new HttpError(409, "A job that has been published cannot go back to being a draft; close it instead.");
        const publishing = current.status === "draft" && status === "open";
        await tx
          .update(careerJobs)
          .set({
            status,
            updatedAt: at,
            closedAt: status === "closed" ? sql`coalesce(${careerJobs.closedAt}, ${at.toISOString()}::timestamptz)` : null,
            ...(status === "open"
              ? { closesAt: sql`case when ${careerJobs.closesAt} <= ${at.toISOString()}::timestamptz then null else ${careerJobs.closesAt} end` }
              : {}),
            ...(publishing ? { postedAt: at } : {}),
          })
          .where(eq(careerJobs.id, id));
        const action = publishing ? "job.published" : status === "open" ? "job.reopened" : "job.closed";
        await recordAudit(tx, actor, action, `job:${id}`, { title: current.title });
      });
      return (await this.getJob(id))!;
    },

    /** Applications in the order asked (newest first by default), found by applicant, address or position, for one job or all, filtered by status. */
    async listApplications(query: ApplicationListQuery): Promise<Page<AdminApplication>> {
      const where = and(
        ...applicationFilter(query),
        query.status ? eq(careerApplications.status, query.status) : undefined,
        matchesWordStarts(careerApplications.search, query.q),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(applicationColumns)
          .from(careerApplications)
          .innerJoin(careerResumes, eq(careerResumes.id, careerApplications.resumeId))
          .where(where)
          .orderBy(...applicationOrders[query.sort])
          .limit(query.per_page)
          .offset(offsetOf(query)),
        // A word in most résumés matches thousands; past a thousand the screen says "1,000+" (as the inbox).
        db.select({ value: count() }).from(
          db
            .select({ one: sql`1` })
            .from(careerApplications)
            .where(where)
            .limit(countLimitOf(query))
            .as("matched"),
        ),
      ]);
      return cappedPageOf(rows.map(toAdminApplication), total?.value ?? 0, query);
    },

    /**
     * The applications by stage, for a job or all and by the days they arrived: each stage's count and its
     * newest BOARD_COLUMN_SIZE, ranked and counted by the database in one query.
     */
    async board(query: ApplicationBoardQuery): Promise<ApplicationBoard> {
      const byStage = sql`partition by ${careerApplications.status}`;
      const ranked = db
        .select({
          id: careerApplications.id,
          position: sql<number>`row_number() over (${byStage} order by ${careerApplications.createdAt} desc, ${careerApplications.id} desc)`.as("position"),
          total: sql<number>`count(*) over (${byStage})`.as("total"),
        })
        .from(careerApplications)
        .where(and(...applicationFilter(query)))
        .as("ranked");
      const rows = await db
        .select({ ...applicationColumns, total: ranked.total })
        .from(careerApplications)
        .innerJoin(ranked, and(eq(ranked.id, careerApplications.id), lte(ranked.position, BOARD_COLUMN_SIZE)))
        .innerJoin(careerResumes, eq(careerResumes.id, careerApplications.resumeId))
        .orderBy(...applicationOrders["-created"]);
      return {
        columns: APPLICATION_STATUSES.map((status) => {
          const inStage = rows.filter((row) => row.status === status);
          return { status, count: Number(inStage[0]?.total ?? 0), applications: inStage.map(toAdminApplication) };
        }),
      };
    },

    /** One application with its history, notes and ratings; `viewerId` is the admin reading it, whose own rating is picked out. */
    async getApplication(id: string, viewerId?: number | null): Promise<AdminApplicationDetail | null> {
      const [[row], moves, notes, reviews] = await Promise.all([
        db
          .select(applicationColumns)
          .from(careerApplications)
          .innerJoin(careerResumes, eq(careerResumes.id, careerApplications.resumeId))
          .where(eq(careerApplications.id, id)),
        db
          .select()
          .from(careerApplicationMoves)
          .where(eq(careerApplicationMoves.applicationId, id))
          .orderBy(asc(careerApplicationMoves.at), asc(careerApplicationMoves.id)),
        db
          .select()
          .from(careerApplicationNotes)
          .where(eq(careerApplicationNotes.applicationId, id))
          .orderBy(asc(careerApplicationNotes.createdAt), asc(careerApplicationNotes.id)),
        db.select().from(careerApplicationRatings).where(eq(careerApplicationRatings.applicationId, id)).orderBy(asc(careerApplicationRatings.ratedAt)),
      ]);
      if (!row) return null;
      const application = toAdminApplication(row);
      return {
        ...application,
        pending_mail: await deps.candidateMail.draft(application),
        history: moves.map((move) => ({ from: move.fromStatus, to: move.toStatus, by: move.adminUsername, at: move.at.toISOString(), mail: move.mail })),
        notes: notes.map((note) => ({ id: note.id, by: note.adminUsername, body: note.body, at: note.createdAt.toISOString() })),
        reviews: reviews.map((review) => ({ by: review.adminUsername, rating: review.rating, at: review.ratedAt.toISOString() })),
        my_rating: reviews.find((review) => review.adminId === viewerId)?.rating ?? null,
      };
    },

    /** The résumé, how to name it for download, and its bytes as a stream read from the database chunk by chunk. */
    async resume(applicationId: string): Promise<{ fileName: string; contentType: string; size: number; data: Readable } | null> {
      const [row] = await db
        .select({
          name: careerApplications.name,
          originalName: careerResumes.originalName,
          contentType: careerResumes.contentType,
          size: careerResumes.size,
          resumeId: careerResumes.id,
        })
        .from(careerApplications)
        .innerJoin(careerResumes, eq(careerResumes.id, careerApplications.resumeId))
        .where(eq(careerApplications.id, applicationId));
      if (!row) return null;
      const data = streamFile(row.size, async (seq) => {
        const [chunk] = await db
          .select({ data: careerResumeChunks.data })
          .from(careerResumeChunks)
          .where(and(eq(careerResumeChunks.resumeId, row.resumeId), eq(careerResumeChunks.seq, seq)));
        return chunk?.data;
      });
      return { fileName: resumeDownloadName(row.name, row.originalName), contentType: row.contentType, size: row.size, data };
    },

    /** Moves an application to another stage, recording who moved it and when; a move to the stage it is in changes nothing. */
    async setApplicationStatus(id: string, status: ApplicationStatus, actor: AuditActor): Promise<AdminApplicationDetail> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: careerApplications.status, name: careerApplications.name })
          .from(careerApplications)
          .where(eq(careerApplications.id, id))
          .for("update");
        if (!current) throw new HttpError(404, "Application not found.");
        if (current.status === status) return;
        await tx.update(careerApplications).set({ status }).where(eq(careerApplications.id, id));
        await tx
          .insert(careerApplicationMoves)
          .values({ applicationId: id, fromStatus: current.status, toStatus: status, adminId: actor.id, adminUsername: actor.username, at: now() });
        await recordAudit(tx, actor, `application.${status}`, `application:${id}`, { name: current.name });
      });
      return (await this.getApplication(id, actor.id))!;
    },

    /** A reviewer's note, kept with who wrote it and when. */
    async addApplicationNote(id: string, body: string, actor: AuditActor): Promise<AdminApplicationDetail> {
      await inserting(() =>
        db.insert(careerApplicationNotes).values({ applicationId: id, adminId: actor.id, adminUsername: actor.username, body, createdAt: now() }),
      );
      return (await this.getApplication(id, actor.id))!;
    },

    /** The reviewer's rating, 1 to 5, replacing their earlier one. */
    async rateApplication(id: string, rating: number, actor: AuditActor): Promise<AdminApplicationDetail> {
      if (actor.id === null) throw new HttpError(403, "Only a signed-in reviewer can rate.");
      const values = { applicationId: id, adminId: actor.id, adminUsername: actor.username, rating, ratedAt: now() };
      await inserting(() =>
        db
          .insert(careerApplicationRatings)
          .values(values)
          .onConflictDoUpdate({ target: [careerApplicationRatings.applicationId, careerApplicationRatings.adminId], set: { rating, ratedAt: values.ratedAt } }),
      );
      return (await this.getApplication(id, actor.id))!;
    },

    /** Names for the audit log of the openings and applications it mentions that still exist. */
    async auditNames(kind: "job" | "application", ids: string[]): Promise<AuditTargetNames> {
      if (ids.length === 0) return {};
      if (kind === "job") {
        const rows = await db.select({ id: careerJobs.id, title: careerJobs.title }).from(careerJobs).where(inArray(careerJobs.id, ids));
        return Object.fromEntries(rows.map((row) => [row.id, { label: `Job: ${row.title}`, href: `/admin/jobs/${row.id}/edit` }]));
      }
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids.length === 0) return {};
      const rows = await db
        .select({ id: careerApplications.id, name: careerApplications.name })
        .from(careerApplications)
        .where(inArray(careerApplications.id, uuids));
      return Object.fromEntries(rows.map((row) => [row.id, { label: `Application from ${row.name}`, href: `/admin/applications/${row.id}` }]));
    },
  };
}

export type CareersAdminService = ReturnType<typeof createCareersAdminService>;
