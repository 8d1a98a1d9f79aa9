import { and, desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Meeting, MeetingToConfirm, SlotsResponse } from "#contracts/meetings.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { secondInstanceOf } from "../../../tests/helpers/database";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import { signedIds } from "../../http/signed-ids";
import { outbox } from "../../mail/schema";
import { auditLog } from "../audit/schema";
import { meetingSettings, meetings } from "./schema";
import { DEFAULT_SETTINGS, HOLD_MS, TAKEN, TOO_MANY_MAILS } from "./service";

const HOUR = 60 * 60_000;
/** Thursday 26 November 2026, 5:45 in Kathmandu: the next bookable day is Monday the 30th. */
const THURSDAY = new Date("2026-11-26T00:00:00Z");
/** Monday 30 November, 9:00 in Kathmandu; 10:15 PM on Sunday the 29th in New York. */
const MONDAY_NINE = "2026-11-30T03:15:00.000Z";

let t: TestContext;
let sink: SmtpSink;
let mail: ReturnType<typeof testOutbox>;

beforeAll(async () => {
  [t, sink] = await Promise.all([buildTestApp({ rateLimitsDisabled: true }), startSmtpSink()]);
  mail = testOutbox(t, sink.url);
});
afterAll(async () => {
  await mail.close();
  await t.close();
  await sink.close();
});
beforeEach(async () => {
  t.clock.now = THURSDAY;
  await t.database.db.delete(meetings);
  await t.database.db.delete(outbox);
  await t.database.db.update(meetingSettings).set(DEFAULT_SETTINGS);
  sink.messages.length = 0;
});

