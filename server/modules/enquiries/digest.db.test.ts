import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { secondInstanceOf } from "../../../tests/helpers/database";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import { outbox } from "../../mail/schema";
import { durationText, kathmanduDayAndHour } from "./digest";
import { enquiries, inboxDigests } from "./schema";

const HOUR = 60 * 60_000;
/** 08:45 on 25 November in Kathmandu (UTC+5:45): a quarter of an hour before the digest. */
const BEFORE_NINE = new Date("2026-11-25T03:00:00.000Z");

let t: TestContext;
let sink: SmtpSink;
let owner: { id: number; username: string };
let support: { id: number; username: string };
beforeAll(async () => {
  [t, sink] = await Promise.all([buildTestApp({ rateLimitsDisabled: true }), startSmtpSink()]);
  const create = (username: string, role: "owner" | "support" | "editor" | "recruiter") =>
    t.app.services.admin.createAdmin({ username, email: `${username}@himaltech.test`, password: "a-long-test-passphrase", role });
  owner = await create("bina", "owner");
  support = await create("sita", "support");
  await create("ramesh", "editor");
  await create("maya", "recruiter");
  const away = await create("kiran", "support");
  await t.app.services.team.setActive({ id: owner.id, username: owner.username }, away.id, false);
});
afterAll(async () => {
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(enquiries);
  await t.database.db.delete(inboxDigests);
  await t.database.db.delete(outbox);
  sink.messages.length = 0;
});

const sender = { ip: "203.0.113.9", userAgent: "Mozilla/5.0" };

/** Sends what the outbox holds through the SMTP sink, and answers the digests it carried. */
async function deliveredDigests(): Promise<ParsedMail[]> {
  const worker = testOutbox(t, sink.url);
  try {
    while ((await worker.runOnce()) > 0);
  } finally {
    await worker.close();
  }
  return sink.messages.filter((mail) => mail.subject?.startsWith("Enquiry inbox for"));
}

const recipients = (mails: ParsedMail[]) => mails.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : "")).sort();

/** An inbox as it stands at 08:45: two conversations overdue (one owned), one new today, one answered, one closed. */
async function inboxAtNine() {
  const at = (ms: number) => (t.clock.now = new Date(BEFORE_NINE.getTime() - ms));
  const contact = (name: string, email: string) =>
    t.app.services.enquiries.submitContact({ name, email, message: "We need a data pipeline.", request_type: "CTA" }, sender);

  at(50 * HOUR);
  const forgotten = await contact("Asha Gurung", "asha@example.com");
  at(30 * HOUR);
  const owned = await contact("Bikash Rai", "bikash@example.com");
  await t.app.services.enquiriesAdmin.assign(owned.id, support.id, owner);
  const answered = await contact("Chandra Lama", "chandra@example.com");
  await t.app.services.conversations.reply(answered.id, "Done.", owner);
  const closed = await contact("Dawa Sherpa", "dawa@example.com");
  await t.app.services.enquiriesAdmin.setEnquiryStatus(closed.id, "closed", owner);
  at(2 * HOUR);
  const fresh = await t.app.services.enquiries.submitSupport(
    { email: "eva@example.com", subject: "Login fails", message: "It says no.", request_type: "SUPPORT" },
    sender,
  );
  t.clock.now = BEFORE_NINE;
  await t.database.db.delete(outbox); // the enquiries' own mails
  return { forgotten: forgotten.id, owned: owned.id, answered: answered.id, closed: closed.id, fresh: fresh.id };
}

