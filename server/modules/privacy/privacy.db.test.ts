import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DataRequestRow } from "#contracts/privacy.ts";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import * as schema from "../../db/schema";
import { outbox } from "../../mail/schema";
import { personalDataHandlers, tablesWithoutVisitorData } from "../../personal-data";
import { auditLog } from "../audit/schema";
import { pdfDocument } from "../../../tests/fixtures/resume-documents";
import { campaignRecipients } from "../campaigns/schema";
import { meetings } from "../meetings/schema";
import { dataRequests } from "./schema";

const DAY_MS = 24 * 60 * 60_000;
const PASSWORD = "correct horse battery staple 42";
let t: TestContext;
let sink: SmtpSink;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;

const everyTable = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(dataRequests);
  await t.database.db.delete(outbox);
  staff = await signedInAdmin(t, "support");
});

/** Moves the clock; staff, idle meanwhile, sign in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  staff = await signedInAdmin(t, "support");
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers });
const mails = () => t.database.db.select().from(outbox).orderBy(outbox.id);
const linkIn = async (pattern: RegExp) => {
  const found = (await mails())
    .map((mail) => pattern.exec(mail.text))
    .filter(Boolean)
    .at(-1);
  expect(found, "a mail with the link").toBeTruthy();
  return found![1]!;
};
const confirmationToken = () => linkIn(/\/privacy\/requests\/([\w-]+)/);
async function queue(): Promise<DataRequestRow[]> {
  const response = await staff.request("GET", "/api/admin/data-requests/");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().requests;
}
const act = (id: number, action: string, note = "") => staff.request("POST", `/api/admin/data-requests/${id}/action/`, { action, note });

/** A confirmed request, as the requester leaves it after opening the mailed link. */
async function confirmedRequest(email: string, right: string, details = "") {
  const sent = await post("/api/privacy/requests/", { email, right, details });
  expect(sent.statusCode, sent.body).toBe(202);
  const confirmed = await post("/api/privacy/requests/confirm/", { token: await confirmationToken() });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [row] = (await queue()).filter((request) => request.email === email && request.right === right);
  return row!;
}

/** Rows of any table that still mention the address anywhere (each row read whole, as text). */
async function tablesMentioning(email: string) {
  const found: Record<string, number> = {};
  for (const table of everyTable) {
    const name = getTableName(table);
    const result = (await t.database.db.execute(
      sql`select count(*)::int as count from ${sql.identifier(name)} as row where row::text ilike ${`%${email}%`}`,
    )) as unknown as {
      rows: { count: number }[];
    };
    const count = Number(result.rows[0]!.count);
    if (count > 0) found[name] = count;
  }
  return found;
}

describe("the personal-data registry", () => {
  it("has every table claimed by one area's handler or listed as holding no visitor's data", () => {
    const claimed = personalDataHandlers.flatMap((handler) => handler.tables.map((table) => getTableName(table)));
    expect(new Set(claimed).size, "a table claimed twice").toBe(claimed.length);
    const unaccounted = everyTable.map((table) => getTableName(table)).filter((name) => !claimed.includes(name) && !(name in tablesWithoutVisitorData));
    expect(unaccounted, "tables with no erase/export handler and no reason they need none").toEqual([]);
    const stale = Object.keys(tablesWithoutVisitorData).filter((name) => !everyTable.some((table) => getTableName(table) === name) || claimed.includes(name));
    expect(stale).toEqual([]);
  });
});