const slots = async (query: string): Promise<SlotsResponse> => {
  const response = await t.app.inject({ method: "GET", url: `/api/meetings/slots/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const book = (start: string, tz = "America/Los_Angeles", app = t.app, fields = { name: "Ada Visitor", email: "ada@example.com", topic: "A data platform" }) =>
  app.inject({ method: "POST", url: "/api/meetings/", payload: { ...fields, start, tz } });

/** The confirmation link of the latest booking mailed to `email`, as its owner finds it in the mail. */
async function confirmTokenMailedTo(email = "ada@example.com"): Promise<string> {
  const [request] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, "Please confirm your call with HimalTech")))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = /\/meetings\/(\d+-[0-9a-f]{32})/.exec(request?.text ?? "")?.[1];
  expect(token, request?.text).toBeDefined();
  return token!;
}

const confirm = (token: string) => t.app.inject({ method: "POST", url: `/api/meetings/${token}/confirm/`, payload: {} });

/** A booking whose address then used the link mailed to it. */
async function booked(start = MONDAY_NINE, tz?: string): Promise<Meeting> {
  const response = await book(start, tz);
  expect(response.statusCode, response.body).toBe(201);
  const confirmed = await confirm(await confirmTokenMailedTo());
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json();
}

/** The invitation a mail carries, read by a real iCalendar parser. */
function invitationOf(message: ParsedMail) {
  const part = message.attachments.find((attachment) => attachment.contentType.startsWith("text/calendar"));
  expect(part, `no calendar part in "${message.subject}"`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString("utf8")));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    startIsUtc: event.startDate.zone === ICAL.Timezone.utcTimezone,
    end: event.endDate.toJSDate().toISOString(),
    organizer: String(event.organizer).toLowerCase(),
    attendees: vevent.getAllProperties("attendee").map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    status: vevent.getFirstPropertyValue("status"),
  };
}

const eqAction = (action: string) => eq(auditLog.action, action);

const mailTo = (to: string, subject: RegExp) => sink.waitFor((message) => JSON.stringify(message.to).includes(to) && subject.test(message.subject ?? ""));

describe("GET /api/meetings/slots/", () => {
  it("lists a day's free half hours in the visitor's zone, with times in UTC", async () => {
    const sunday = await slots("from=2026-11-29&days=1&tz=America/New_York");
    expect(sunday.tz).toBe("America/New_York");
    expect(sunday.slots.map((slot) => slot.label)).toEqual(["10:15 PM", "10:45 PM", "11:15 PM", "11:45 PM"]);
    expect(sunday.slots[0]).toEqual({ start: MONDAY_NINE, end: "2026-11-30T03:45:00.000Z", label: "10:15 PM", day: "2026-11-29" });
    // Four weeks from now is the horizon, as a New Yorker's calendar names the day.
    expect(sunday.lastDay).toBe("2026-12-23");
    expect((await slots("from=2026-11-30&days=1&tz=Asia/Kathmandu")).slots).toHaveLength(16);
    expect((await slots("from=2026-11-27&days=1&tz=Asia/Kathmandu")).slots).toEqual([]);
  });

  it("refuses an unknown zone and a span outside 1 to 31 days", async () => {
    for (const query of [
      "from=2026-11-30&tz=Mars/Olympus",
      "from=2026-11-30&tz=",
      "from=2026-11-30&days=0&tz=UTC",
      "from=2026-11-30&days=32&tz=UTC",
      "from=30-11-2026&tz=UTC",
      "from=2026-02-30&tz=UTC",
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/api/meetings/slots/?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe("booking a meeting", () => {
  it("holds the slot and mails the address only a link to confirm: nothing the booker typed, no link of theirs, no invitation", async () => {
    const phishing = {
      name: "Ada http://evil.example/unlock",
      email: "victim@example.com",
      topic: "Your account is locked\nverify at http://evil.example/unlock",
    };
    const response = await book(MONDAY_NINE, "America/Los_Angeles", t.app, phishing);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: "booked", confirmed: false, heldUntil: new Date(THURSDAY.getTime() + HOLD_MS).toISOString() });
    expect((await slots("from=2026-11-29&days=1&tz=America/New_York")).slots.map((slot) => slot.start)).not.toContain(MONDAY_NINE);

    const queued = await t.database.db.select().from(outbox);
    expect(queued.map((row) => row.to)).toEqual(["victim@example.com"]);
    const [request] = queued;
    expect(request!.subject).toBe("Please confirm your call with HimalTech");
    expect(request!.calendar).toBeNull();
    const seen = `${request!.subject}\n${request!.text}\n${request!.html ?? ""}`;
    for (const leak of ["evil.example", "account is locked", "Ada", "meet.jit.si"]) expect(seen).not.toContain(leak);
    expect(request!.text).toMatch(/^Hello,\n/);
    expect(request!.text).toContain("Sunday, November 29, 2026 at 7:15 PM PST");
    // The only link is the one that confirms, which whoever booked was never given.
    const token = await confirmTokenMailedTo("victim@example.com");
    expect(request!.text.match(/https?:\/\/\S+/g)).toEqual([`http://localhost:3000/meetings/${token}`]);
    expect(token).not.toBe(response.json().token);

    // Opened, the link shows the time and nothing else until it is used; a mail scanner opening it confirms nothing.
    const shown = await t.app.inject({ method: "GET", url: `/api/meetings/${token}/` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ awaiting: "confirmation", status: "booked", start: MONDAY_NINE } satisfies Partial<MeetingToConfirm>);
    for (const leak of ["evil.example", "account is locked", "Ada", "meet.jit.si", "victim"]) expect(shown.body).not.toContain(leak);
    expect(await t.database.db.$count(outbox)).toBe(1);
    expect((await t.app.inject({ method: "GET", url: `/api/meetings/${token}/invitation.ics` })).statusCode).toBe(404);
  });

  it("stands once the mailed link is used: the details show on the site, and the confirmation with its invitation in UTC and the company's copy follow", async () => {
    await mail.runOnce();
    const meeting = await booked(MONDAY_NINE, "America/Los_Angeles");
    expect(meeting).toMatchObject({
      status: "booked",
      confirmed: true,
      heldUntil: null,
      name: "Ada Visitor",
      topic: "A data platform",
      start: MONDAY_NINE,
      end: "2026-11-30T03:45:00.000Z",
      visitorTime: "Sunday, November 29, 2026 at 7:15 PM PST",
      companyTime: "Monday, November 30, 2026 at 9:00 AM GMT+5:45 (Kathmandu)",
      manageUrl: `http://localhost:3000/meetings/${meeting.token}`,
      calendarUrl: `http://localhost:3000/api/meetings/${meeting.token}/invitation.ics`,
    });
    expect(meeting.roomUrl).toMatch(/^https:\/\/meet\.jit\.si\/HimalTech-[0-9a-f]{32}$/);

    await mail.runOnce();
    const confirmation = await mailTo("ada@example.com", /is booked/);
    expect(confirmation.text).toMatch(/^Hello,\n/);
    expect(confirmation.text).not.toContain("A data platform");
    expect(confirmation.text).toContain("Sunday, November 29, 2026 at 7:15 PM PST");
    expect(confirmation.text).toContain("9:00 AM GMT+5:45 (Kathmandu)");
    expect(confirmation.text).toContain(meeting.roomUrl);
    expect(confirmation.text).toContain(meeting.manageUrl);
    const invitation = invitationOf(confirmation);
    expect(invitation).toMatchObject({
      method: "REQUEST",
      sequence: 0,
      start: MONDAY_NINE,
      startIsUtc: true,
      end: "2026-11-30T03:45:00.000Z",
      status: "CONFIRMED",
    });
    expect(invitation.uid).toMatch(/^meeting-\d+@localhost$/);
    expect(invitation.organizer).toBe("mailto:hello@himaltech.com.np");
    expect(invitation.attendees).toEqual(["mailto:ada@example.com"]);

    const company = await mailTo("hello@himaltech.com.np", /Meeting booked: Ada Visitor/);
    expect(company.text).toContain("Topic: A data platform");
    expect(company.replyTo?.text).toBe("ada@example.com");

    // Booked in Los Angeles, gone for a New Yorker looking at the same evening.
    expect((await slots("from=2026-11-29&days=1&tz=America/New_York")).slots.map((slot) => slot.start)).not.toContain(MONDAY_NINE);
    const ics = await t.app.inject({ method: "GET", url: `/api/meetings/${meeting.token}/invitation.ics` });
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.headers["cache-control"]).toBe("no-store");
    expect(ics.body).toContain(`UID:${invitation.uid}`);
    expect(ics.body).not.toContain("A data platform");
    expect(ics.body).not.toContain("Ada Visitor");

    // The mailed link, used again, shows the meeting; it changes nothing and sends nothing more.
    const again = await confirm(await confirmTokenMailedTo());
    expect(again.json()).toMatchObject({ token: meeting.token, name: "Ada Visitor", confirmed: true });
    const sent = await t.database.db.$count(outbox);
    await mail.runOnce();
    expect(await t.database.db.$count(outbox)).toBe(sent);
  });

  it("releases a time not confirmed within the hour: the slot is free again and the late link says so", async () => {
    const held = await book(MONDAY_NINE);
    expect(held.statusCode).toBe(201);
    const token = await confirmTokenMailedTo();
    t.clock.advance(HOLD_MS);
    expect((await slots("from=2026-11-29&days=1&tz=America/New_York")).slots.map((slot) => slot.start)).toContain(MONDAY_NINE);
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/not confirmed within the hour, so its time was released/);

    // Another visitor may book it at once, before any tick has tidied the old hold away.
    const other = await book(MONDAY_NINE, "UTC", t.app, { name: "Bo", email: "bo@example.com", topic: "" });
    expect(other.statusCode, other.body).toBe(201);
    expect((await t.app.inject({ method: "GET", url: `/api/meetings/${token}/` })).json()).toMatchObject({ awaiting: "confirmation", status: "cancelled" });
    expect(await t.database.db.$count(outbox, eq(outbox.to, "hello@himaltech.com.np"))).toBe(0);
  });

  it("puts at most five mails a day in an inbox by booking and cancelling for it, and then says so rather than hold a time it cannot confirm", async () => {
    const victim = { name: "Mallory", email: "victim@example.com", topic: "Click http://evil.example" };
    for (let cycle = 0; cycle < 4; cycle++) {
      const held = await book(MONDAY_NINE, "UTC", t.app, victim);
      expect(held.statusCode, held.body).toBe(201);
      expect((await t.app.inject({ method: "POST", url: `/api/meetings/${held.json().token}/cancel/`, payload: {} })).statusCode).toBe(200);
    }
    expect(await t.database.db.$count(outbox, eq(outbox.to, "victim@example.com"))).toBe(4);
    expect((await book(MONDAY_NINE, "UTC", t.app, victim)).statusCode).toBe(201);
    const refused = await book("2026-11-30T03:45:00.000Z", "UTC", t.app, { ...victim, email: "Victim+2@example.com" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_MAILS);
    expect(await t.database.db.$count(meetings)).toBe(5);
    expect(await t.database.db.$count(outbox)).toBe(5);
  });

  it("refuses a time that is not a free slot, with the reason, and books nothing", async () => {
    await booked();
    const cases: [string, number, RegExp][] = [
      ["2026-11-30T03:20:00.000Z", 400, /not one of the times offered/],
      ["2026-11-27T04:15:00.000Z", 400, /not one of the times offered/], // a Friday
      ["2026-11-25T04:15:00.000Z", 400, /has passed/],
      ["2026-11-26T08:15:00.000Z", 400, /too soon: please book at least 12 hours ahead/],
      ["2027-01-04T03:15:00.000Z", 400, /too far ahead/],
      [MONDAY_NINE, 409, new RegExp(TAKEN)],
    ];
    for (const [start, status, message] of cases) {
      const response = await book(start);
      expect(response.statusCode, start).toBe(status);
      expect(response.json().message, start).toMatch(message);
    }
    const bad = await t.app.inject({ method: "POST", url: "/api/meetings/", payload: { name: "", email: "nope", start: "tomorrow", tz: "Nowhere/Else" } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["email", "name", "start", "tz"]);
    const bot = await t.app.inject({
      method: "POST",
      url: "/api/meetings/",
      payload: { name: "Bot", email: "bot@example.com", start: "2026-11-30T03:45:00.000Z", tz: "UTC", website: "x" },
    });
    expect(bot.statusCode).toBe(400);
    expect(await t.database.db.$count(meetings)).toBe(1);
  });

  it("refuses a name over several lines with the forms' message, as the enquiry forms do", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/meetings/",
      payload: { name: "Ada\nYour account is locked", email: "ada@example.com", start: MONDAY_NINE, tz: "UTC" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: ["Use letters, numbers and punctuation only."] });
    expect(await t.database.db.$count(meetings)).toBe(0);
  });

  it("gives one of two visitors racing for a slot on two instances the meeting, and the other a clear 409", async () => {
    const second = await buildTestApp({ rateLimitsDisabled: true, database: secondInstanceOf(t.database) });
    second.clock.now = THURSDAY;
    try {
      for (const start of [MONDAY_NINE, "2026-11-30T03:45:00.000Z", "2026-11-30T04:15:00.000Z"]) {
        const answers = await Promise.all([book(start, "America/Los_Angeles"), book(start, "America/New_York", second.app)]);
        expect(answers.map((answer) => answer.statusCode).sort(), start).toEqual([201, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(TAKEN);
      }
      expect(await t.database.db.$count(meetings)).toBe(3);
    } finally {
      await second.close();
    }
  });

  it("gives one of two visitors racing for neighbouring slots within the buffer the meeting, and the other a 409", async () => {
    await t.database.db.update(meetingSettings).set({ bufferMinutes: 15 });
    const second = await buildTestApp({ rateLimitsDisabled: true, database: secondInstanceOf(t.database) });
    second.clock.now = THURSDAY;
    try {
      // Half an hour apart: they do not overlap, but each is within the other's 15-minute buffer.
      const answers = await Promise.all([book(MONDAY_NINE), book("2026-11-30T03:45:00.000Z", "America/New_York", second.app)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(TAKEN);
      expect(await t.database.db.$count(meetings)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("holds even when the check is skipped: the database refuses two booked meetings that overlap", async () => {
    const row = {
      name: "A",
      email: "a@example.com",
      startsAt: new Date(MONDAY_NINE),
      endsAt: new Date("2026-11-30T03:45:00Z"),
      timeZone: "UTC",
      roomUrl: "https://meet.example/a",
      createdAt: THURSDAY,
    };
    await t.database.db.insert(meetings).values(row);
    await expect(
      t.database.db.insert(meetings).values({ ...row, startsAt: new Date("2026-11-30T03:30:00Z"), endsAt: new Date("2026-11-30T04:00:00Z") }),
    ).rejects.toThrow();
    // A cancelled meeting holds no time.
    await t.database.db.update(meetings).set({ status: "cancelled" });
    await t.database.db.insert(meetings).values(row);
  });
});

describe("the visitor's link", () => {
  it("cancels the meeting, frees the slot and sends a cancelled invitation for the same event", async () => {
    const meeting = await booked();
    await mail.runOnce();
    const first = invitationOf(await mailTo("ada@example.com", /is booked/));

    const shown = await t.app.inject({ method: "GET", url: `/api/meetings/${meeting.token}/` });
    expect(shown.json()).toMatchObject({ status: "booked", start: MONDAY_NINE });
    expect(shown.headers["cache-control"]).toBe("no-store");

    const cancelled = await t.app.inject({ method: "POST", url: `/api/meetings/${meeting.token}/cancel/`, payload: { reason: "Found an answer" } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", message: expect.stringMatching(/cancelled/) });
    expect((await slots("from=2026-11-29&days=1&tz=America/New_York")).slots.map((slot) => slot.start)).toContain(MONDAY_NINE);

    await mail.runOnce();
    const cancellation = invitationOf(await mailTo("ada@example.com", /is cancelled/));
    expect(cancellation).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 1, status: "CANCELLED", start: MONDAY_NINE });
    expect((await mailTo("hello@himaltech.com.np", /Meeting cancelled/)).text).toContain("Reason: Found an answer");

    const again = await t.app.inject({ method: "POST", url: `/api/meetings/${meeting.token}/cancel/`, payload: {} });
    expect(again.statusCode).toBe(409);
  });

  it("reschedules to another free slot with a later SEQUENCE, freeing the old one", async () => {
    const meeting = await booked();
    const taken = await booked("2026-11-30T04:15:00.000Z");
    const onTaken = await t.app.inject({ method: "POST", url: `/api/meetings/${meeting.token}/reschedule/`, payload: { start: taken.start, tz: "UTC" } });
    expect(onTaken.statusCode).toBe(409);

    const moved = await t.app.inject({
      method: "POST",
      url: `/api/meetings/${meeting.token}/reschedule/`,
      payload: { start: "2026-12-01T05:15:00.000Z", tz: "Asia/Kathmandu" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: "booked", start: "2026-12-01T05:15:00.000Z", visitorTime: "Tuesday, December 1, 2026 at 11:00 AM GMT+5:45" });
    const free = (await slots("from=2026-11-30&days=2&tz=Asia/Kathmandu")).slots.map((slot) => slot.start);
    expect(free).toContain(MONDAY_NINE);
    expect(free).not.toContain("2026-12-01T05:15:00.000Z");

    await mail.runOnce();
    const update = invitationOf(await mailTo("ada@example.com", /has moved/));
    expect(update).toMatchObject({ method: "REQUEST", sequence: 1, start: "2026-12-01T05:15:00.000Z" });
  });

  it("answers 404 to a link whose signature is wrong, and to one for another kind of record", async () => {
    const meeting = await booked();
    const [id, signature] = meeting.token.split("-");
    const tampered = `${id}-${signature!.replace(/^./, (c) => (c === "0" ? "1" : "0"))}`;
    expect((await t.app.inject({ method: "GET", url: `/api/meetings/${tampered}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/meetings/${Number(id) + 1}-${signature}/` })).statusCode).toBe(404);
    const conversationToken = signedIds(t.config.secretKey, "enquiry-conversation").tokenOf(Number(id));
    expect((await t.app.inject({ method: "GET", url: `/api/meetings/${conversationToken}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `/api/meetings/${tampered}/cancel/`, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/meetings/not-a-token/" })).statusCode).toBe(400);
  });
});

describe("reminders", () => {
  it("go a day before, exactly once, with two instances sending at the same moment", async () => {
    const meeting = await booked();
    await booked("2026-11-30T05:15:00.000Z", "UTC");
    const second = await buildTestApp({ rateLimitsDisabled: true, database: secondInstanceOf(t.database) });
    try {
      const at = (iso: string) => new Date(iso);
      // A minute early, nothing; at the day before, one of the two instances sends it.
      expect(await t.app.services.meetings.sendReminders(at("2026-11-29T03:14:00Z"))).toBe(0);
      const sent = await Promise.all([
        t.app.services.meetings.sendReminders(at("2026-11-29T03:15:00Z")),
        second.app.services.meetings.sendReminders(at("2026-11-29T03:15:00Z")),
      ]);
      expect(sent.reduce((a, b) => a + b)).toBe(1);
      expect(await t.app.services.meetings.sendReminders(at("2026-11-29T04:00:00Z"))).toBe(0);
      t.clock.now = at("2026-11-29T04:00:00Z");
      await mail.runOnce();
      await mailTo("ada@example.com", /^Tomorrow/);
      const reminders = sink.messages.filter((message) => /^Tomorrow/.test(message.subject ?? ""));
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain(meeting.roomUrl);
      expect(invitationOf(reminders[0]!)).toMatchObject({ method: "REQUEST", start: MONDAY_NINE });
    } finally {
      await second.close();
    }
  });

  it("are not sent for a meeting booked less than a day ahead, nor for a cancelled one", async () => {
    t.clock.now = new Date("2026-11-29T12:00:00Z");
    await booked(); // fifteen hours ahead
    const cancelled = await booked("2026-12-01T03:15:00.000Z");
    await t.app.inject({ method: "POST", url: `/api/meetings/${cancelled.token}/cancel/`, payload: {} });
    expect(await t.app.services.meetings.sendReminders(new Date("2026-11-30T03:14:00Z"))).toBe(0);
    expect(await t.app.services.meetings.sendReminders(new Date("2026-11-30T03:16:00Z"))).toBe(0);
  });
});

describe("the admin's Meetings screen", () => {
  it("lists upcoming and past meetings, and cancels one with a message the visitor receives", async () => {
    const soon = await booked();
    const later = await booked("2026-12-01T03:15:00.000Z");
    const support = await signedInAdmin(t, "support");
    const upcoming = (await support.request("GET", "/api/admin/meetings/?when=upcoming")).json();
    expect(upcoming.results.map((meeting: { start: string }) => meeting.start)).toEqual([soon.start, later.start]);
    expect(upcoming.results[0]).toMatchObject({
      name: "Ada Visitor",
      tz: "America/Los_Angeles",
      status: "booked",
      companyTime: expect.stringContaining("Kathmandu"),
    });

    const id = upcoming.results[1].id;
    const refused = await support.request("POST", `/api/admin/meetings/${id}/cancel/`, { message: "  " });
    expect(refused.statusCode).toBe(400);
    const cancelled = await support.request("POST", `/api/admin/meetings/${id}/cancel/`, { message: "Our engineer is ill; please pick another day." });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().meeting).toMatchObject({ status: "cancelled", cancelledBy: support.username });
    await mail.runOnce();
    const told = await mailTo("ada@example.com", /is cancelled/);
    expect(told.text).toContain("Our engineer is ill; please pick another day.");
    expect(invitationOf(told).method).toBe("CANCEL");

    const past = (await support.request("GET", "/api/admin/meetings/?when=past")).json();
    expect(past.results.map((meeting: { id: number }) => meeting.id)).toEqual([id]);
    t.clock.advance(5 * 24 * HOUR);
    const later5 = (await signedInAdmin(t, "support")).request("GET", "/api/admin/meetings/?when=past");
    expect((await later5).json().count).toBe(2);

    const [entry] = await t.database.db.select().from(auditLog).where(eqAction("meeting.cancel"));
    expect(entry).toMatchObject({ adminUsername: support.username, target: `meeting:${id}` });
  });

  it("saves the availability, audited, and the slots follow it", async () => {
    const support = await signedInAdmin(t, "support");
    expect((await support.request("GET", "/api/admin/meetings/settings/")).json()).toEqual(DEFAULT_SETTINGS);
    const next = {
      ...DEFAULT_SETTINGS,
      availability: [{ weekday: 1, start: "13:00", end: "14:00" }],
      blockedDates: [{ date: "2026-12-07", note: "A holiday" }],
      bufferMinutes: 15,
      roomUrl: "https://meet.example.com/himaltech",
    };
    const saved = await support.request("POST", "/api/admin/meetings/settings/", next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual(next);
    expect((await slots("from=2026-11-30&days=1&tz=Asia/Kathmandu")).slots.map((slot) => slot.label)).toEqual(["1:00 PM", "1:30 PM"]);
    expect((await slots("from=2026-12-07&days=1&tz=Asia/Kathmandu")).slots).toEqual([]);
    expect((await booked("2026-11-30T07:15:00.000Z")).roomUrl).toBe("https://meet.example.com/himaltech");
    // The buffer keeps the half hour after a meeting free.
    expect((await slots("from=2026-11-30&days=1&tz=Asia/Kathmandu")).slots).toEqual([]);

    for (const bad of [
      { ...next, availability: [{ weekday: 1, start: "14:00", end: "13:00" }] },
      { ...next, roomUrl: "javascript:alert(1)" },
      { ...next, minNoticeHours: -1 },
      { ...next, blockedDates: [{ date: "2026-13-01", note: "" }] },
    ]) {
      expect((await support.request("POST", "/api/admin/meetings/settings/", bad)).statusCode).toBe(400);
    }
    expect((await support.request("GET", "/api/admin/meetings/settings/")).json()).toEqual(next);
    const [entry] = await t.database.db.select().from(auditLog).where(eqAction("meeting.settings"));
    expect(entry!.detail).toMatchObject({ changed: ["availability", "bufferMinutes", "blockedDates", "roomUrl"] });

    const recruiter = await signedInAdmin(t, "recruiter");
    expect((await recruiter.request("GET", "/api/admin/meetings/")).statusCode).toBe(403);
    expect((await recruiter.request("POST", "/api/admin/meetings/settings/", DEFAULT_SETTINGS)).statusCode).toBe(403);
  });
});
