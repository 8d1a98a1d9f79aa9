import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Executor } from "../db/client";
import { currentRequestId } from "../http/request-ids";
import type { JobHandler, JobQueue } from "../jobs/queue";
import { MAIL_ATTEMPTS, MAIL_QUEUE } from "./jobs";
import { outbox } from "./schema";
import type { MailCalendar, MailTransport } from "./transport";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** `<unique@domain>`, when the caller must know it in advance (a conversation's mail threads on it). */
  messageId?: string;
  headers?: Record<string, string>;
  calendar?: MailCalendar;
  /** The request that caused it, when it is not the one this code runs in (a batch written for several). */
  requestId?: string;
  /** Delete the row once sent: the last word to someone whose data was erased. */
  forgetOnceSent?: boolean;
  /**
   * The address was typed into a form by whoever sent it, who may not own it: the mail counts towards
   * that address's daily cap, and past the cap it is not sent (decision 053).
   */
  recipientTypedByVisitor?: boolean;
}

/** Mails a day that forms may send one address, whoever fills them in (decision 053). */
export const RECIPIENT_DAILY_CAP = 5;
const DAY_MS = 24 * 60 * 60_000;
/** The advisory lock class under which mails to one address take turns at the cap (any constant of the site's own). */
const RECIPIENT_CAP_LOCK = 400_053;

/** How the cap counts an address: case folded, and a "+tag" dropped, as most providers deliver a+tag@ to a@. */
export function recipientKeyOf(address: string): string {
  return address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*(?=@)/, "");
}

export type QueuedMail = { message: MailMessage; at: Date };

/**
 * The mails a form may still send: those to an address that has had its day's `RECIPIENT_DAILY_CAP`
 * are held back. The count is of the outbox's own rows of the last 24 hours, so it holds across
 * instances; inside a transaction, mails to one address take turns (in one order, so two batches
 * never wait on each other), and two requests at the same moment cannot both send the last one.
 */
