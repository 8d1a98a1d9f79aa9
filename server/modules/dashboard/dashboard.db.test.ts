import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardOverview, MetricDetails } from "#contracts/dashboard.ts";
import { adminBrowser, signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { outbox } from "../../mail/schema";
import { users } from "../accounts/schema";
import { pageViews, siteEvents } from "../analytics/schema";
import { assistantConversations, assistantTurns } from "../assistant/schema";
import { meetings } from "../meetings/schema";
import { auditLog } from "../audit/schema";
import { careerApplications, careerResumeChunks, careerResumes } from "../careers/schema";
import { campaignRecipients, campaigns } from "../campaigns/schema";
import { enquiries, newsletterSubscriptions, type EnquiryType } from "../enquiries/schema";
import { dataExports } from "./schema";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const RESUME_BYTES = "%PDF-1.7 résumé body that must never leave the database";

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

async function enquiry(type: EnquiryType, createdAt: Date, extra: Partial<typeof enquiries.$inferInsert> = {}) {
  await t.database.db
    .insert(enquiries)
    .values({ type, email: `${type.toLowerCase()}@example.com`, message: "Hello", ipHash: "ip-hash-secret", userAgent: LAPTOP, createdAt, ...extra });
}

async function application(name: string, createdAt: Date) {
  const resumeId = randomUUID();
  await t.database.db
    .insert(careerResumes)
    .values({ id: resumeId, originalName: "cv.pdf", contentType: "application/pdf", size: 60, sha256: "abc", createdAt });
  await t.database.db.insert(careerResumeChunks).values({ resumeId, seq: 0, data: Buffer.from(RESUME_BYTES) });
  await t.database.db.insert(careerApplications).values({ id: randomUUID(), name, email: `${name.toLowerCase()}@example.com`, resumeId, createdAt });
}

/** A call booked at `createdAt`, for a day after it; a booking counts even once it is called off. */
async function meeting(name: string, createdAt: Date, status: "booked" | "cancelled" = "booked") {
  const startsAt = new Date(createdAt.getTime() + 2 * DAY);
  await t.database.db.insert(meetings).values({
    name,
    email: "visitor@example.com",
    startsAt,
    endsAt: new Date(startsAt.getTime() + HOUR / 2),
    timeZone: "America/New_York",
    roomUrl: "https://meet.example.com/room",
    status,
    createdAt,
  });
}

/** A conversation with the assistant, one question at each of `times`. */
async function conversation(device: string | null, times: Date[]) {
  const [row] = await t.database.db
    .insert(assistantConversations)
    .values({ startedAt: times[0]!, lastAt: times.at(-1)!, questions: times.length, device })
    .returning({ id: assistantConversations.id });
  await t.database.db.insert(assistantTurns).values(
    times.map((askedAt, position) => ({
      conversationId: row!.id,
      position,
      question: `Question ${position}`,
      answer: "An answer",
      sources: [],
      answered: true,
      askedAt,
    })),
  );
  return row!.id;
}

const view = (path: string, createdAt: Date, extra: Partial<typeof pageViews.$inferInsert> = {}) =>
  t.database.db.insert(pageViews).values({ path, device: "desktop", visitorHash: "visitor-a", createdAt, ...extra });

/**
 * The fixture, against NOW. Ranges are [now − range, now); the previous range is the one before it.
 * Get Started: 1 h, 36 h, 10 d, 40 d ago. Talk to Expert: 3 d. Discuss Project: 2 d (this week), 9 d and 12 d (last week).
 * Careers: 5 h and 6 d. CTA clicks: three 1 h ago. Assistant: one question 2 h ago (and an old chatbot click, no longer counted). Blog posts: two views 1 h ago, one 8 d ago.
 * Newsletter: 22 h and 23 h ago (the first confirmed). One sign-up 2 h ago. Rows at exactly NOW are outside every range.
 */
async function seed() {
  await meeting("Grace Hopper", ago(2 * HOUR));
  await meeting("Alan Turing", ago(3 * DAY), "cancelled");
  await enquiry("GET_STARTED", ago(HOUR), { name: "Asha Gurung", userAgent: PHONE });
  await enquiry("GET_STARTED", ago(36 * HOUR), { name: "=cmd|'/c calc'!A1" });
  await enquiry("GET_STARTED", ago(10 * DAY));
  await enquiry("GET_STARTED", ago(40 * DAY));
  await enquiry("GET_STARTED", NOW);
  await enquiry("TALK_TO_EXPERT", ago(3 * DAY), { name: "Bikash Rai" });
  await enquiry("DISCUSS_PROJECT", ago(2 * DAY), { name: "Chandra Lama" });
  await enquiry("DISCUSS_PROJECT", ago(9 * DAY));
  await enquiry("DISCUSS_PROJECT", ago(12 * DAY));
  await enquiry("CTA", ago(4 * HOUR), { name: "Dawa Sherpa" });
  await application("Ekta", ago(5 * HOUR));
  await application("Furba", ago(6 * DAY));
  for (const device of ["mobile", "desktop", "desktop"] as const) {
    await t.database.db
      .insert(siteEvents)
      .values({ kind: "cta_click", path: "/", label: "/getStarted", device, visitorHash: "visitor-b", createdAt: ago(HOUR) });
  }
  await t.database.db
    .insert(siteEvents)
    .values({ kind: "chatbot_question", path: "/contact", device: "mobile", visitorHash: "visitor-c", createdAt: ago(HOUR) });
  await conversation(PHONE, [ago(2 * HOUR)]);
  await view("/blog/1", ago(HOUR), { referrerHost: "www.google.com", device: "mobile" });
  await view("/blog/1", ago(HOUR), { referrerHost: "www.google.com", visitorHash: "visitor-b" });
  await view("/blog", ago(HOUR), { referrerHost: "news.ycombinator.com" });
  await view("/blog/2", ago(8 * DAY));
  for (let i = 0; i < 4; i++) await view("/getStarted", ago(3 * HOUR));
  await view("/careers/apply/senior-engineer", ago(5 * HOUR));
  await t.database.db.insert(newsletterSubscriptions).values([
    {
      email: "reader1@example.com",
      status: "confirmed",
      confirmedAt: ago(20 * HOUR),
      confirmTokenHash: "token-hash-1",
      ipHash: "ip",
      userAgent: PHONE,
      createdAt: ago(22 * HOUR),
    },
    { email: "reader2@example.com", status: "pending", confirmTokenHash: "token-hash-2", ipHash: "ip", userAgent: LAPTOP, createdAt: ago(23 * HOUR) },
  ]);
  await t.database.db.insert(users).values({ email: "member@example.com", passwordHash: "$argon2id$secret", dateJoined: ago(2 * HOUR) });
  await t.database.db.insert(outbox).values([
    { to: "a@example.com", subject: "Sent", text: "reset link with token", status: "sent", createdAt: ago(HOUR) },
    { to: "b@example.com", subject: "Failed", text: "x", status: "failed", createdAt: ago(HOUR) },
    { to: "c@example.com", subject: "Waiting", text: "x", status: "pending", createdAt: ago(HOUR) },
  ]);
  // One newsletter this week (two readers: one opened and clicked it) and one a month ago.
  const [recent, older] = await t.database.db
    .insert(campaigns)
    .values([
      { subject: "Monsoon notes", body: "x", status: "sent", concurrency: 1, startedAt: ago(2 * HOUR), createdAt: ago(3 * HOUR), updatedAt: ago(HOUR) },
      { subject: "Winter notes", body: "x", status: "sent", concurrency: 1, startedAt: ago(30 * DAY), createdAt: ago(31 * DAY), updatedAt: ago(30 * DAY) },
    ])
    .returning({ id: campaigns.id });
  const sent = { status: "sent" as const, sentAt: ago(2 * HOUR) };
  await t.database.db.insert(campaignRecipients).values([
    { campaignId: recent!.id, subscriptionId: 1, email: "reader1@example.com", ...sent, openedAt: ago(HOUR), clickedAt: ago(HOUR) },
    { campaignId: recent!.id, subscriptionId: 2, email: "reader9@example.com", ...sent },
    { campaignId: older!.id, subscriptionId: 1, email: "reader1@example.com", ...sent, sentAt: ago(30 * DAY) },
  ]);
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  await seed();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const response = await admin.request("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const figures = async (range: string) =>
  Object.fromEntries((await get<DashboardOverview>(`/api/admin/dashboard/?range=${range}`)).metrics.map((m) => [m.metric, [m.count, m.change]]));

describe("dashboard figures", () => {
  it("count each metric in the range and compare it with the range before", async () => {
    expect(await figures("24h")).toEqual({
      get_started: [1, 0],
      talk_to_expert: [0, 0],
      cta_clicks: [3, null],
      discuss_project: [0, -100],
      careers: [1, null],
      blog_views: [2, null],
      newsletter_subs: [1, null],
      chatbot_interactions: [1, null],
      contact_messages: [1, null],
      meetings_booked: [1, null],
    });
    expect(await figures("7d")).toEqual({
      get_started: [2, 100],
      talk_to_expert: [1, null],
      cta_clicks: [3, null],
      discuss_project: [1, -50],
      careers: [2, null],
      blog_views: [2, 100],
      newsletter_subs: [1, null],
      chatbot_interactions: [1, null],
      contact_messages: [1, null],
      meetings_booked: [2, null],
    });
    const month = await figures("30d");
    expect(month.get_started).toEqual([3, 200]);
    expect(month.discuss_project).toEqual([3, null]);
    expect((await figures("90d")).get_started).toEqual([4, null]);
  });

  it("defaults to the last 7 days and refuses a range it does not know, naming the field", async () => {
    expect((await get<DashboardOverview>("/api/admin/dashboard/")).range).toBe("7d");
    const response = await admin.request("GET", "/api/admin/dashboard/?range=1y");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty("range");
  });

  it("lists the latest enquiries, meetings, applications, subscriptions and sign-ups, newest first", async () => {
    const { activities } = await get<DashboardOverview>("/api/admin/dashboard/?range=24h");
    expect(activities.map((a) => [a.type, a.user])).toEqual([
      ["GET_STARTED", "Asha Gurung"],
      ["meeting", "Grace Hopper"],
      ["sign_up", "member@example.com"],
      ["CTA", "Dawa Sherpa"],
      ["application", "Ekta"],
      ["newsletter", "reader1@example.com"],
    ]);
    const [latest] = await t.database.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.createdAt, ago(HOUR)));
    const [ekta] = await t.database.db.select().from(careerApplications).where(eq(careerApplications.name, "Ekta"));
    const [reader] = await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "reader1@example.com"));
    expect(activities[0]).toMatchObject({ metric: "get_started", time: ago(HOUR).toISOString(), href: `/admin/enquiries/${latest!.id}` });
    expect(activities.map((a) => a.href)).toEqual([
      `/admin/enquiries/${latest!.id}`,
      "/admin/meetings",
      "/admin/users?q=member%40example.com",
      expect.stringMatching(/^\/admin\/enquiries\/\d+$/),
      `/admin/applications/${ekta!.id}`,
      // That subscriber, not the whole list: found by the address, their row marked.
      `/admin/subscribers?q=reader1%40example.com#subscriber-${reader!.id}`,
    ]);
  });

  it("count newsletter subscribers when they confirm, and the sign-ups still waiting apart", async () => {
    const { metrics } = await get<DashboardOverview>("/api/admin/dashboard/?range=24h");
    expect(metrics.find((m) => m.metric === "newsletter_subs")).toMatchObject({ count: 1, pending: 1 });
    expect(metrics.find((m) => m.metric === "get_started")).not.toHaveProperty("pending");
  });
});

