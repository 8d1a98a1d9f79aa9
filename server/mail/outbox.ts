import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Executor } from "../db/client";
import { currentRequestId } from "../http/request-ids";
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

const MAX_ATTEMPTS = 10;
const BATCH_SIZE = 10;
/** The longest a batch waits for a moment with no request in flight. */
export const YIELD_MS = 1000;
const QUIET_CHECK_MS = 10;
/**
 * A claimed mail is leased for this long: a sender that died leaves it to be offered again after
 * it. A slow batch renews its lease as it goes (`sendBatch`), so it does not outlive it.
 */
export const CLAIM_MS = 2 * 60_000;

/** Back-off before attempt n+1: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);
}

const wakeups = new EventEmitter();

/**
 * A mail can wait a moment; a visitor should not. Before each batch a sender waits while requests
 * are in flight, at most `yieldMs`, so under a burst of traffic the mail goes out in its gaps and
 * after it, and still at least one batch a second however long the burst lasts.
 */
export async function quietMoment(busy: (() => boolean) | undefined, yieldMs = YIELD_MS, stopped: () => boolean = () => false): Promise<void> {
  const until = performance.now() + yieldMs;
  while (busy?.() && !stopped() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, QUIET_CHECK_MS));
}

/**
 * Queues a mail. Pass the transaction that makes the change the mail is about: the mail exists
 * exactly when the change does, and a down SMTP server delays it instead of losing it. `now` is the
 * caller's clock, the one the worker compares against.
 */
export async function enqueueMail(executor: Executor, message: MailMessage, now = new Date()): Promise<void> {
  await enqueueMails(executor, [{ message, at: now }]);
}

type QueuedMail = { message: MailMessage; at: Date };

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
 * Queues several mails in one statement, each due from its own time (as `enqueueMail`). Each column
 * goes as one array: a burst of enquiries queues its mails with ten parameters, not ten a mail.
 * Answers the mails held back by the recipient cap, which are not queued.
 */
export async function enqueueMails(executor: Executor, all: QueuedMail[]): Promise<MailMessage[]> {
  if (all.length === 0) return [];
  const { kept: mails, heldBack } = await withinRecipientCap(executor, all);
  if (mails.length === 0) return heldBack;
  const column = <T>(value: (mail: MailMessage) => T) => sql.param(mails.map(({ message }) => value(message)));
  await executor.execute(sql`
    insert into outbox (created_at, next_attempt_at, "to", subject, text, html, reply_to, message_id, headers, calendar, request_id, forget_once_sent, recipient_key)
    select at, at, "to", subject, text, html, reply_to, message_id, headers, calendar, request_id, forget_once_sent, recipient_key
    from unnest(${sql.param(mails.map(({ at }) => at.toISOString()))}::timestamptz[], ${column((mail) => mail.to)}::text[],
      ${column((mail) => mail.subject)}::text[], ${column((mail) => mail.text)}::text[], ${column((mail) => mail.html ?? null)}::text[],
      ${column((mail) => mail.replyTo ?? null)}::text[], ${column((mail) => mail.messageId ?? null)}::text[],
      ${column((mail) => JSON.stringify(mail.headers ?? {}))}::jsonb[], ${column((mail) => (mail.calendar ? JSON.stringify(mail.calendar) : null))}::jsonb[],
      ${column((mail) => mail.requestId ?? currentRequestId() ?? null)}::text[], ${column((mail) => mail.forgetOnceSent ?? false)}::boolean[],
      ${column((mail) => (mail.recipientTypedByVisitor ? recipientKeyOf(mail.to) : null))}::text[])
      as mail(at, "to", subject, text, html, reply_to, message_id, headers, calendar, request_id, forget_once_sent, recipient_key)`);
  queueMicrotask(() => wakeups.emit("mail"));
  return heldBack;
}

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  message_id: string | null;
  headers: Record<string, string>;
  calendar: MailCalendar | null;
  attempts: number;
  request_id: string | null;
  forget_once_sent: boolean;
}

export interface OutboxWorker {
  /** Sends every mail that is due now; resolves with how many were tried. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the batch in hand. */
  stop(): Promise<void>;
}