describe("a data request from the privacy page", () => {
  it("is confirmed by the mailed link before staff see it, with a deadline 30 days after confirmation", async () => {
    const sent = await post("/api/privacy/requests/", { email: "Nima@Example.com", right: "correction", details: "My surname is Sherpa." });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toContain("nima@example.com");
    expect(await queue()).toEqual([]);

    const token = await confirmationToken();
    expect((await mails()).at(-1)).toMatchObject({ to: "nima@example.com", subject: "Confirm your data request to HimalTech" });
    expect(await t.app.services.privacy.linkState(token)).toBe("pending");
    await later(DAY_MS);
    const confirmedAt = t.clock.now;
    expect((await post("/api/privacy/requests/confirm/", { token })).json().message).toContain("confirmed");
    expect(await t.app.services.privacy.linkState(token)).toBe("confirmed");
    // Staff hear of it, with the link to answer it.
    expect((await mails()).at(-1)).toMatchObject({ to: "hello@himaltech.com.np" });
    expect((await mails()).at(-1)!.text).toMatch(/\/admin\/data-requests\/\d+/);

    const [request] = await queue();
    expect(request).toMatchObject({ email: "nima@example.com", right: "correction", details: "My surname is Sherpa.", status: "open" });
    expect(new Date(request!.dueAt!).getTime()).toBe(confirmedAt.getTime() + 30 * DAY_MS);
  });

  it("refuses bad input, a forged link and one past 7 days with a 4xx, storing and confirming nothing", async () => {
    for (const payload of [
      { email: "not-an-address", right: "access" },
      { email: "a@example.com", right: "everything" },
      { email: "a@example.com", right: "access", details: "x".repeat(2001) },
    ]) {
      const response = await post("/api/privacy/requests/", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post("/api/privacy/requests/", { email: "not-an-address", right: "access" })).json().message).toMatch(/valid email address/);
    expect(await t.database.db.select().from(dataRequests)).toEqual([]);

    await post("/api/privacy/requests/", { email: "late@example.com", right: "access" });
    // A second request within the hour answers alike and mails nothing more.
    expect((await post("/api/privacy/requests/", { email: "late@example.com", right: "erasure" })).statusCode).toBe(202);
    expect((await mails()).filter((mail) => mail.to === "late@example.com")).toHaveLength(1);
    const token = await confirmationToken();
    const forged = `${token.slice(0, -4)}0000`;
    expect((await post("/api/privacy/requests/confirm/", { token: forged })).statusCode).toBe(400);
    expect((await post("/api/privacy/requests/confirm/", { token: "1; drop table" })).statusCode).toBe(400);
    await later(7 * DAY_MS + 1);
    expect(await t.app.services.privacy.linkState(token)).toBe("expired");
    expect((await post("/api/privacy/requests/confirm/", { token })).statusCode).toBe(400);
    expect(await queue()).toEqual([]);
  });

  it("is answered by the action its right calls for; others, and a second answer, are refused", async () => {
    const access = await confirmedRequest("kiran@example.com", "access");
    expect((await act(access.id, "erase")).statusCode).toBe(409);
    const restriction = await confirmedRequest("kiran@example.com", "restriction");
    expect((await act(restriction.id, "send_archive")).statusCode).toBe(409);
    expect((await act(restriction.id, "complete")).statusCode, "an answer needs words for the requester").toBe(400);
    expect((await act(restriction.id, "complete", "We stopped sending you newsletters while we check.")).statusCode).toBe(200);
    expect((await mails()).at(-1)).toMatchObject({ to: "kiran@example.com", subject: "Your data request to HimalTech" });
    expect((await act(restriction.id, "decline", "Again")).statusCode).toBe(409);
    expect((await act(access.id, "decline", "We hold nothing for this address.")).statusCode).toBe(200);
    expect((await queue()).map((request) => request.status).sort()).toEqual(["completed", "declined"]);
    const entries = await t.database.db.select().from(auditLog);
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(["data_request.completed", "data_request.declined"]));
    expect(JSON.stringify(entries)).not.toContain("kiran@example.com");
  });

  it("is staff's in the privacy area only", async () => {
    const editor = await signedInAdmin(t, "editor");
    expect((await editor.request("GET", "/api/admin/data-requests/")).statusCode).toBe(403);
    const request = await confirmedRequest("dawa@example.com", "erasure");
    expect((await editor.request("POST", `/api/admin/data-requests/${request.id}/action/`, { action: "erase" })).statusCode).toBe(403);
    expect((await staff.request("GET", "/api/admin/data-requests/99999999999/")).statusCode).toBe(400);
    expect((await staff.request("GET", "/api/admin/data-requests/424242/")).statusCode).toBe(404);
  });
});