describe("metric details", () => {
  it("give the count, a point per day summing to it, and the latest rows with their device", async () => {
    const details = await get<MetricDetails>("/api/admin/dashboard/metrics/get_started/?range=7d");
    expect(details.count).toBe(2);
    expect(details.bucket).toBe("day");
    // NOW is 17:45 in Kathmandu: the week is its start's partial day, six whole Kathmandu days and today so far.
    expect(details.trend).toHaveLength(8);
    expect(details.trend.map((p) => p.count)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(details.trend[0]!.start).toBe(ago(7 * DAY).toISOString());
    expect(details.trend[7]!.start).toBe("2026-06-14T18:15:00.000Z");
    expect(details.rows.map((r) => [r.user, r.device])).toEqual([
      ["Asha Gurung", "Mobile"],
      ["=cmd|'/c calc'!A1", "Desktop"],
    ]);
  });

  it("give an hourly trend for the last 24 hours, and no device where the browser is unknown", async () => {
    const details = await get<MetricDetails>("/api/admin/dashboard/metrics/careers/?range=24h");
    expect(details.bucket).toBe("hour");
    expect(details.trend).toHaveLength(25);
    expect(details.trend[1]!.start).toBe("2026-06-14T12:15:00.000Z");
    expect(details.trend[19]).toEqual({ start: "2026-06-15T06:15:00.000Z", count: 1 });
    expect(details.rows).toEqual([{ id: expect.any(String), user: "Ekta", date: ago(5 * HOUR).toISOString(), device: null }]);
  });

  it("show at most the 10 latest rows while counting them all", async () => {
    const older = await conversation(
      LAPTOP,
      Array.from({ length: 12 }, (_, i) => ago(30 * DAY + (12 - i) * HOUR)),
    );
    const details = await get<MetricDetails>("/api/admin/dashboard/metrics/chatbot_interactions/?range=90d");
    expect(details.count).toBe(13);
    expect(details.rows).toHaveLength(10);
    expect(details.rows[0]).toMatchObject({ user: expect.stringMatching(/^Visitor [0-9a-f]{8}$/), device: "Mobile", date: ago(2 * HOUR).toISOString() });
    expect(details.rows[1]).toMatchObject({ id: `${older}-11`, user: `Visitor ${older.slice(0, 8)}`, device: "Desktop" });
    await t.database.db.delete(assistantConversations).where(eq(assistantConversations.id, older));
  });

  it("count the assistant's stored questions, with each one's conversation in its CSV", async () => {
    const response = await admin.request("POST", "/api/admin/dashboard/metrics/chatbot_interactions/export/", { range: "24h" });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("conversation_id,position,question,answer,sources,answered,asked_at");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},0,Question 0,An answer,\[\],true,/);
  });

  it("refuse a metric it does not know", async () => {
    expect((await admin.request("GET", "/api/admin/dashboard/metrics/passwords/")).statusCode).toBe(400);
  });

  it("count an entry made just after midnight in Kathmandu under that new day, not under the UTC day before", async () => {
    const midnight = new Date("2026-11-24T18:15:00.000Z"); // 00:00 on 25 November in Kathmandu
    // Read from the service: a session would not outlive moving the clock months ahead.
    t.clock.now = new Date(midnight.getTime() + 5 * 60_000);
    try {
      await enquiry("TALK_TO_EXPERT", new Date(midnight.getTime() + 60_000), { name: "Night Owl" });
      await enquiry("TALK_TO_EXPERT", new Date(midnight.getTime() - 60_000), { name: "Late Evening" });
      const week = await t.app.services.dashboard.details("talk_to_expert", "7d");
      expect(week.trend.at(-1)).toEqual({ start: midnight.toISOString(), count: 1 });
      expect(week.trend.at(-2)).toEqual({ start: "2026-11-23T18:15:00.000Z", count: 1 });
      const day = await t.app.services.dashboard.details("talk_to_expert", "24h");
      expect(day.trend.at(-1)).toEqual({ start: midnight.toISOString(), count: 1 });
      expect(day.trend.reduce((sum, point) => sum + point.count, 0)).toBe(day.count);
    } finally {
      t.clock.now = NOW;
      await t.database.db.delete(enquiries).where(gte(enquiries.createdAt, new Date("2026-11-01T00:00:00Z")));
    }
  });
});