export function createOutboxWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  now?: () => Date;
  /** Whether visitors are being answered; mail gives way to them (`quietMoment`). */
  busy?: () => boolean;
  yieldMs?: number;
  /** Told of each failed attempt (the metrics count them). */
  onFailure?: () => void;
}): OutboxWorker {
  const { db, transport, log } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  async function claim(): Promise<{ lease: Date; mails: ClaimedMail[] }> {
    // SKIP LOCKED lets several instances share the queue on PostgreSQL without sending a mail twice.
    const lease = new Date(now().getTime() + CLAIM_MS);
    // Sent in the order they were queued: an update returns its rows in no particular order.
    const result = await db.execute(sql`
      with claimed as (
        update outbox set status = 'sending', locked_until = ${lease}
        where id in (
          select id from outbox
          where (status = 'pending' and next_attempt_at <= ${now()})
             or (status = 'sending' and locked_until < ${now()})
          order by id
          limit ${BATCH_SIZE}
          for update skip locked
        )
        returning id, "to", subject, text, html, reply_to, message_id, headers, calendar, attempts, request_id, forget_once_sent
      )
      select * from claimed order by id`);
    // A bigserial id comes back from PostgreSQL as a string.
    return { lease, mails: (result as unknown as { rows: ClaimedMail[] }).rows.map((mail) => ({ ...mail, id: Number(mail.id) })) };
  }

  /**
   * Renews the lease of the batch's mails not yet sent. It is still ours only for the rows that hold
   * the exact value this worker wrote: a worker that took a mail over after the lease ran out wrote a
   * later one (or sent it already), and then this worker leaves that mail alone.
   */
  async function renew(mails: ClaimedMail[], lease: Date): Promise<{ lease: Date; ids: Set<number> }> {
    const renewed = new Date(now().getTime() + CLAIM_MS);
    const ids = sql.join(
      mails.map((mail) => sql`${mail.id}`),
      sql`, `,
    );
    const result = await db.execute(sql`update outbox set locked_until = ${renewed}
      where id in (${ids}) and status = 'sending' and locked_until = ${lease} returning id`);
    return { lease: renewed, ids: new Set((result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id))) };
  }

  /**
   * Sends a claimed batch in order. Once half its lease has passed, the rest of the batch is renewed
   * in one statement, so each mail goes out with at least half a lease (a minute) in hand, far longer
   * than the SMTP transport's time limits, and a quick batch costs no renewal at all.
   */
  async function sendBatch(claimed: { lease: Date; mails: ClaimedMail[] }): Promise<void> {
    let { lease } = claimed;
    let ours = new Set(claimed.mails.map((mail) => mail.id));
    for (const [index, mail] of claimed.mails.entries()) {
      if (lease.getTime() - now().getTime() < CLAIM_MS / 2) {
        const rest = claimed.mails.slice(index).filter((pending) => ours.has(pending.id));
        ({ lease, ids: ours } = rest.length ? await renew(rest, lease) : { lease, ids: new Set<number>() });
      }
      if (!ours.has(mail.id)) {
        log.warn({ mailId: mail.id }, "mail lease ran out before it was sent; another worker has it");
        continue;
      }
      await deliver(mail);
    }
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      await transport.send({
        messageId: mail.message_id ?? `<outbox-${mail.id}@${options.messageIdDomain}>`,
        from: options.from,
        to: mail.to,
        replyTo: mail.reply_to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        calendar: mail.calendar,
      });
      if (mail.forget_once_sent) await db.execute(sql`delete from outbox where id = ${mail.id}`);
      else
        await db.execute(sql`update outbox set status = 'sent', sent_at = ${now()}, locked_until = null,
          attempts = attempts + 1, last_error = null where id = ${mail.id}`);
      log.debug({ mailId: mail.id, reqId: mail.request_id ?? undefined }, "mail sent");
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      options.onFailure?.();
      log.warn({ mailId: mail.id, reqId: mail.request_id ?? undefined, attempts, err: message }, failed ? "mail failed for good" : "mail failed, will retry");
      await db.execute(sql`update outbox set status = ${failed ? "failed" : "pending"}, attempts = ${attempts},
        last_error = ${message.slice(0, 1000)}, locked_until = null,
        next_attempt_at = ${new Date(now().getTime() + retryDelayMs(attempts))} where id = ${mail.id}`);
    }
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      await quietMoment(options.busy, options.yieldMs, () => stopped);
      const claimed = await claim();
      await sendBatch(claimed);
      const batch = claimed.mails;
      total += batch.length;
      // A stopping worker finishes the batch in hand and leaves the rest to the next start.
      if (batch.length < BATCH_SIZE || stopped) return total;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error) => {
        log.error({ err: error }, "outbox run failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const onMail = () => void runOnce();

  return {
    runOnce,
    start() {
      stopped = false;
      wakeups.on("mail", onMail);
      const tick = () => {
        void runOnce().finally(() => {
          if (!stopped) timer = setTimeout(tick, options.pollMs ?? 5000);
        });
      };
      tick();
    },
    async stop() {
      stopped = true;
      wakeups.off("mail", onMail);
      clearTimeout(timer);
      await running;
    },
  };
}