describe("one person's data, everywhere", () => {
  let people = 0;
  let email: string;
  beforeEach(() => {
    email = `mira.tamang${++people}@example.com`;
  });
  const resume = pdfDocument("Mira Tamang - Curriculum Vitae");
  let access: string;

  /** Mira as she would leave herself across the site: an account, enquiries, a subscription, an application, the assistant, a meeting and a newsletter. */
  async function everywhere() {
    expect((await post("/api/accounts/register/", { email, password: PASSWORD, full_name: "Mira Tamang" })).statusCode).toBe(201);
    const activation = /\/verify\/([\w-]+)\/([\w-]+)/.exec((await mails()).at(-1)!.text)!;
    expect((await t.app.inject({ method: "GET", url: `/api/accounts/activate/${activation[1]}/${activation[2]}/` })).statusCode).toBe(200);
    const login = await post("/api/accounts/login/", { email, password: PASSWORD });
    access = login.json().access;

    const contact = await post("/api/cta/", { name: "Mira Tamang", email: email.replace("mira", "Mira"), message: "We need a data platform for our clinics." });
    expect(contact.statusCode, contact.body).toBe(201);
    expect((await post("/api/newsletter/", { email })).statusCode).toBeLessThan(300);

    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Mira Tamang", email, phone: "+977 9800000000", cover_letter: "I love data." }))
      form.append(name, value);
    form.append("resume", new Blob([new Uint8Array(resume)], { type: "application/pdf" }), "Mira CV.pdf");
    const applied = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
    expect(applied.statusCode, applied.body).toBe(201);

    const asked = await post("/api/assistant/", { question: "Do you build data platforms?" });
    const handoff = await post("/api/assistant/handoff/", { conversation: asked.json().conversation, name: "Mira Tamang", email });
    expect(handoff.statusCode, handoff.body).toBe(201);

    const startsAt = new Date(t.clock.now.getTime() + 3 * DAY_MS);
    await t.database.db.insert(meetings).values({
      name: "Mira Tamang",
      email,
      topic: "Clinics",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      timeZone: "Asia/Kathmandu",
      roomUrl: "https://meet.example/room",
      createdAt: t.clock.now,
    });
    const campaign = await staff.request("POST", "/api/admin/campaigns/", { subject: "Clinic data notes", body: "Hello" });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const [subscription] = (await t.app.services.enquiries.newsletterAudience()).filter((reader) => reader.email === email);
    await t.database.db.insert(campaignRecipients).values({
      campaignId: campaign.json().id,
      subscriptionId: subscription?.id ?? 1,
      email,
      status: "sent",
      sentAt: t.clock.now,
    });
  }

  it("is handed over as one archive, JSON and the résumé, by an expiring link; then erased from every table, and the requester told", async () => {
    await everywhere();
    const before = await tablesMentioning(email);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["users", "enquiries", "career_applications", "meetings", "campaign_recipients", "outbox"]));

    const request = await confirmedRequest(email, "access");
    expect((await act(request.id, "send_archive")).statusCode).toBe(200);
    const archiveToken = await linkIn(/\/api\/privacy\/archives\/([\w-]+)\//);
    const download = await t.app.inject({ method: "GET", url: `/api/privacy/archives/${archiveToken}/` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const data = JSON.parse(strFromU8(files["data.json"]!));
    expect(data.account).toMatchObject({ email, full_name: "Mira Tamang", verified: true });
    expect(data.account).not.toHaveProperty("password_hash");
    expect(data.enquiries.enquiries.map((enquiry: { message: string }) => enquiry.message)).toEqual(
      expect.arrayContaining(["We need a data platform for our clinics.", expect.stringContaining("Do you build data platforms?")]),
    );
    expect(data.enquiries.newsletter).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({ name: "Mira Tamang", phone: "+977 9800000000", cover_letter: "I love data.", stage: "new" });
    expect(data.assistant[0].questions[0].question).toBe("Do you build data platforms?");
    expect(data.meetings[0]).toMatchObject({ topic: "Clinics" });
    expect(data.newsletters[0]).toMatchObject({ newsletter: "Clinic data notes", status: "sent" });
    expect(Buffer.compare(Buffer.from(files[data.applications[0].resume.file]!), resume)).toBe(0);

    // The link expires; a forged one never worked.
    const forged = archiveToken.slice(0, -1) + (archiveToken.endsWith("0") ? "1" : "0");
    expect((await t.app.inject({ method: "GET", url: `/api/privacy/archives/${forged}/` })).statusCode).toBe(404);
    await later(7 * DAY_MS + 1);
    expect((await t.app.inject({ method: "GET", url: `/api/privacy/archives/${archiveToken}/` })).statusCode).toBe(404);

    const erasure = await confirmedRequest(email, "erasure", "Please forget me.");
    expect((await act(erasure.id, "erase")).statusCode).toBe(200);
    // Only the mail telling her so still holds the address, until it has gone.
    expect(await tablesMentioning(email)).toEqual({ outbox: 1 });
    const worker = testOutbox(t, sink.url);
    await worker.runOnce();
    await worker.close();
    const farewell = await sink.waitFor((mail) => mail.subject === "Your data at HimalTech is erased");
    expect(JSON.stringify(farewell.to)).toContain(email);
    expect(await tablesMentioning(email)).toEqual({});

    // She can no longer sign in; the request stays answered, in the log without her address.
    expect((await post("/api/accounts/login/", { email, password: PASSWORD })).statusCode).toBe(401);
    const answered = (await queue()).find((row) => row.id === erasure.id);
    expect(answered).toMatchObject({ status: "completed", email: "", completedBy: staff.username });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'data_request.erased'`);
    expect(Object.keys((entry!.detail as { rows: object }).rows)).toEqual(
      expect.arrayContaining(["account", "enquiries", "applications", "meetings", "newsletters", "mail", "data_requests"]),
    );
  });

  it("is the signed-in person's own to download at once and to delete with their password", async () => {
    await everywhere();
    const anonymous = await t.app.inject({ method: "GET", url: "/api/accounts/data/" });
    expect(anonymous.statusCode).toBe(401);
    const download = await t.app.inject({ method: "GET", url: "/api/accounts/data/", headers: { authorization: `Bearer ${access}` } });
    expect(download.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(download.rawPayload))["data.json"]!));
    expect(data.account.email).toBe(email);

    const wrong = await post("/api/accounts/delete/", { password: "not my password" }, { authorization: `Bearer ${access}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe("Your current password is incorrect.");
    expect((await tablesMentioning(email)).users).toBe(1);

    const deleted = await post("/api/accounts/delete/", { password: PASSWORD }, { authorization: `Bearer ${access}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await tablesMentioning(email)).toEqual({ outbox: 1 });
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(401);
  });
});
