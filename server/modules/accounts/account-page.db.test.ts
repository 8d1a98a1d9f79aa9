import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountActivity } from "#contracts/accounts.ts";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { outbox } from "../../mail/schema";
import { pdfDocument } from "../../../tests/fixtures/resume-documents";
import { newsletterSubscriptions } from "../enquiries/schema";
import { meetings } from "../meetings/schema";

const PASSWORD = "correct horse battery staple 42";
const EMAIL = "pema@example.com";
let t: TestContext;
let bearer: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: EMAIL, password: PASSWORD, full_name: "Pema Lama" } });
  const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, EMAIL));
  const [, uid, token] = /\/verify\/([\w-]+)\/([\w-]+)/.exec(mail!.text)!;
  await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` });
  const login = await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: EMAIL, password: PASSWORD } });
  bearer = { authorization: `Bearer ${login.json().access}` };
});
afterAll(() => t.close());

async function activity(): Promise<AccountActivity> {
  const response = await t.app.inject({ method: "GET", url: "/api/accounts/activity/", headers: bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const subscribe = (subscribed: unknown) => t.app.inject({ method: "POST", url: "/api/accounts/newsletter/", headers: bearer, payload: { subscribed } });

describe("the account page's activity", () => {
  it("is only for a signed-in account", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/activity/" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/accounts/newsletter/", payload: { subscribed: true } })).statusCode).toBe(401);
  });

  it("shows the address's applications at the stage a candidate sees: received, in review, closed", async () => {
    expect((await activity()).applications).toEqual([]);
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Pema Lama", email: "Pema@Example.com" })) form.append(name, value);
    form.append("resume", new Blob([new Uint8Array(pdfDocument("Pema Lama"))], { type: "application/pdf" }), "cv.pdf");
    const applied = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
    expect(applied.statusCode, applied.body).toBe(201);
    const [application] = (await activity()).applications;
    expect(application).toMatchObject({ position: "General application", stage: "received" });

    const recruiter = await signedInAdmin(t, "recruiter");
    const id = applied.json().id;
    for (const [status, stage] of [
      ["interview", "in_review"],
      ["rejected", "closed"],
    ] as const) {
      expect((await recruiter.request("POST", `/api/admin/applications/${id}/status/`, { status })).statusCode).toBe(200);
      expect((await activity()).applications[0]!.stage).toBe(stage);
    }
  });

  it("lists the address's meetings, each with its page to cancel or reschedule it", async () => {
    const startsAt = new Date(t.clock.now.getTime() + 5 * 24 * 60 * 60_000);
    await t.database.db.insert(meetings).values({
      name: "Pema Lama",
      email: EMAIL,
      topic: "Cloud costs",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      timeZone: "Asia/Kathmandu",
      roomUrl: "https://meet.example/room",
      createdAt: t.clock.now,
      confirmedAt: t.clock.now,
    });
    const [meeting] = (await activity()).meetings;
    expect(meeting).toMatchObject({ topic: "Cloud costs", starts_at: startsAt.toISOString(), status: "booked" });
    const token = new URL(meeting!.manage_url).pathname.split("/").at(-1);
    const page = await t.app.inject({ method: "GET", url: `/api/meetings/${token}/` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ topic: "Cloud costs" });
  });

  it("switches the newsletter on without a confirmation mail (the address is verified) and off as an unsubscribe", async () => {
    expect((await activity()).newsletter).toEqual({ subscribed: false });
    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    expect((await subscribe(true)).json()).toEqual({ subscribed: true });
    expect((await activity()).newsletter).toEqual({ subscribed: true });
    expect((await t.database.db.select().from(outbox)).length).toBe(mailsBefore);
    expect((await t.app.services.enquiries.newsletterAudience()).map((reader) => reader.email)).toContain(EMAIL);

    expect((await subscribe(false)).json()).toEqual({ subscribed: false });
    const [row] = await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, EMAIL));
    expect(row).toMatchObject({ status: "unsubscribed" });
    expect(row!.unsubscribedAt).not.toBeNull();
    expect((await activity()).newsletter).toEqual({ subscribed: false });

    expect((await subscribe("yes")).statusCode).toBe(400);
    expect((await activity()).newsletter).toEqual({ subscribed: false });
  });
});
