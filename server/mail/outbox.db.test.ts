import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../../tests/helpers/database";
import { startSmtpSink, type SmtpSink } from "../../tests/helpers/smtp";
import { secondInstanceOf } from "../../tests/helpers/database";
import { CLAIM_MS, createOutboxWorker, enqueueMail, enqueueMails, RECIPIENT_DAILY_CAP, retryDelayMs, type MailMessage } from "./outbox";
import { outbox } from "./schema";
import { createMailTransport, type OutgoingMail } from "./transport";

const log = pino({ level: "silent" });
let database: DatabaseHandle;
let smtp: SmtpSink;
let clock: Date;

/** A worker sending over SMTP; `beforeSend` runs as each mail goes out (e.g. to let time pass, as a slow server would). */
function worker(beforeSend?: (mail: OutgoingMail) => Promise<void>) {
  const smtpTransport = createMailTransport({ smtpUrl: smtp.url, dataDir: "/tmp", log });
  const transport = beforeSend ? { ...smtpTransport, send: async (mail: OutgoingMail) => (await beforeSend(mail), smtpTransport.send(mail)) } : smtpTransport;
  return createOutboxWorker({ db: database.db, transport, from: "Site <site@example.com>", messageIdDomain: "example.com", log, now: () => clock });
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  clock = new Date();
  smtp.setRefusing(false);
  smtp.messages.length = 0;
  await database.db.delete(outbox);
});