describe("the daily inbox digest", () => {
  it("reads the day and hour on Kathmandu's clock, and says how long in hours or days", () => {
    expect(kathmanduDayAndHour(BEFORE_NINE)).toEqual({ day: "2026-11-25", hour: 8 });
    expect(kathmanduDayAndHour(new Date("2026-11-24T18:15:00.000Z"))).toEqual({ day: "2026-11-25", hour: 0 });
    expect([durationText(20 * 60_000), durationText(5 * HOUR + 59 * 60_000), durationText(50 * HOUR)]).toEqual(["20 min", "5 h", "2 days"]);
  });

  it("goes at nine to each active support and owner admin, with the overdue and unassigned conversations, once a day", async () => {
    const ids = await inboxAtNine();
    const digest = t.app.services.inboxDigest;

    expect(await digest.runDue(t.clock.now)).toBe(false);
    expect(await deliveredDigests()).toEqual([]);

    t.clock.advance(15 * 60_000);
    expect(await digest.runDue(t.clock.now)).toBe(true);
    const mails = await deliveredDigests();
    expect(recipients(mails)).toEqual(["bina@himaltech.test", "sita@himaltech.test"]);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Enquiry inbox for 2026-11-25: 2 overdue, 2 unassigned");
    const [overdue, unassigned] = mail.text!.split("Unassigned (2):");
    expect(overdue).toContain("Overdue (2):");
    expect(overdue).toContain(
      `#${ids.forgotten} CTA from Asha Gurung <asha@example.com>: overdue by 26 h, no owner\n  http://localhost:3000/admin/enquiries/${ids.forgotten}`,
    );
    expect(overdue).toContain(`#${ids.owned} CTA from Bikash Rai <bikash@example.com>: overdue by 6 h, owner sita`);
    expect(unassigned).toContain(`#${ids.forgotten} CTA from Asha Gurung`);
    expect(unassigned).toContain(`#${ids.fresh} Login fails from eva@example.com: arrived 2 h ago\n  http://localhost:3000/admin/enquiries/${ids.fresh}`);
    for (const left of [ids.answered, ids.closed]) expect(mail.text).not.toContain(`/admin/enquiries/${left}\n`);

    t.clock.advance(3 * HOUR);
    expect(await digest.runDue(t.clock.now)).toBe(false);
    expect(await deliveredDigests()).toHaveLength(2);

    t.clock.advance(21 * HOUR); // 09:00 the next day
    expect(await digest.runDue(t.clock.now)).toBe(true);
    const next = (await deliveredDigests()).slice(2);
    expect(recipients(next)).toEqual(["bina@himaltech.test", "sita@himaltech.test"]);
    expect(next[0]!.subject).toBe("Enquiry inbox for 2026-11-26: 3 overdue, 2 unassigned");
  });

  it("is still sent by a server that starts after the hour, and never for a day gone by", async () => {
    await inboxAtNine();
    const digest = t.app.services.inboxDigest;
    t.clock.now = new Date(BEFORE_NINE.getTime() + 2 * HOUR + 15 * 60_000); // 11:00
    expect(await digest.runDue(t.clock.now)).toBe(true);
    expect(await deliveredDigests()).toHaveLength(2);

    // Down from then until 08:00 two days later: the 26th is not made up for.
    t.clock.now = new Date(BEFORE_NINE.getTime() + 48 * HOUR - 45 * 60_000);
    expect(await digest.runDue(t.clock.now)).toBe(false);
    t.clock.advance(HOUR);
    expect(await digest.runDue(t.clock.now)).toBe(true);
    const later = (await deliveredDigests()).slice(2);
    expect(later.map((mail) => mail.subject)).toEqual(Array(2).fill("Enquiry inbox for 2026-11-27: 3 overdue, 2 unassigned"));
    expect((await t.database.db.select().from(inboxDigests)).map((row) => row.day).sort()).toEqual(["2026-11-25", "2026-11-27"]);
  });

  it("sends nothing when nothing is overdue or unassigned", async () => {
    t.clock.now = new Date(BEFORE_NINE.getTime() + HOUR);
    expect(await t.app.services.inboxDigest.runDue(t.clock.now)).toBe(false);
    expect(await deliveredDigests()).toEqual([]);
  });

  it("goes out once when two instances of the site reach the hour together", async () => {
    await inboxAtNine();
    const second = await buildTestApp({ database: secondInstanceOf(t.database) });
    try {
      const nine = new Date(BEFORE_NINE.getTime() + 15 * 60_000);
      for (let day = 0; day < 3; day++) {
        const at = new Date(nine.getTime() + day * 24 * HOUR);
        const sent = await Promise.all([t.app.services.inboxDigest.runDue(at), second.app.services.inboxDigest.runDue(at)]);
        expect(sent.filter(Boolean)).toHaveLength(1);
      }
      t.clock.now = new Date(nine.getTime() + 2 * 24 * HOUR);
      expect(recipients(await deliveredDigests())).toEqual([...Array(3).fill("bina@himaltech.test"), ...Array(3).fill("sita@himaltech.test")]);
    } finally {
      await second.close();
    }
  });
});
