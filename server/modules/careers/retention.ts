import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { signedUuids } from "../../http/signed-ids";
import { recordAudit, type AuditActor } from "../audit/service";
import { careerApplications, careerJobs, careerResumes } from "./schema";

/** A sweep deletes this many at most per transaction, so a first sweep of years of applications holds nothing long. */
const SWEEP_BATCH = 200;
/** The audit log's name for the sweep, which no admin runs. */
const RETENTION: AuditActor = { id: null, username: "retention" };

/** The instant `months` calendar months before `at`. */
export function monthsBefore(at: Date, months: number): Date {
  const before = new Date(at);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
}

/** Deletes applications with their résumés (their moves, notes and ratings go with them). */
export async function deleteApplications(tx: Executor, rows: { id: string; resumeId: string }[]) {
  if (rows.length === 0) return;
  await tx.delete(careerApplications).where(
    inArray(
      careerApplications.id,
      rows.map((row) => row.id),
    ),
  );
  await tx.delete(careerResumes).where(
    inArray(
      careerResumes.id,
      rows.map((row) => row.resumeId),
    ),
  );
}

/**
 * How long applications are kept, and the candidate's way out: an application is deleted, résumé and
 * extracted text included, `months` after its job closed (by staff, or by its closing date passing),
 * or after it arrived for a general application or one whose job is gone; and at once when the
 * candidate withdraws through the link in their acknowledgement.
 */
export function createApplicationRetention(deps: { db: Database; now: () => Date; months: number; secretKey: string; publicUrl: string }) {
  const { db } = deps;
  const withdrawal = signedUuids(deps.secretKey, "application-withdrawal");

  /** Deletes what has been kept long enough; answers how many. The audit entry counts them without naming anyone. */
  async function sweep(at = deps.now()): Promise<number> {
    const cutoff = monthsBefore(at, deps.months);
    let deleted = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const expired = await tx
          .select({ id: careerApplications.id, resumeId: careerApplications.resumeId })
          .from(careerApplications)
          .leftJoin(careerJobs, eq(careerJobs.id, careerApplications.jobId))
          .where(
            or(
              and(isNull(careerApplications.jobId), lt(careerApplications.createdAt, cutoff)),
              // least() passes over a null: the earlier of the two closings that happened.
              and(isNotNull(careerApplications.jobId), sql`least(${careerJobs.closedAt}, ${careerJobs.closesAt}) < ${cutoff.toISOString()}::timestamptz`),
            ),
          )
          .limit(SWEEP_BATCH)
          .for("update", { of: careerApplications, skipLocked: true });
        await deleteApplications(tx, expired);
        if (expired.length > 0) await recordAudit(tx, RETENTION, "applications.retention", "", { deleted: expired.length, months: deps.months });
        return expired.length;
      });
      deleted += batch;
      if (batch < SWEEP_BATCH) return deleted;
    }
  }

  return {
    sweep,
    /** How long applications are kept after their job closes, as staff are told when they close one. */
    months: deps.months,

    /** The link in the acknowledgement with which the candidate withdraws and has their data deleted. */
    withdrawalUrlOf: (applicationId: string) => `${deps.publicUrl}/careers/withdraw/${withdrawal.tokenOf(applicationId)}`,

    /** Deletes the application the token names, at once; a wrong token, or one already used, is the same 404. */
    async withdraw(token: string): Promise<{ message: string }> {
      const id = withdrawal.idOf(token);
      const gone = new HttpError(
        404,
        "This link is no longer valid: the application was withdrawn already, or never existed.",
        undefined,
        "application_not_found",
      );
      if (!id) throw gone;
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: careerApplications.id, resumeId: careerApplications.resumeId })
          .from(careerApplications)
          .where(eq(careerApplications.id, id))
          .for("update");
        if (rows.length === 0) throw gone;
        await deleteApplications(tx, rows);
        await recordAudit(tx, { id: null, username: "candidate" }, "application.withdrawn", `application:${id}`);
      });
      return { message: "Your application is withdrawn and your data deleted." };
    },
  };
}

export type ApplicationRetention = ReturnType<typeof createApplicationRetention>;