describe("analytics tabs", () => {
  it("User Analytics: visitors and views per UTC day, devices and referrers", async () => {
    const report = await get<{ pageViews: number; days: { day: string; visitors: number; pageViews: number }[]; devices: object; referrers: object[] }>(
      "/api/admin/dashboard/users/?range=24h",
    );
    expect(report.pageViews).toBe(8);
    expect(report.days).toEqual([
      { day: "2026-06-14", visitors: 0, pageViews: 0 },
      { day: "2026-06-15", visitors: 2, pageViews: 8 },
    ]);
    expect(report.devices).toEqual({ mobile: 1, desktop: 7 });
    expect(report.referrers).toEqual([
      { host: "www.google.com", views: 2 },
      { host: "news.ycombinator.com", views: 1 },
    ]);
  });

  it("User Analytics keeps each closed day's figures once it is over, and counts the open days from the views", async () => {
    const at = (iso: string) => new Date(iso);
    const dayOf = (report: { days: { day: string; visitors: number; pageViews: number }[] }, day: string) => report.days.find((row) => row.day === day);
    const dashboard = t.app.services.dashboard;
    try {
      // Three months after the fixture, so that only these views are in the last 30 days.
      t.clock.now = at("2026-09-15T12:00:00Z");
      await view("/", at("2026-08-16T11:00:00Z"), { visitorHash: "early", device: "mobile", referrerHost: "outside.example" });
      await view("/", at("2026-08-16T13:00:00Z"), { visitorHash: "p", referrerHost: "t.co" });
      await view("/blog/1", at("2026-09-01T08:00:00Z"), { visitorHash: "x", device: "mobile", referrerHost: "t.co" });
      await view("/blog/2", at("2026-09-01T09:00:00Z"), { visitorHash: "x", device: "mobile", referrerHost: "t.co" });
      await view("/about", at("2026-09-01T10:00:00Z"), { visitorHash: "y", referrerHost: "www.google.com" });
      await view("/careers", at("2026-09-14T23:59:59Z"), { visitorHash: "z" });
      await view("/", at("2026-09-15T01:00:00Z"), { visitorHash: "z2", device: "mobile", referrerHost: "www.google.com" });

      const month = await dashboard.userAnalytics("30d");
      expect(month).toMatchObject({ pageViews: 6, devices: { mobile: 3, desktop: 3 } });
      expect(month.referrers).toEqual([
        { host: "t.co", views: 3 },
        { host: "www.google.com", views: 2 },
      ]);
      expect(month.days).toHaveLength(31);
      expect([dayOf(month, "2026-08-16"), dayOf(month, "2026-09-01"), dayOf(month, "2026-09-14"), dayOf(month, "2026-09-15")]).toEqual([
        { day: "2026-08-16", visitors: 1, pageViews: 1 },
        { day: "2026-09-01", visitors: 2, pageViews: 3 },
        { day: "2026-09-14", visitors: 1, pageViews: 1 },
        { day: "2026-09-15", visitors: 1, pageViews: 1 },
      ]);
      expect(month.days.reduce((sum, row) => sum + row.pageViews, 0)).toBe(6);

      // 1 September is over and its figures are kept; today's are counted afresh each time.
      await t.database.db
        .delete(pageViews)
        .where(and(gte(pageViews.createdAt, at("2026-09-01T00:00:00Z")), lt(pageViews.createdAt, at("2026-09-02T00:00:00Z"))));
      await view("/", at("2026-09-15T02:00:00Z"), { visitorHash: "z3" });
      const again = await dashboard.userAnalytics("30d");
      expect(dayOf(again, "2026-09-01")).toEqual({ day: "2026-09-01", visitors: 2, pageViews: 3 });
      expect(dayOf(again, "2026-09-15")).toEqual({ day: "2026-09-15", visitors: 2, pageViews: 2 });
      expect(again.referrers).toEqual(month.referrers);

      // A view of the day before, still being written just after midnight, is not lost: the day is kept once it settles.
      t.clock.now = at("2026-09-16T00:02:00Z");
      expect(dayOf(await dashboard.userAnalytics("7d"), "2026-09-15")).toEqual({ day: "2026-09-15", visitors: 2, pageViews: 2 });
      await view("/contact", at("2026-09-15T23:59:59.900Z"), { visitorHash: "late" });
      expect(dayOf(await dashboard.userAnalytics("7d"), "2026-09-15")).toEqual({ day: "2026-09-15", visitors: 3, pageViews: 3 });
      t.clock.now = at("2026-09-16T00:10:00Z");
      expect(dayOf(await dashboard.userAnalytics("7d"), "2026-09-15")).toEqual({ day: "2026-09-15", visitors: 3, pageViews: 3 });
      await t.database.db.delete(pageViews).where(gte(pageViews.createdAt, at("2026-09-15T00:00:00Z")));
      expect(dayOf(await dashboard.userAnalytics("7d"), "2026-09-15")).toEqual({ day: "2026-09-15", visitors: 3, pageViews: 3 });
    } finally {
      t.clock.now = NOW;
      await t.database.db.delete(pageViews).where(gte(pageViews.createdAt, at("2026-08-01T00:00:00Z")));
    }
  });

  it("Content Tracking: top pages and each form page's submissions per view", async () => {
    const report = await get<{ topPages: object[]; conversions: { form: string; views: number; submissions: number; rate: number | null }[] }>(
      "/api/admin/dashboard/content/?range=7d",
    );
    expect(report.topPages.slice(0, 2)).toEqual([
      { path: "/getStarted", views: 4 },
      { path: "/blog/1", views: 2 },
    ]);
    const byForm = Object.fromEntries(report.conversions.map((c) => [c.form, [c.views, c.submissions, c.rate]]));
    expect(byForm).toEqual({
      "Get Started": [4, 2, 50],
      "Talk to Expert": [0, 1, null],
      "Discuss Project": [0, 1, null],
      Contact: [0, 1, null],
      // Two applications after one counted view: a rate is a share, so it stops at 100 %.
      "Job application": [1, 2, 100],
    });
  });

  it("Communications: mail by outcome, newsletter confirmations per sign-up, and how the newsletters sent were read", async () => {
    expect(await get("/api/admin/dashboard/communications/?range=24h")).toEqual({
      range: "24h",
      mail: { sent: 1, failed: 1, pending: 1 },
      newsletter: { signUps: 2, confirmed: 1, rate: 50 },
      campaigns: {
        sent: 2,
        openRate: 50,
        clickRate: 50,
        list: [{ id: expect.any(Number), subject: "Monsoon notes", started_at: ago(2 * HOUR).toISOString(), sent: 2, opens: 1, clicks: 1, unsubscribes: 0 }],
      },
    });
  });
});

