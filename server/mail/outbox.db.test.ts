import { sql } from "drizzle-orm";
import pino from "pino";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { jobQueues } from "../db/job-queues";
import { openJobQueue, type JobQueue } from "../jobs/queue";
import { createTestDatabase, secondInstanceOf } from "../../tests/helpers/database";
import { startSmtpSink, type SmtpSink } from "../../tests/helpers/smtp";
import { MAIL_ATTEMPTS, MAIL_QUEUE } from "./jobs";
import { createMailOutbox, deliverMail, RECIPIENT_DAILY_CAP, requeueWaitingMail, type MailMessage, type MailOutbox } from "./outbox";
import { outbox } from "./schema";
import { createMailTransport, type MailTransport } from "./transport";

const log = pino({ level: "silent" });
const HOUR_MS = 60 * 60_000;
let database: DatabaseHandle;
let smtp: SmtpSink;
let clock: TestClock;
let jobs: JobQueue;
let mail: MailOutbox;
let transport: MailTransport;

/** An instance's mail queue on `handle`, sending through the SMTP sink; `send` wraps each delivery (to stop a sender half-way). */
async function sender(handle: DatabaseHandle, send?: (deliver: () => Promise<void>) => Promise<void>) {
  const queue = await openJobQueue(handle.jobConnection, { queues: jobQueues, work: false, log, clock });
  const deliver = deliverMail({ db: handle.db, transport, from: "Site <site@example.com>", messageIdDomain: "example.com", log });
  queue.handle<{ mailId: number }>(MAIL_QUEUE.name, (job) => (send ? send(() => deliver(job)) : deliver(job)));
  return queue;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
  transport = createMailTransport({ smtpUrl: smtp.url, dataDir: "/tmp", log });
});
afterAll(async () => {
  await jobs.stop();
  transport.close();
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await jobs?.stop();
  // A minute ahead: on PostgreSQL a job queued on the site's own connection is stamped with the real time, which the queue's clock must have passed.
  clock = new TestClock(Date.now() + 60_000);
  jobs = await sender(database);
  mail = createMailOutbox(jobs);
  smtp.setRefusing(false);
  smtp.messages.length = 0;
  await database.db.delete(outbox);
  await database.db.execute(sql`delete from pgboss.job`);
});

/** Moves the queue's clock on, firing none of its timers (no worker polls in these tests: they drain the queue themselves). */
const later = (ms: number) => clock.setTime(clock.now() + ms);
const statuses = async () => (await database.db.select().from(outbox).orderBy(outbox.id)).map((row) => row.status);