async function withinRecipientCap(executor: Executor, mails: QueuedMail[]): Promise<{ kept: QueuedMail[]; heldBack: MailMessage[] }> {
  const capped = mails.filter(({ message }) => message.recipientTypedByVisitor);
  if (capped.length === 0) return { kept: mails, heldBack: [] };
  const keys = [...new Set(capped.map(({ message }) => recipientKeyOf(message.to)))].sort();
  for (const key of keys) await executor.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_CAP_LOCK}, hashtext(${key}))`);
  const latest = Math.max(...capped.map(({ at }) => at.getTime()));
  const result = await executor.execute(sql`select recipient_key as key, count(*)::int as sent from outbox
    where recipient_key = any(${sql.param(keys)}::text[]) and created_at > ${new Date(latest - DAY_MS).toISOString()}::timestamptz
    group by recipient_key`);
  const sent = new Map((result as unknown as { rows: { key: string; sent: number }[] }).rows.map((row) => [row.key, Number(row.sent)]));
  const kept: QueuedMail[] = [];
  const heldBack: MailMessage[] = [];
  for (const mail of mails) {
    if (!mail.message.recipientTypedByVisitor) {
      kept.push(mail);
      continue;
    }
    const key = recipientKeyOf(mail.message.to);
    const count = sent.get(key) ?? 0;
    if (count >= RECIPIENT_DAILY_CAP) heldBack.push(mail.message);
    else {
      sent.set(key, count + 1);
      kept.push(mail);
    }
  }
  return { kept, heldBack };
}

/**
 * The site's outgoing mail. Each mail is a row of the outbox, which keeps what was sent to whom, and a
 * job of the mail queue, which sends it (decision 061).
 */
export interface MailOutbox {
  /**
   * Queues a mail. Pass the transaction that makes the change the mail is about: the mail exists
   * exactly when the change does, and a down SMTP server delays it instead of losing it. `now` is the
   * caller's clock, from which the recipient cap counts its day.
   */
  enqueue(executor: Executor, message: MailMessage, now?: Date): Promise<void>;
  /**
   * Queues several mails in one statement, each written at its own time. Each column goes as one
   * array: a burst of enquiries queues its mails with a dozen parameters, not a dozen a mail. Answers
   * the mails held back by the recipient cap, which are not queued.
   */
  enqueueMany(executor: Executor, mails: QueuedMail[]): Promise<MailMessage[]>;
}

export function createMailOutbox(jobs: Pick<JobQueue, "add">): MailOutbox {
  async function enqueueMany(executor: Executor, all: QueuedMail[]): Promise<MailMessage[]> {
    if (all.length === 0) return [];
    const { kept: mails, heldBack } = await withinRecipientCap(executor, all);
    if (mails.length === 0) return heldBack;
    const column = <T>(value: (mail: MailMessage) => T) => sql.param(mails.map(({ message }) => value(message)));
    const inserted = await executor.execute(sql`
      insert into outbox (created_at, "to", subject, text, html, reply_to, message_id, headers, calendar, request_id, forget_once_sent, recipient_key)
      select at, "to", subject, text, html, reply_to, message_id, headers, calendar, request_id, forget_once_sent, recipient_key
      from unnest(${sql.param(mails.map(({ at }) => at.toISOString()))}::timestamptz[], ${column((mail) => mail.to)}::text[],
        ${column((mail) => mail.subject)}::text[], ${column((mail) => mail.text)}::text[], ${column((mail) => mail.html ?? null)}::text[],
        ${column((mail) => mail.replyTo ?? null)}::text[], ${column((mail) => mail.messageId ?? null)}::text[],
        ${column((mail) => JSON.stringify(mail.headers ?? {}))}::jsonb[], ${column((mail) => (mail.calendar ? JSON.stringify(mail.calendar) : null))}::jsonb[],
        ${column((mail) => mail.requestId ?? currentRequestId() ?? null)}::text[], ${column((mail) => mail.forgetOnceSent ?? false)}::boolean[],
        ${column((mail) => (mail.recipientTypedByVisitor ? recipientKeyOf(mail.to) : null))}::text[])
        as mail(at, "to", subject, text, html, reply_to, message_id, headers, calendar, request_id, forget_once_sent, recipient_key)
      returning id`);
    const ids = (inserted as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
    await jobs.add(
      executor,
      MAIL_QUEUE.name,
      ids.map((mailId) => ({ data: { mailId } })),
    );
    return heldBack;
  }
  return {
    enqueue: async (executor, message, now = new Date()) => void (await enqueueMany(executor, [{ message, at: now }])),
    enqueueMany,
  };
}

/**
 * Sends the mail a job names, and writes the outcome on its outbox row. A refusal is thrown, so the
 * queue tries it again later; after the last attempt the row says failed. A mail already sent (its
 * sender stopped before the job was marked done) or erased meanwhile is left alone. Each try sends the
 * same Message-ID, so a receiving server that got a copy before a crash can tell the next is the same.
 */
export function deliverMail(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Told of each failed attempt (the metrics count them). */
  onFailure?: () => void;
}): JobHandler<{ mailId: number }> {
  const { db, transport, log } = options;
  const now = options.now ?? (() => new Date());
  return async (job) => {
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, job.data.mailId));
    if (!mail || mail.status === "sent") return;
    const attempts = mail.attempts + 1;
    try {
      await transport.send({
        messageId: mail.messageId ?? `<outbox-${mail.id}@${options.messageIdDomain}>`,
        from: options.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        calendar: mail.calendar,
      });
    } catch (error) {
      const failed = attempts >= MAIL_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      options.onFailure?.();
      log.warn({ mailId: mail.id, reqId: mail.requestId ?? undefined, attempts, err: message }, failed ? "mail failed for good" : "mail failed, will retry");
      await db
        .update(outbox)
        .set({ status: failed ? "failed" : "pending", attempts, lastError: message.slice(0, 1000) })
        .where(eq(outbox.id, mail.id));
      throw error;
    }
    if (mail.forgetOnceSent) await db.delete(outbox).where(eq(outbox.id, mail.id));
    else await db.update(outbox).set({ status: "sent", sentAt: now(), attempts, lastError: null }).where(eq(outbox.id, mail.id));
    log.debug({ mailId: mail.id, reqId: mail.requestId ?? undefined }, "mail sent");
  };
}

/**
 * Gives a job to each waiting mail that has none: mail queued before the mail queue existed, or left
 * pending by a copy of the database made without its jobs. Run once at start, by one instance at a time.
 */
export async function requeueWaitingMail(db: Database, jobs: Pick<JobQueue, "add">): Promise<number> {
  const waiting = await db.execute(sql`select id from outbox where status = 'pending' and not exists (
    select from pgboss.job where name = ${MAIL_QUEUE.name} and state < 'completed' and (data->>'mailId')::bigint = outbox.id)`);
  const ids = (waiting as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
  await jobs.add(
    db,
    MAIL_QUEUE.name,
    ids.map((mailId) => ({ data: { mailId } })),
  );
  return ids.length;
}