describe("exports", () => {
  it("take every row there is with All time, where the longest range stops at 90 days", async () => {
    await enquiry("TALK_TO_EXPERT", ago(400 * DAY), { name: "Long Ago" });
    try {
      const rows = async (range: string) => {
        const response = await admin.request("POST", "/api/admin/dashboard/exports/", { dataset: "enquiries", format: "json", range });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { name: string | null }[]).map((row) => row.name);
      };
      expect(await rows("90d")).not.toContain("Long Ago");
      expect(await rows("all")).toContain("Long Ago");
      const [latest] = await admin.request("GET", "/api/admin/dashboard/exports/").then((r) => r.json() as { range: string }[]);
      expect(latest).toMatchObject({ range: "all" });
      expect((await admin.request("POST", "/api/admin/dashboard/exports/", { dataset: "enquiries", format: "json", range: "1y" })).statusCode).toBe(400);
    } finally {
      await t.database.db.delete(enquiries).where(eq(enquiries.name, "Long Ago"));
    }
  });

  it("CSV of a data set holds exactly the rows in the range, is a download, and is recorded with an audit entry", async () => {
    const before = (await t.database.db.select().from(dataExports)).length;
    const response = await admin.request("POST", "/api/admin/dashboard/exports/", { dataset: "enquiries", format: "csv", range: "7d" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="himaltech-enquiries-7d-2026-06-15-1200.csv"');
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,type,name,email,company,message,user_type,help_type,budget,timeline,source_page,subject,user_agent,status,created_at,assignee_id,first_response_at,due_at,last_message_at",
    );
    expect(lines).toHaveLength(1 + 5);
    expect(lines.filter((line) => line.includes(",GET_STARTED,"))).toHaveLength(2);
    expect(response.body).toContain(`,'=cmd|'/c calc'!A1,`);
    expect(response.body).not.toContain("ip-hash-secret");

    const exports = await t.database.db.select().from(dataExports);
    expect(exports).toHaveLength(before + 1);
    expect(exports.at(-1)).toMatchObject({ dataset: "enquiries", format: "csv", range: "7d", rows: 5 });
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.at(-1)).toMatchObject({ action: "export.csv", target: "dataset:enquiries", detail: { range: "7d", rows: 5 } });
  });

  it("JSON of applications in the range, without résumé bytes", async () => {
    const response = await admin.request("POST", "/api/admin/dashboard/exports/", { dataset: "applications", format: "json", range: "24h" });
    expect(response.headers["content-disposition"]).toContain('.json"');
    const rows = response.json() as { name: string }[];
    expect(rows.map((row) => row.name)).toEqual(["Ekta"]);
    expect(response.body).not.toContain("PDF");
  });

  it("the overlay's CSV holds every row of its metric in the range", async () => {
    const response = await admin.request("POST", "/api/admin/dashboard/metrics/newsletter_subs/export/", { range: "7d" });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,email,status,confirm_sent_at,confirmed_at,unsubscribed_at,bounced_at,user_agent,created_at");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[1])
        .sort(),
    ).toEqual(["reader1@example.com"]);
    const [latest] = await admin.request("GET", "/api/admin/dashboard/exports/").then((r) => r.json() as { dataset: string; rows: number; admin: string }[]);
    expect(latest).toMatchObject({ dataset: "newsletter_subs", rows: 1, admin: expect.stringMatching(/^editor/) });
  });

  it("the full dump holds every business table and no hash, token, secret, password or file bytes", async () => {
    const response = await admin.request("POST", "/api/admin/dashboard/dump/");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="himaltech-database-[\d-]+\.json"$/);
    const dump = response.json() as { tables: Record<string, Record<string, unknown>[]> };
    expect(Object.keys(dump.tables)).toEqual(
      expect.arrayContaining(["enquiries", "career_applications", "newsletter_subscriptions", "users", "page_views", "admins", "audit_log"]),
    );
    expect(dump.tables.users).toEqual([expect.objectContaining({ email: "member@example.com" })]);
    expect(dump.tables.career_resumes).toHaveLength(2);
    const keys = new Set<string>();
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          collect(inner);
        }
      }
    };
    collect(dump.tables);
    expect([...keys].filter((key) => /hash|token|secret|password|data$/i.test(key))).toEqual([]);
    for (const secret of ["$argon2id$secret", "token-hash-1", "ip-hash-secret", "visitor-a", "reset link with token", RESUME_BYTES]) {
      expect(response.body).not.toContain(secret);
    }
    const [latest] = await admin.request("GET", "/api/admin/dashboard/exports/").then((r) => r.json() as { dataset: string }[]);
    expect(latest).toMatchObject({ dataset: "dump" });
    expect((await t.database.db.select().from(auditLog)).at(-1)).toMatchObject({ action: "export.dump" });
  });

  it("the full dump reads large tables page by page: every row once, in order, and no file left behind", async () => {
    const before = (await t.database.db.select({ id: pageViews.id }).from(pageViews)).length;
    await t.database.db.execute(
      sql`insert into page_views (path, device, visitor_hash, created_at) select '/blog/' || g, 'mobile', 'visitor-' || g, now() from generate_series(1, 4500) g`,
    );
    const response = await admin.request("POST", "/api/admin/dashboard/dump/");
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const ids = (response.json() as { tables: { page_views: { id: number }[] } }).tables.page_views.map((row) => row.id);
    expect(ids).toHaveLength(before + 4500);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    await expect.poll(() => readdir(path.join(t.config.dataDir, "exports"))).toEqual([]);
  });

  it("removes at start the export files a stopped process left behind, not one still being downloaded", async () => {
    const dir = path.join(t.config.dataDir, "exports");
    await mkdir(dir, { recursive: true });
    const abandoned = path.join(dir, "abandoned.csv");
    const streaming = path.join(dir, "streaming.csv");
    await writeFile(abandoned, "id,email\r\n1,asha@example.com\r\n");
    await writeFile(streaming, "id\r\n");
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(abandoned, longAgo, longAgo);
    expect(await t.app.services.dashboard.sweepAbandonedExports()).toBe(1);
    expect(await readdir(dir)).toEqual(["streaming.csv"]);
    await rm(streaming);
  });

  it("refuses an export without the CSRF token, and records nothing", async () => {
    const before = (await t.database.db.select().from(dataExports)).length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/dashboard/dump/",
      cookies: admin.jar,
      remoteAddress: "198.51.100.240",
    });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.select().from(dataExports)).toHaveLength(before);
  });
});