describe("outbox", () => {
  it("delivers a queued mail over SMTP with its headers, once", async () => {
    await mail.enqueue(database.db, {
      to: "asha@example.com",
      subject: "Welcome",
      text: "Confirm: http://localhost/confirm/abc",
      headers: { "List-Unsubscribe": "<http://localhost/u/1>" },
    });
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(1);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [sent] = smtp.messages;
    expect(sent!.subject).toBe("Welcome");
    expect(sent!.text).toContain("http://localhost/confirm/abc");
    expect(sent!.headerLines.find((line) => line.key === "list-unsubscribe")?.line).toBe("List-Unsubscribe: <http://localhost/u/1>");
    expect(await statuses()).toEqual(["sent"]);
  });

  it("queues nothing, neither the mail nor its job, when the change it belongs to is rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await mail.enqueue(tx, { to: "a@example.com", subject: "x", text: "y" });
        throw new Error("the enquiry could not be stored");
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(outbox)).toHaveLength(0);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(0);
  });

  it("keeps a mail while SMTP refuses it, waits before trying again, and delivers it once when SMTP is back", async () => {
    await mail.enqueue(database.db, { to: "b@example.com", subject: "Held", text: "z" });
    smtp.setRefusing(true);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(1);
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/421|unavailable/i);

    smtp.setRefusing(false);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(0); // not due yet: the back-off is respected
    await later(20_000);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(1);
    expect(await statuses()).toEqual(["sent"]);
    expect(smtp.messages.filter((sent) => sent.subject === "Held")).toHaveLength(1);
  });

  it("gives a mail up after its last attempt, tried at most an hour apart", async () => {
    await mail.enqueue(database.db, { to: "gone@example.com", subject: "Never", text: "z" });
    smtp.setRefusing(true);
    for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt++) {
      expect(await jobs.drain(MAIL_QUEUE.name)).toBe(1);
      await later(HOUR_MS);
    }
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(0);
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_ATTEMPTS });
  });

  it("never sends a mail twice when two instances send at the same time", async () => {
    for (let i = 0; i < 12; i++) await mail.enqueue(database.db, { to: `c${i}@example.com`, subject: `Batch ${i}`, text: "x" });
    const secondDatabase = secondInstanceOf(database);
    const second = await sender(secondDatabase);
    try {
      const counts = await Promise.all([jobs.drain(MAIL_QUEUE.name), second.drain(MAIL_QUEUE.name)]);
      expect(counts[0]! + counts[1]!).toBe(12);
    } finally {
      await second.stop();
      await secondDatabase.close();
    }
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((sent) => sent.subject)).size).toBe(12);
  });

  it("does not send again a mail whose sender stopped after sending it, before its job was marked done", async () => {
    await mail.enqueue(database.db, { to: "once@example.com", subject: "Only once", text: "x" });
    await jobs.stop();
    jobs = await sender(database, async (deliver) => {
      await deliver();
      throw new Error("the worker stopped before it could mark the job done");
    });
    await jobs.drain(MAIL_QUEUE.name);
    await later(HOUR_MS);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(1);
    expect(smtp.messages.filter((sent) => sent.subject === "Only once")).toHaveLength(1);
    expect(await statuses()).toEqual(["sent"]);
  });

  it("gives a waiting mail that has no job (queued before the job queue, or restored without it) a job of its own, once", async () => {
    await database.db.insert(outbox).values({ to: "old@example.com", subject: "From before", text: "x" });
    await mail.enqueue(database.db, { to: "new@example.com", subject: "Queued now", text: "x" });
    expect(await requeueWaitingMail(database.db, jobs)).toBe(1);
    expect(await requeueWaitingMail(database.db, jobs)).toBe(0);
    expect(await jobs.drain(MAIL_QUEUE.name)).toBe(2);
    expect(smtp.messages.map((sent) => sent.subject).sort()).toEqual(["From before", "Queued now"]);
  });

  describe("the daily cap on mail to an address a visitor typed", () => {
    const typed = (to: string, subject: string): MailMessage => ({ to, subject, text: "Hello,", recipientTypedByVisitor: true });
    const queue = (db: DatabaseHandle["db"], messages: MailMessage[], at = new Date()) =>
      db.transaction((tx) =>
        mail.enqueueMany(
          tx,
          messages.map((message) => ({ message, at })),
        ),
      );

    it("sends an address at most five such mails a day, however its case or +tag is written, and on two instances at once", async () => {
      expect(RECIPIENT_DAILY_CAP).toBe(5);
      const now = new Date();
      const second = secondInstanceOf(database);
      try {
        const heldBack = await Promise.all([
          queue(database.db, [typed("ada@example.com", "1"), typed("Ada@Example.com", "2"), typed("ada+news@example.com", "3")], now),
          queue(second.db, [typed("ADA@example.com", "4"), typed("ada@example.com", "5"), typed("ada+x@EXAMPLE.com", "6")], now),
        ]);
        expect(heldBack.flat()).toHaveLength(1);
      } finally {
        await second.close();
      }
      // Mail the site sends of its own accord, or staff send, is not counted or held back.
      await mail.enqueue(database.db, { to: "ada@example.com", subject: "A reply from staff", text: "Hello," }, now);
      expect(await queue(database.db, [typed("bob@example.com", "to another address")], now)).toEqual([]);
      expect(await jobs.drain(MAIL_QUEUE.name)).toBe(7);
      expect(smtp.messages.filter((sent) => /ada/i.test(JSON.stringify(sent.to)))).toHaveLength(6);

      // A day after the first, the address may be sent one again.
      expect(await queue(database.db, [typed("ada@example.com", "7")], new Date(now.getTime() + 23 * HOUR_MS))).toHaveLength(1);
      expect(await queue(database.db, [typed("ada@example.com", "8")], new Date(now.getTime() + 24 * HOUR_MS + 1))).toEqual([]);
    });
  });
});
