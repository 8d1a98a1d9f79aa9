import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import {
  DATA_REQUEST_RESPONSE_DAYS,
  type DataRequestInput,
  type DataRequestRight,
  type DataRequestRow,
  DataRequestSchema,
  DataRequestActionSchema,
} from "#contracts/privacy.ts";
import type { z } from "zod";
import { site } from "#app/content/site.ts";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import { recordAudit, type AuditActor } from "../audit/service";
import type { DataSubject, PersonalDataHandler } from "./handler";
import { dataRequests } from "./schema";

const DAY_MS = 24 * 60 * 60_000;
/** A confirmation link works this long; an unconfirmed request after it is as if never sent. */
const CONFIRM_DAYS = 7;
/** One confirmation link an hour per address. */
const RESEND_MS = 60 * 60_000;
/** The access archive's link works this long after it is mailed. */
const ARCHIVE_LINK_DAYS = 7;

const RIGHT_NAMES: Record<DataRequestRight, string> = {
  access: "a copy of your data",
  correction: "a correction of your data",
  erasure: "the erasure of your data",
  restriction: "a restriction of how we use your data",
};

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = (id: number) => `${id}-${randomBytes(16).toString("hex")}`;
const idOfToken = (token: string) => Number(token.slice(0, token.indexOf("-")));

export type DataRequestLinkState = "pending" | "confirmed" | "expired" | "invalid";

/** The zip a person gets: data.json, with every area's part under its name, and their files beside it. */
export interface PersonalDataArchive {
  fileName: string;
  bytes: Uint8Array;
}

const rowOf = (request: typeof dataRequests.$inferSelect): DataRequestRow => ({
  id: request.id,
  email: request.email,
  right: request.right,
  details: request.details,
  status: request.status,
  createdAt: request.createdAt.toISOString(),
  confirmedAt: request.confirmedAt?.toISOString() ?? null,
  dueAt: request.dueAt?.toISOString() ?? null,
  completedAt: request.completedAt?.toISOString() ?? null,
  completedBy: request.completedBy,
  note: request.note,
});

const notFound = () => new HttpError(404, "No such data request.");
const invalidLink = () => new HttpError(400, "This link is not valid or has expired. Send the request again from the privacy page.");

/**
 * The privacy rights, kept: a request confirmed by its mailed link, a staff queue with the 30-day
 * deadline, an access archive of everything every area holds, and an erasure across every area,
 * each area answering through its registered handler (server/personal-data.ts).
 */