describe("without an admin session", () => {
  const calls = [
    ["GET", "/api/admin/dashboard/"],
    ["GET", "/api/admin/dashboard/metrics/get_started/"],
    ["GET", "/api/admin/dashboard/users/"],
    ["GET", "/api/admin/dashboard/content/"],
    ["GET", "/api/admin/dashboard/communications/"],
    ["GET", "/api/admin/dashboard/exports/"],
    ["POST", "/api/admin/dashboard/exports/"],
    ["POST", "/api/admin/dashboard/metrics/get_started/export/"],
    ["POST", "/api/admin/dashboard/dump/"],
  ] as const;

  it.each(calls)("%s %s answers 401 and records nothing", async (method, url) => {
    const before = (await t.database.db.select().from(dataExports)).length;
    const response = await adminBrowser(t).request(method, url, method === "POST" ? { dataset: "enquiries", format: "csv", range: "7d" } : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain("example.com");
    expect(await t.database.db.select().from(dataExports)).toHaveLength(before);
  });
});

describe("POST /api/events/", () => {
  const send = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/events/", payload, headers: { "user-agent": PHONE, ...headers }, remoteAddress: "203.0.113.9" });
  const events = () => t.database.db.select().from(siteEvents).where(eq(siteEvents.kind, "cta_click")).orderBy(siteEvents.id);

  it("stores a call-to-action click with its device, and the dashboard counts it", async () => {
    const before = (await figures("24h")).cta_clicks![0];
    expect((await send({ kind: "cta_click", path: "/pricing?plan=pro", label: "/getStarted" })).statusCode).toBe(204);
    expect((await events()).at(-1)).toMatchObject({ path: "/pricing", label: "/getStarted", device: "mobile" });
    t.clock.advance(1000);
    expect((await figures("24h")).cta_clicks![0]).toBe(Number(before) + 1);
  });

  it("reads the text/plain body that sendBeacon sends", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/events/",
      payload: JSON.stringify({ kind: "cta_click", path: "/contact" }),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": LAPTOP },
    });
    expect(response.statusCode).toBe(204);
    const [latest] = await events().then((rows) => rows.slice(-1));
    expect(latest).toMatchObject({ path: "/contact", label: "", device: "desktop" });
  });

  it("ignores crawlers and visitors who ask not to be tracked, and refuses a kind it does not know", async () => {
    const before = (await events()).length;
    expect((await send({ kind: "cta_click", path: "/" }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).statusCode).toBe(204);
    expect((await send({ kind: "cta_click", path: "/" }, { dnt: "1" })).statusCode).toBe(204);
    const bad = await send({ kind: "page_liked", path: "/" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("kind");
    expect(await events()).toHaveLength(before);
  });
});

describe("what each role sees", () => {
  it("shows support the cards and activities of enquiries and subscribers only, and refuses it the rest and every export", async () => {
    const support = await signedInAdmin(t, "support");
    const response = await support.request("GET", "/api/admin/dashboard/?range=24h");
    expect(response.statusCode).toBe(200);
    const overview = response.json() as DashboardOverview;
    expect(overview.metrics.map((m) => m.metric)).toEqual([
      "get_started",
      "talk_to_expert",
      "cta_clicks",
      "discuss_project",
      "newsletter_subs",
      "chatbot_interactions",
      "contact_messages",
      "meetings_booked",
    ]);
    expect(new Set(overview.activities.map((a) => a.type))).toEqual(new Set(["GET_STARTED", "CTA", "newsletter", "meeting"]));

    expect((await support.request("GET", "/api/admin/dashboard/metrics/get_started/")).statusCode).toBe(200);
    expect((await support.request("GET", "/api/admin/dashboard/communications/")).statusCode).toBe(200);
    for (const url of ["/api/admin/dashboard/metrics/careers/", "/api/admin/dashboard/metrics/sign_ups/", "/api/admin/dashboard/exports/"]) {
      expect((await support.request("GET", url)).statusCode, url).toBe(403);
    }
    const before = (await t.database.db.select().from(dataExports)).length;
    expect((await support.request("POST", "/api/admin/dashboard/exports/", { dataset: "enquiries", format: "csv", range: "7d" })).statusCode).toBe(403);
    expect((await support.request("POST", "/api/admin/dashboard/metrics/get_started/export/", { range: "7d" })).statusCode).toBe(403);
    expect((await support.request("POST", "/api/admin/dashboard/dump/")).statusCode).toBe(403);
    expect(await t.database.db.select().from(dataExports)).toHaveLength(before);
  });
});
