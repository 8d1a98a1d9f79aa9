import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminApplicationDetail } from "#contracts/admin-business.ts";
import type { CandidateMailTemplate } from "#contracts/candidate-mail.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import { outbox } from "../../mail/schema";
import { auditLog } from "../audit/schema";
import { careerApplications, careerJobs, careerMailTemplates, careerResumes } from "./schema";

let t: TestContext;
let sink: SmtpSink;
let mail: ReturnType<typeof testOutbox>;
let recruiter: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  [t, sink] = await Promise.all([buildTestApp({ rateLimitsDisabled: true }), startSmtpSink()]);
  mail = testOutbox(t, sink.url);
  await t.database.db.insert(careerJobs).values({
    id: "data-engineer",
    title: "Data Engineer",
    department: "Data",
    type: "Full-time",
    location: "Remote",
    description: "Pipelines.",
  });
  recruiter = await signedInAdmin(t, "recruiter");
});
afterAll(async () => {
  await mail.close();
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(outbox);
  await t.database.db.delete(careerMailTemplates);
  sink.messages.length = 0;
});

/** A new application from `name`, for the Data Engineer opening or (job null) a general one. */
async function application(name: string, job: string | null = "data-engineer"): Promise<string> {
  const { db } = t.database;
  const [resume] = await db
    .insert(careerResumes)
    .values({ id: randomUUID(), originalName: "cv.pdf", contentType: "application/pdf", size: 1, sha256: "0" })
    .returning({ id: careerResumes.id });
  const id = randomUUID();
  const email = `${name.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db
    .insert(careerApplications)
    .values({ id, name, email, jobId: job, jobTitle: job ? "Data Engineer" : null, resumeId: resume!.id, createdAt: t.clock.now });
  return id;
}

const move = async (id: string, status: string) => {
  const response = await recruiter.request("POST", `/api/admin/applications/${id}/status/`, { status });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminApplicationDetail;
};
const queuedMails = () => t.database.db.select().from(outbox);

describe("candidate mail", () => {
  it("offers the rejection mail filled in for the candidate, sends it as confirmed, once, and notes it in the history", async () => {
    const id = await application("Bishnu Karki");
    const rejected = await move(id, "rejected");
    expect(rejected.pending_mail).toMatchObject({ stage: "rejected", to: rejected.email, subject: "HimalTech: your application for Data Engineer" });
    expect(rejected.pending_mail!.body).toMatch(/^Dear Bishnu Karki,\n\nThank you for your interest in Data Engineer with HimalTech/);
    // Nothing goes before staff confirm.
    expect(await queuedMails()).toEqual([]);

    const confirmed = { subject: "Your application for Data Engineer", body: "Dear Bishnu,\n\nThank you, but we have chosen another candidate." };
    const sent = await recruiter.request("POST", `/api/admin/applications/${id}/mail/`, confirmed);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().pending_mail).toBeNull();
    expect(sent.json().history.at(-1)).toMatchObject({ to: "rejected", mail: "sent" });

    const again = await recruiter.request("POST", `/api/admin/applications/${id}/mail/`, confirmed);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This mail has already been sent.");

    await mail.runOnce();
    const arrived = await sink.waitFor((message) => message.subject === confirmed.subject);
    expect(arrived.text?.trim()).toBe(confirmed.body);
    expect(JSON.stringify(arrived.to)).toContain(rejected.email);
    expect(JSON.stringify(arrived.replyTo)).toContain("careers@himaltech.com.np");
    expect(sink.messages.filter((message) => message.subject === confirmed.subject)).toHaveLength(1);

    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `application:${id}`))
        .orderBy(auditLog.id)
    ).map((row) => row.action);
    expect(actions).toEqual(["application.rejected", "application.mailed"]);
  });

  it("lets staff pass the mail over: the move stands and the candidate hears nothing", async () => {
    const id = await application("Kamala Rai");
    await move(id, "offer");
    const skipped = await recruiter.request("POST", `/api/admin/applications/${id}/mail/skip/`, {});
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ status: "offer", pending_mail: null });
    expect(skipped.json().history.at(-1).mail).toBe("skipped");
    expect((await recruiter.request("POST", `/api/admin/applications/${id}/mail/`, { subject: "Offer", body: "Welcome" })).statusCode).toBe(409);
    expect(await queuedMails()).toEqual([]);
  });

  it("offers a mail only for Interview, Offer and Rejected, and a later move brings its own", async () => {
    const id = await application("Nabin Shrestha", null);
    expect((await move(id, "screening")).pending_mail).toBeNull();
    const refused = await recruiter.request("POST", `/api/admin/applications/${id}/mail/`, { subject: "Hello", body: "Hi" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This application's stage offers no mail.");

    const interview = await move(id, "interview");
    expect(interview.pending_mail).toMatchObject({ stage: "interview", subject: "HimalTech: an interview for a role" });
    expect(interview.pending_mail!.body).toContain(`${t.config.publicUrl}/meetings/book`);
    // Moved on before deciding: the interview's mail is no longer offered, the rejection's is.
    expect((await move(id, "rejected")).pending_mail).toMatchObject({ stage: "rejected" });
  });

  it("fills the mail from the template staff wrote, and keeps who changed it", async () => {
    const template = { subject: "Let's talk about {job}", body: "Namaste {name}!\n\nBook a time here: {booking_link}\n\nHimalTech" };
    const saved = await recruiter.request("POST", "/api/admin/applications/mail-templates/interview/", template);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ stage: "interview", ...template, updated_by: recruiter.username });

    const listed = (await recruiter.request("GET", "/api/admin/applications/mail-templates/")).json() as CandidateMailTemplate[];
    expect(listed.map((entry) => [entry.stage, entry.updated_by])).toEqual([
      ["interview", recruiter.username],
      ["offer", null],
      ["rejected", null],
    ]);

    const id = await application("Pooja Tamang");
    const { pending_mail } = await move(id, "interview");
    expect(pending_mail).toMatchObject({
      subject: "Let's talk about Data Engineer",
      body: `Namaste Pooja Tamang!\n\nBook a time here: ${t.config.publicUrl}/meetings/book\n\nHimalTech`,
    });
  });

  it("refuses a mail or template it could not send as written, and changes nothing", async () => {
    const id = await application("Ramesh Adhikari");
    await move(id, "rejected");
    for (const body of [{ subject: "Two\r\nBcc: everyone@example.com", body: "Hi" }, { subject: "", body: "Hi" }, { subject: "Hi", body: "   " }, {}]) {
      const refused = await recruiter.request("POST", `/api/admin/applications/${id}/mail/`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badTemplate = await recruiter.request("POST", "/api/admin/applications/mail-templates/rejected/", { subject: "A\nB", body: "x" });
    expect(badTemplate.statusCode).toBe(400);
    expect((await recruiter.request("POST", "/api/admin/applications/mail-templates/hired/", { subject: "A", body: "B" })).statusCode).toBe(400);
    expect(await queuedMails()).toEqual([]);
    expect(await t.database.db.select().from(careerMailTemplates)).toEqual([]);
    const unknown = await recruiter.request("POST", `/api/admin/applications/${randomUUID()}/mail/`, { subject: "Hi", body: "Hi" });
    expect(unknown.statusCode).toBe(404);
  });
});
