import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { outbox } from "../../mail/schema";
import { auditLog } from "../audit/schema";
import { monthsBefore } from "./retention";
import { careerApplicationNotes, careerApplications, careerJobs, careerResumeChunks, careerResumes } from "./schema";
import { pdfDocument } from "../../../tests/fixtures/resume-documents";

const NOW = new Date("2026-11-26T06:00:00Z");
const months = (n: number) => monthsBefore(NOW, n);

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.now = NOW;
  await t.database.db.delete(careerApplications);
  await t.database.db.delete(careerResumes);
  await t.database.db.delete(careerJobs);
  await t.database.db.delete(outbox);
  await t.database.db.delete(auditLog);
});

async function job(id: string, values: Partial<typeof careerJobs.$inferInsert>) {
  await t.database.db
    .insert(careerJobs)
    .values({ id, title: id, department: "Engineering", type: "Full-time", location: "Remote", description: "Work.", ...values });
}

/** An application with its résumé's bytes and a note, as the pipeline leaves one. */
async function application(name: string, jobId: string | null, createdAt: Date) {
  const resumeId = randomUUID();
  const id = randomUUID();
  await t.database.db.insert(careerResumes).values({ id: resumeId, originalName: "cv.pdf", contentType: "application/pdf", size: 3, sha256: "0", text: "Go" });
  await t.database.db.insert(careerResumeChunks).values({ resumeId, seq: 0, data: Buffer.from("pdf") });
  await t.database.db.insert(careerApplications).values({ id, name, email: `${name}@example.com`, jobId, jobTitle: jobId, resumeId, createdAt });
  await t.database.db.insert(careerApplicationNotes).values({ applicationId: id, adminUsername: "bina", body: "A note", createdAt });
  return id;
}

const remaining = async () => (await t.database.db.select({ name: careerApplications.name }).from(careerApplications)).map((row) => row.name).sort();

describe("the retention sweep", () => {
  it("deletes applications twelve months after their job closed, or after a general one arrived, résumés and notes with them", async () => {
    await job("closed-long-ago", { status: "closed", closedAt: months(13) });
    await job("closed-lately", { status: "closed", closedAt: months(11) });
    await job("date-passed", { closesAt: months(13) });
    await job("still-open", {});
    await application("ana", "closed-long-ago", months(20));
    await application("bir", "closed-lately", months(20));
    await application("cam", "date-passed", months(14));
    await application("dev", "still-open", months(30));
    await application("eli", null, months(13));
    await application("fay", null, months(11));

    expect(await t.app.services.applicationRetention.sweep()).toBe(3);
    expect(await remaining()).toEqual(["bir", "dev", "fay"]);
    const { db } = t.database;
    expect([await db.$count(careerResumes), await db.$count(careerResumeChunks), await db.$count(careerApplicationNotes)]).toEqual([3, 3, 3]);

    // The log counts what went and names nobody.
    const entries = await t.database.db.select().from(auditLog);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ adminUsername: "retention", action: "applications.retention", target: "", detail: { deleted: 3, months: 12 } });
    expect(JSON.stringify(entries[0])).not.toMatch(/ana|cam|eli/);

    // A month on, the application of the job that closed eleven months ago goes too; nothing is deleted twice.
    t.clock.now = new Date(NOW.getTime() + 32 * 24 * 60 * 60_000);
    expect(await t.app.services.applicationRetention.sweep()).toBe(2);
    expect(await remaining()).toEqual(["dev"]);
    expect(await t.app.services.applicationRetention.sweep()).toBe(0);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(2);
  });

  it("counts from when staff closed the job, kept in closed_at", async () => {
    await job("engineer", {});
    const admin = { id: null, username: "bina" };
    t.clock.now = months(14);
    await t.app.services.careersAdmin.setJobStatus("engineer", "closed", admin);
    const [closed] = await t.database.db.select().from(careerJobs).where(eq(careerJobs.id, "engineer"));
    expect(closed!.closedAt).toEqual(months(14));
    await application("gil", "engineer", months(15));
    t.clock.now = NOW;
    expect(await t.app.services.applicationRetention.sweep()).toBe(1);
  });
});

describe("the candidate's withdrawal link", () => {
  it("comes in the acknowledgement, and deletes the application and résumé at once", async () => {
    const form = new FormData();
    for (const [field, value] of Object.entries({ name: "Hema Karki", email: "hema@example.com" })) form.append(field, value);
    form.append("resume", new Blob([new Uint8Array(pdfDocument("Hema Karki"))], { type: "application/pdf" }), "hema.pdf");
    const applied = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
    expect(applied.statusCode, applied.body).toBe(201);
    const [acknowledgement] = await t.database.db.select().from(outbox).where(eq(outbox.to, "hema@example.com"));
    const link = /http:\/\/localhost:3000\/careers\/withdraw\/(\S+)/.exec(acknowledgement!.text);
    expect(link, acknowledgement!.text).not.toBeNull();
    const token = link![1]!;

    const tampered = token.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    expect((await t.app.inject({ method: "POST", url: `/api/careers/withdraw/${tampered}/` })).statusCode).toBe(404);
    expect(await remaining()).toEqual(["Hema Karki"]);

    const withdrawn = await t.app.inject({ method: "POST", url: `/api/careers/withdraw/${token}/` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().message).toMatch(/withdrawn and your data deleted/);
    expect(withdrawn.headers["cache-control"]).toBe("no-store");
    expect(await remaining()).toEqual([]);
    expect(await t.database.db.$count(careerResumes)).toBe(0);
    expect((await t.app.inject({ method: "POST", url: `/api/careers/withdraw/${token}/` })).statusCode).toBe(404);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "application.withdrawn"));
    expect(entry).toMatchObject({ adminUsername: "candidate" });
  });
});