export function createPrivacyService(deps: {
  db: Database;
  outbox: MailOutbox;
  now: () => Date;
  publicUrl: string;
  handlers: readonly PersonalDataHandler[];
  /** Where staff hear of a confirmed request. */
  staffAddress: string;
}) {
  const { db, now, handlers } = deps;

  async function subjectOf(executor: Executor, email: string): Promise<DataSubject> {
    const subject: DataSubject = { email: email.trim().toLowerCase(), keys: {} };
    for (const handler of handlers) Object.assign(subject.keys, await handler.identify?.(executor, subject.email));
    return subject;
  }

  async function archiveOf(executor: Executor, email: string): Promise<PersonalDataArchive> {
    const subject = await subjectOf(executor, email);
    const at = now();
    const data: Record<string, unknown> = { email: subject.email, exported_at: at.toISOString(), from: site.name };
    const files: Zippable = {};
    for (const handler of handlers) {
      const part = await handler.export(executor, subject);
      if (!part) continue;
      data[handler.area] = part.records;
      for (const file of part.files ?? []) files[file.name] = file.bytes;
    }
    files["data.json"] = strToU8(JSON.stringify(data, null, 2));
    return { fileName: `${site.name.toLowerCase()}-data-${at.toISOString().slice(0, 10)}.zip`, bytes: zipSync(files, { level: 6 }) };
  }

  /** Erases the person from every area, in one transaction with whatever the caller writes beside it. */
  async function eraseIn(executor: Executor, email: string): Promise<Record<string, number>> {
    const subject = await subjectOf(executor, email);
    const erased: Record<string, number> = {};
    for (const handler of handlers) {
      const rows = await handler.erase(executor, subject);
      if (rows > 0) erased[handler.area] = rows;
    }
    return erased;
  }

  const farewell = (email: string, text: string) => ({ to: email, subject: `Your data at ${site.name} is erased`, text, forgetOnceSent: true }) as const;

  async function openRequest(tx: Executor, id: number) {
    const [request] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for("update");
    if (!request) throw notFound();
    if (request.status !== "open") throw new HttpError(409, "This request is already answered.");
    return request;
  }

  return {
    archiveOf: (email: string) => archiveOf(db, email),

    /** A signed-in person's own erasure: the account and everything else held for its address, then a last mail. */
    async eraseAccount(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const erased = await eraseIn(tx, email);
        await recordAudit(tx, { id: null, username: "account holder" }, "account.erased", "", { rows: erased });
        await deps.outbox.enqueue(
          tx,
          farewell(email, `Hello,\n\nYour ${site.name} account is deleted, and with it everything we held for this address.\n\n— ${site.name}`),
          now(),
        );
      });
    },

    /** Mails the confirmation link; an address that had one in the last hour gets no second, so nobody can flood someone's inbox. */
    async submit(input: DataRequestInput): Promise<{ message: string }> {
      const fields = DataRequestSchema.parse(input);
      const at = now();
      const answer = {
        message: `We have sent a link to ${fields.email}. Open it to confirm the request; we answer within ${DATA_REQUEST_RESPONSE_DAYS} days.`,
      };
      const [recent] = await db
        .select({ id: dataRequests.id })
        .from(dataRequests)
        .where(
          and(eq(dataRequests.email, fields.email), eq(dataRequests.status, "unconfirmed"), gt(dataRequests.createdAt, new Date(at.getTime() - RESEND_MS))),
        )
        .limit(1);
      if (recent) return answer;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dataRequests)
          .values({ email: fields.email, right: fields.right, details: fields.details, createdAt: at })
          .returning({ id: dataRequests.id });
        const token = newToken(row!.id);
        await tx
          .update(dataRequests)
          .set({ confirmTokenHash: sha256(token), confirmExpiresAt: new Date(at.getTime() + CONFIRM_DAYS * DAY_MS) })
          .where(eq(dataRequests.id, row!.id));
        await deps.outbox.enqueue(
          tx,
          {
            to: fields.email,
            subject: `Confirm your data request to ${site.name}`,
            text:
              `Hello,\n\nSomeone, we hope you, asked ${site.name} for ${RIGHT_NAMES[fields.right]} held for this address. ` +
              `To confirm that it was you, open this link within ${CONFIRM_DAYS} days:\n\n${deps.publicUrl}/privacy/requests/${token}\n\n` +
              `We answer within ${DATA_REQUEST_RESPONSE_DAYS} days of your confirmation. If you did not ask, ignore this mail and nothing happens.\n\n— ${site.name}`,
          },
          at,
        );
      });
      return answer;
    },

    async linkState(token: string): Promise<DataRequestLinkState> {
      const [request] = await db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.confirmTokenHash, sha256(token)));
      if (!request || request.id !== idOfToken(token)) return "invalid";
      if (request.status !== "unconfirmed") return "confirmed";
      return request.confirmExpiresAt && request.confirmExpiresAt > now() ? "pending" : "expired";
    },

    async confirm(token: string): Promise<{ message: string }> {
      const at = now();
      return db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(dataRequests)
          .where(eq(dataRequests.confirmTokenHash, sha256(token)))
          .for("update");
        if (!request || request.id !== idOfToken(token)) throw invalidLink();
        if (request.status !== "unconfirmed") return { message: "Your request is already confirmed. We will answer by mail." };
        if (!request.confirmExpiresAt || request.confirmExpiresAt <= at) throw invalidLink();
        const dueAt = new Date(at.getTime() + DATA_REQUEST_RESPONSE_DAYS * DAY_MS);
        await tx.update(dataRequests).set({ status: "open", confirmedAt: at, dueAt }).where(eq(dataRequests.id, request.id));
        await deps.outbox.enqueue(
          tx,
          {
            to: deps.staffAddress,
            subject: `Data request #${request.id}: ${request.right}, due ${dueAt.toISOString().slice(0, 10)}`,
            text: `A confirmed data request asks for ${RIGHT_NAMES[request.right].replace("your", "their")}.\n\nAnswer it by ${dueAt.toISOString().slice(0, 10)}: ${deps.publicUrl}/admin/data-requests/${request.id}`,
          },
          at,
        );
        return { message: `Thank you: your request is confirmed. We will answer by mail within ${DATA_REQUEST_RESPONSE_DAYS} days.` };
      });
    },

    /** Staff's queue: open requests first, the nearest deadline on top; then the answered, newest first. Unconfirmed ones are nobody's yet. */
    async queue(): Promise<DataRequestRow[]> {
      const rows = await db
        .select()
        .from(dataRequests)
        .where(sql`${dataRequests.status} <> 'unconfirmed'`)
        .orderBy(sql`${dataRequests.status} <> 'open'`, asc(dataRequests.dueAt), sql`${dataRequests.completedAt} desc nulls last`)
        .limit(500);
      return rows.map(rowOf);
    },

    async get(id: number): Promise<DataRequestRow> {
      const [request] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
      if (!request || request.status === "unconfirmed") throw notFound();
      return rowOf(request);
    },

    /** Answers an open request as its right asks; every answer is audited and mailed to the requester. */
    async act(id: number, input: z.input<typeof DataRequestActionSchema>, actor: AuditActor): Promise<{ message: string }> {
      const { action, note } = DataRequestActionSchema.parse(input);
      const at = now();
      return db.transaction(async (tx) => {
        const request = await openRequest(tx, id);
        const done = { status: "completed" as const, completedAt: at, completedBy: actor.username, note };
        if (action === "send_archive") {
          if (request.right !== "access") throw new HttpError(409, "Only an access request is answered with an archive.");
          const token = newToken(request.id);
          await tx
            .update(dataRequests)
            .set({ ...done, archiveTokenHash: sha256(token), archiveExpiresAt: new Date(at.getTime() + ARCHIVE_LINK_DAYS * DAY_MS) })
            .where(eq(dataRequests.id, id));
          await deps.outbox.enqueue(
            tx,
            {
              to: request.email,
              subject: `Your data from ${site.name}`,
              text:
                `Hello,\n\nAs you asked, here is everything ${site.name} holds for this address: a zip file with the data as JSON and the files you gave us. ` +
                `The link works for ${ARCHIVE_LINK_DAYS} days:\n\n${deps.publicUrl}/api/privacy/archives/${token}/\n\n${note ? `${note}\n\n` : ""}— ${site.name}`,
            },
            at,
          );
          await recordAudit(tx, actor, "data_request.archive_sent", `data_request:${id}`, { right: request.right });
          return { message: "The archive's link is on its way to the requester." };
        }
        if (action === "erase") {
          if (request.right !== "erasure") throw new HttpError(409, "Only an erasure request is answered by erasing.");
          const email = request.email;
          const erased = await eraseIn(tx, email);
          await tx.update(dataRequests).set(done).where(eq(dataRequests.id, id));
          await recordAudit(tx, actor, "data_request.erased", `data_request:${id}`, { right: request.right, rows: erased });
          await deps.outbox.enqueue(
            tx,
            farewell(
              email,
              `Hello,\n\nAs you asked, ${site.name} has erased everything it held for this address.\n\n${note ? `${note}\n\n` : ""}— ${site.name}`,
            ),
            at,
          );
          return { message: "Erased everywhere. The requester is told." };
        }
        if (!note) throw new HttpError(400, action === "decline" ? "Say why the request is declined." : "Say what was done, for the requester.");
        await tx
          .update(dataRequests)
          .set(action === "decline" ? { ...done, status: "declined" } : done)
          .where(eq(dataRequests.id, id));
        await deps.outbox.enqueue(
          tx,
          {
            to: request.email,
            subject: `Your data request to ${site.name}`,
            text: `Hello,\n\nAbout your request for ${RIGHT_NAMES[request.right]}:\n\n${note}\n\n— ${site.name}`,
          },
          at,
        );
        await recordAudit(tx, actor, action === "decline" ? "data_request.declined" : "data_request.completed", `data_request:${id}`, { right: request.right });
        return { message: action === "decline" ? "Declined. The requester is told why." : "Answered. The requester is told." };
      });
    },

    /** The archive behind a mailed link, built from what is held now; the link stops working when it expires. */
    async archiveByLink(token: string): Promise<PersonalDataArchive> {
      const [request] = await db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.archiveTokenHash, sha256(token)));
      if (!request || !request.email || request.id !== idOfToken(token) || !request.archiveExpiresAt || request.archiveExpiresAt <= now())
        throw new HttpError(404, "This download link is not valid or has expired. Ask again from the privacy page.");
      return archiveOf(db, request.email);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