describe("outbox", () => {
  it("delivers a queued mail over SMTP with its headers, once", async () => {
    await enqueueMail(
      database.db,
      {
        to: "asha@example.com",
        subject: "Welcome",
        text: "Confirm: http://localhost/confirm/abc",
        headers: { "List-Unsubscribe": "<http://localhost/u/1>" },
      },
      clock,
    );
    const sender = worker();
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.subject).toBe("Welcome");
    expect(mail!.text).toContain("http://localhost/confirm/abc");
    expect(mail!.headerLines.find((line) => line.key === "list-unsubscribe")?.line).toBe("List-Unsubscribe: <http://localhost/u/1>");
    const [row] = await database.db.select().from(outbox);
    expect(row!.status).toBe("sent");
  });

  it("queues nothing when the change it belongs to is rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: "a@example.com", subject: "x", text: "y" }, clock);
        throw new Error("the enquiry could not be stored");
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it("keeps a mail while SMTP refuses it and delivers it once when SMTP is back", async () => {
    await enqueueMail(database.db, { to: "b@example.com", subject: "Held", text: "z" }, clock);
    const sender = worker();
    smtp.setRefusing(true);
    await sender.runOnce();
    let [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/421|unavailable/i);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + retryDelayMs(1));

    smtp.setRefusing(false);
    expect(await sender.runOnce()).toBe(0); // not due yet: back-off is respected
    clock = new Date(clock.getTime() + retryDelayMs(1));
    expect(await sender.runOnce()).toBe(1);
    await sender.runOnce();
    [row] = await database.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(row!.status).toBe("sent");
    expect(smtp.messages.filter((mail) => mail.subject === "Held")).toHaveLength(1);
  });

  it("never sends a mail twice when two workers run at the same time", async () => {
    for (let i = 0; i < 12; i++) await enqueueMail(database.db, { to: `c${i}@example.com`, subject: `Batch ${i}`, text: "x" }, clock);
    const [first, second] = [worker(), worker()];
    const counts = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(counts[0]! + counts[1]!).toBe(12);
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((mail) => mail.subject)).size).toBe(12);
  });

  it("keeps a slow batch's mails its own by renewing the lease, so another worker polling meanwhile sends none of them twice", async () => {
    for (let i = 0; i < 4; i++) await enqueueMail(database.db, { to: `d${i}@example.com`, subject: `Slow ${i}`, text: "x" }, clock);
    const claimedAt = clock.getTime();
    const other = worker();
    let otherPolled = false;
    let otherSent = 0;
    // Each mail takes 50 s to go out; once the batch's first lease would have run out, a second instance polls the outbox.
    const slow = worker(async () => {
      clock = new Date(clock.getTime() + 50_000);
      if (clock.getTime() - claimedAt > CLAIM_MS && !otherPolled) {
        otherPolled = true;
        otherSent = await other.runOnce();
      }
    });
    await slow.runOnce();
    expect(otherPolled).toBe(true);
    expect(otherSent).toBe(0);
    expect(smtp.messages.map((mail) => mail.subject).sort()).toEqual(["Slow 0", "Slow 1", "Slow 2", "Slow 3"]);
    expect((await database.db.select().from(outbox)).map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
  });

  it("leaves the rest of its batch to the worker that took it over once a send outlasted the whole lease", async () => {
    for (let i = 0; i < 4; i++) await enqueueMail(database.db, { to: `e${i}@example.com`, subject: `Stuck ${i}`, text: "x" }, clock);
    const other = worker();
    let otherSent = 0;
    let stuckSubject: string | undefined;
    // The first send hangs past the lease; meanwhile a second instance finds the whole batch free and sends it.
    const stuck = worker(async (mail) => {
      if (stuckSubject) return;
      stuckSubject = mail.subject;
      clock = new Date(clock.getTime() + CLAIM_MS + 10_000);
      otherSent = await other.runOnce();
    });
    await stuck.runOnce();
    expect(stuckSubject).toBe("Stuck 0"); // in the order queued
    expect(otherSent).toBe(4);
    // Only the mail whose own send outlived its lease goes twice (at least once, decision 008), with one Message-ID.
    expect(smtp.messages.map((mail) => mail.subject).sort()).toEqual(["Stuck 0", "Stuck 0", "Stuck 1", "Stuck 2", "Stuck 3"]);
    expect(new Set(smtp.messages.filter((mail) => mail.subject === "Stuck 0").map((mail) => mail.messageId)).size).toBe(1);
    expect((await database.db.select().from(outbox)).map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
  });

  it("gives way to requests in flight, and still sends a batch after each wait however long they go on", async () => {
    for (let i = 0; i < 15; i++) await enqueueMail(database.db, { to: `f${i}@example.com`, subject: `Busy ${i}`, text: "x" }, clock);
    const smtpTransport = createMailTransport({ smtpUrl: smtp.url, dataDir: "/tmp", log });
    const sentAt: number[] = [];
    const transport = { ...smtpTransport, send: (mail: OutgoingMail) => (sentAt.push(performance.now()), smtpTransport.send(mail)) };
    const sender = createOutboxWorker({
      db: database.db,
      transport,
      from: "Site <site@example.com>",
      messageIdDomain: "example.com",
      log,
      now: () => clock,
      busy: () => true,
      yieldMs: 300,
    });
    const started = performance.now();
    sender.start();
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(15), { timeout: 5000, interval: 20 });
    await sender.stop();
    // Two batches (ten mails, then five), each sent after a full wait.
    expect(sentAt[0]! - started).toBeGreaterThanOrEqual(290);
    expect(sentAt[10]! - sentAt[9]!).toBeGreaterThanOrEqual(290);
  });

  it("sends at once when no request is in flight", async () => {
    for (let i = 0; i < 15; i++) await enqueueMail(database.db, { to: `g${i}@example.com`, subject: `Quiet ${i}`, text: "x" }, clock);
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: "/tmp", log });
    const sender = createOutboxWorker({
      db: database.db,
      transport,
      from: "Site <site@example.com>",
      messageIdDomain: "example.com",
      log,
      now: () => clock,
      busy: () => false,
      yieldMs: 60_000,
    });
    sender.start();
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(15), { timeout: 5000, interval: 20 });
    await sender.stop();
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  describe("the daily cap on mail to an address a visitor typed", () => {
    const typed = (to: string, subject: string): MailMessage => ({ to, subject, text: "Hello,", recipientTypedByVisitor: true });
    const queue = (db: DatabaseHandle["db"], messages: MailMessage[], at = clock) =>
      db.transaction((tx) =>
        enqueueMails(
          tx,
          messages.map((message) => ({ message, at })),
        ),
      );

    it("sends an address at most five such mails a day, however its case or +tag is written, and on two instances at once", async () => {
      expect(RECIPIENT_DAILY_CAP).toBe(5);
      const second = secondInstanceOf(database);
      try {
        const heldBack = await Promise.all([
          queue(database.db, [typed("ada@example.com", "1"), typed("Ada@Example.com", "2"), typed("ada+news@example.com", "3")]),
          queue(second.db, [typed("ADA@example.com", "4"), typed("ada@example.com", "5"), typed("ada+x@EXAMPLE.com", "6")]),
        ]);
        expect(heldBack.flat()).toHaveLength(1);
      } finally {
        await second.close();
      }
      // Mail the site sends of its own accord, or staff send, is not counted or held back.
      await enqueueMail(database.db, { to: "ada@example.com", subject: "A reply from staff", text: "Hello," }, clock);
      expect(await queue(database.db, [typed("bob@example.com", "to another address")])).toEqual([]);
      expect((await worker().runOnce()) + (await worker().runOnce())).toBe(7);
      expect(smtp.messages.filter((mail) => /ada/i.test(JSON.stringify(mail.to)))).toHaveLength(6);

      // A day after the first, the address may be sent one again.
      expect(await queue(database.db, [typed("ada@example.com", "7")], new Date(clock.getTime() + 23 * 60 * 60_000))).toHaveLength(1);
      expect(await queue(database.db, [typed("ada@example.com", "8")], new Date(clock.getTime() + 24 * 60 * 60_000 + 1))).toEqual([]);
    });
  });
});
