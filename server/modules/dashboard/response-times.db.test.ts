import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardOverview } from "#contracts/dashboard.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { admins } from "../admin/schema";
import { enquiries } from "../enquiries/schema";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestContext;

async function enquiry(name: string, values: Partial<typeof enquiries.$inferInsert> & { createdAt: Date }) {
  const [row] = await t.database.db
    .insert(enquiries)
    .values({ type: "CTA", name, email: `${name.toLowerCase()}@example.com`, message: "Hello", ipHash: "ip", userAgent: "test", ...values })
    .returning({ id: enquiries.id });
  return row!.id;
}

/**
 * Against NOW: answered within the last 24 hours after 2 h (through a real reply), one still young and
 * one spam; this week answered after 4 h and after 30 h, one overdue and one closed unanswered; this
 * month answered after 1 h and one overdue; and two old ones outside every range, one of them overdue.
 */
async function seed() {
  const asha = await enquiry("Asha", { createdAt: ago(10 * HOUR), dueAt: ago(-14 * HOUR) });
  const [owner] = await t.database.db.select().from(admins).limit(1);
  t.clock.now = ago(8 * HOUR);
  await t.app.services.conversations.reply(asha, "We will call you today.", { id: owner!.id, username: owner!.username });
  t.clock.now = NOW;
  await enquiry("Bikash", { createdAt: ago(5 * HOUR), dueAt: ago(-19 * HOUR) });
  await enquiry("Chandra", { createdAt: ago(20 * HOUR), status: "spam" });
  await enquiry("Dawa", { createdAt: ago(3 * DAY), firstResponseAt: ago(3 * DAY - 4 * HOUR), status: "waiting" });
  await enquiry("Ekta", { createdAt: ago(2 * DAY), firstResponseAt: ago(2 * DAY - 30 * HOUR), status: "closed" });
  await enquiry("Furba", { createdAt: ago(36 * HOUR), dueAt: ago(12 * HOUR) });
  await enquiry("Gita", { createdAt: ago(5 * DAY), status: "closed" });
  await enquiry("Hari", { createdAt: ago(10 * DAY), firstResponseAt: ago(10 * DAY - HOUR), status: "waiting" });
  await enquiry("Indra", { createdAt: ago(20 * DAY), dueAt: ago(19 * DAY), status: "open" });
  await enquiry("Janak", { createdAt: ago(100 * DAY), dueAt: ago(99 * DAY) });
  // A due time left on a conversation that is closed or spam owes nothing.
  await enquiry("Kamal", { createdAt: ago(100 * DAY), dueAt: ago(99 * DAY), status: "closed" });
  await enquiry("Lhakpa", { createdAt: ago(50 * DAY), dueAt: ago(49 * DAY), status: "spam" });
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  await signedInAdmin(t);
  await seed();
});
afterAll(() => t.close());

describe("response times on the dashboard", () => {
  it("give the median first response, the share answered within 24 hours and the overdue count for each range", async () => {
    const owner = await signedInAdmin(t, "owner");
    const figures = async (range: string) => {
      const response = await owner.request("GET", `/api/admin/dashboard/?range=${range}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as DashboardOverview).responseTimes;
    };
    const [asha] = await t.database.db.select().from(enquiries).where(eq(enquiries.name, "Asha"));
    expect(asha!.firstResponseAt).toEqual(ago(8 * HOUR));

    // Bikash is under 24 hours old and unanswered: not yet counted either way. Chandra is spam.
    expect(await figures("24h")).toEqual({ medianSeconds: 2 * 3600, withinDayPercent: 100, overdue: 3 });
    // Answered after 2 h, 4 h and 30 h; in time: Asha and Dawa of Asha, Dawa, Ekta, Furba and Gita.
    expect(await figures("7d")).toEqual({ medianSeconds: 4 * 3600, withinDayPercent: 40, overdue: 3 });
    // Hari adds 1 h (the median of four is between 2 h and 4 h) and one in time; Indra one more late: 3 of 7, rounded down.
    expect(await figures("30d")).toEqual({ medianSeconds: 3 * 3600, withinDayPercent: 42.8, overdue: 3 });
    expect(await figures("90d")).toEqual({ medianSeconds: 3 * 3600, withinDayPercent: 42.8, overdue: 3 });
  });

  it("say nothing of a range without enquiries, and count the overdue ones as the clock moves", async () => {
    const empty = await t.app.services.enquiriesAdmin.responseFigures({ from: ago(200 * DAY), to: ago(150 * DAY) });
    expect(empty).toEqual({ medianSeconds: null, withinDayPercent: null, overdue: 3 });
    // A day on, Bikash's due time has passed too.
    t.clock.advance(DAY);
    try {
      expect((await t.app.services.enquiriesAdmin.responseFigures({ from: ago(DAY), to: new Date(NOW.getTime() + DAY) })).overdue).toBe(4);
    } finally {
      t.clock.now = NOW;
    }
  });

  it("are shown to the roles that work the enquiries, and to no other", async () => {
    for (const role of ["support", "owner"] as const) {
      const overview = (await (await signedInAdmin(t, role)).request("GET", "/api/admin/dashboard/?range=24h")).json() as DashboardOverview;
      expect(overview.responseTimes, role).toEqual({ medianSeconds: 7200, withinDayPercent: 100, overdue: 3 });
    }
    for (const role of ["editor", "recruiter"] as const) {
      const response = await (await signedInAdmin(t, role)).request("GET", "/api/admin/dashboard/?range=24h");
      expect(response.statusCode).toBe(200);
      expect(response.json(), role).not.toHaveProperty("responseTimes");
    }
  });
});
