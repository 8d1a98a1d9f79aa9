import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminBrowser, signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { careerApplications, careerJobs, careerResumes } from "../careers/schema";
import { pdfDocument } from "../../../tests/fixtures/resume-documents";
import { enquiries, newsletterSubscriptions } from "../enquiries/schema";
import { auditLog } from "./schema";

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(auditLog);
  await t.database.db.delete(enquiries);
  await t.database.db.delete(newsletterSubscriptions);
  await t.database.db.delete(careerApplications);
  await t.database.db.delete(careerResumes);
  await t.database.db.delete(careerJobs);
});

const MINUTE = 60_000;

async function addEnquiries(count: number, type: "CTA" | "GET_STARTED" = "CTA") {
  const base = t.clock.now.getTime();
  const rows = Array.from({ length: count }, (_, i) => ({
    type,
    name: `Sender ${i}`,
    email: `sender${i}@example.com`,
    message: `Message number ${i}`,
    ipHash: "hash",
    userAgent: "test",
    createdAt: new Date(base - (count - i) * MINUTE),
    dueAt: new Date(base - (count - i) * MINUTE + 24 * 60 * MINUTE),
  }));
  return t.database.db.insert(enquiries).values(rows).returning({ id: enquiries.id, createdAt: enquiries.createdAt });
}

const auditEntries = () => t.database.db.select().from(auditLog).orderBy(auditLog.id);

const validJob = {
  title: "Senior Rust Engineer",
  type: "Full-time",
  department: "Engineering",
  location: "Remote · Nepal",
  salary: "",
  description: "Build the core of our data platform.",
  requirements: ["Five years of Rust", "Postgres"],
  responsibilities: ["Own the ingestion pipeline"],
};

async function apply(jobId: string, name = "Sita Sharma") {
  const form = new FormData();
  form.append("job", jobId);
  form.append("name", name);
  form.append("email", "sita@example.com");
  form.append("cover_letter", "I build careful systems.");
  form.append("resume", new Blob([new Uint8Array(pdfDocument())], { type: "application/pdf" }), "Sita CV (final).pdf");
  const response = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

describe("the admin business API", () => {
  const calls = [
    ["GET", "/api/admin/enquiries/"],
    ["GET", "/api/admin/enquiries/1/"],
    ["POST", "/api/admin/enquiries/1/status/"],
    ["GET", "/api/admin/subscribers/"],
    ["DELETE", "/api/admin/subscribers/1/"],
    ["GET", "/api/admin/jobs/"],
    ["POST", "/api/admin/jobs/"],
    ["GET", "/api/admin/jobs/a-job/"],
    ["PATCH", "/api/admin/jobs/a-job/"],
    ["POST", "/api/admin/jobs/a-job/status/"],
    ["GET", "/api/admin/applications/"],
    ["GET", "/api/admin/applications/00000000-0000-4000-8000-000000000000/"],
    ["GET", "/api/admin/applications/00000000-0000-4000-8000-000000000000/resume/"],
    ["POST", "/api/admin/applications/00000000-0000-4000-8000-000000000000/status/"],
    ["GET", "/api/admin/audit/"],
  ] as const;

  it("refuses every call without an admin session, and unsafe calls without the CSRF token", async () => {
    const anonymous = adminBrowser(t);
    for (const [method, url] of calls)
      expect((await anonymous.request(method, url, method === "GET" ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    for (const [method, url] of calls.filter(([method]) => method !== "GET")) {
      const response = await t.app.inject({ method, url, cookies: { admin_session: admin.jar.admin_session! }, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await auditEntries()).toEqual([]);
  });

  it("pages enquiries soonest due first (newest first when asked), filters them by form and status, and refuses bad page parameters", async () => {
    await addEnquiries(25);
    await addEnquiries(2, "GET_STARTED");
    const due = (await admin.request("GET", "/api/admin/enquiries/?per_page=10")).json();
    expect(due.results[0]).toMatchObject({ type: "CTA", message: "Message number 0", due_at: expect.any(String) });
    const first = (await admin.request("GET", "/api/admin/enquiries/?per_page=10&sort=-created")).json();
    expect(first).toMatchObject({ count: 27, page: 1, pages: 3 });
    expect(first.results).toHaveLength(10);
    expect(first.results[0]).toMatchObject({ type: "GET_STARTED", status: "new" });
    const last = (await admin.request("GET", "/api/admin/enquiries/?per_page=10&page=3&sort=-created")).json();
    expect(last.results).toHaveLength(7);
    expect(last.results.at(-1).message).toBe("Message number 0");
    const cta = (await admin.request("GET", "/api/admin/enquiries/?type=CTA&status=new&per_page=100")).json();
    expect(cta).toMatchObject({ count: 25, pages: 1 });
    expect((await admin.request("GET", "/api/admin/enquiries/?status=closed")).json()).toEqual({ results: [], count: 0, page: 1, pages: 1 });
    for (const query of ["page=0", "per_page=101", "per_page=0", "page=x", "type=SPAM", "status=handled", "owner=someone", "age=ancient", "overdue=no"]) {
      expect((await admin.request("GET", `/api/admin/enquiries/?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("closes an enquiry (nothing due) and opens it again (its first answer due again), each with an audit entry naming the admin", async () => {
    const [enquiry] = await addEnquiries(1);
    const closed = await admin.request("POST", `/api/admin/enquiries/${enquiry!.id}/status/`, { status: "closed" });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", due_at: null, message: "Status saved." });
    const reopened = await admin.request("POST", `/api/admin/enquiries/${enquiry!.id}/status/`, { status: "open" });
    expect(reopened.json()).toMatchObject({ status: "open", due_at: new Date(enquiry!.createdAt.getTime() + 24 * 3600_000).toISOString() });
    expect((await auditEntries()).map((entry) => [entry.action, entry.target, entry.detail])).toEqual([
      ["enquiry.closed", `enquiry:${enquiry!.id}`, {}],
      ["enquiry.open", `enquiry:${enquiry!.id}`, {}],
    ]);
    expect((await admin.request("POST", `/api/admin/enquiries/${enquiry!.id}/status/`, { status: "handled" })).statusCode).toBe(400);
    expect((await admin.request("POST", "/api/admin/enquiries/999999/status/", { status: "closed" })).statusCode).toBe(404);
    expect(await auditEntries()).toHaveLength(2);
  });

  it("creates a job under a unique slug of its title, lists it on the careers API, closes and reopens it", async () => {
    const created = await admin.request("POST", "/api/admin/jobs/", validJob);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: "senior-rust-engineer", status: "open", salary: null, requirements: validJob.requirements });
    const twin = await admin.request("POST", "/api/admin/jobs/", { ...validJob, title: "Senior Rust Engineer!" });
    expect(twin.json().id).toBe("senior-rust-engineer-2");
    expect((await t.app.inject({ method: "GET", url: "/api/careers/jobs/senior-rust-engineer/" })).statusCode).toBe(200);

    const edited = await admin.request("PATCH", "/api/admin/jobs/senior-rust-engineer/", {
      ...validJob,
      title: "Staff Rust Engineer",
      salary: "NPR 300,000 / month",
    });
    expect(edited.json()).toMatchObject({ id: "senior-rust-engineer", title: "Staff Rust Engineer", salary: "NPR 300,000 / month" });

    const closed = await admin.request("POST", "/api/admin/jobs/senior-rust-engineer/status/", { status: "closed" });
    expect(closed.json().status).toBe("closed");
    const openIds = (await t.app.inject({ method: "GET", url: "/api/careers/jobs/" })).json().map((job: { id: string }) => job.id);
    expect(openIds).toEqual(["senior-rust-engineer-2"]);
    const form = new FormData();
    form.append("job", "senior-rust-engineer");
    form.append("name", "Late Applicant");
    form.append("email", "late@example.com");
    form.append("resume", new Blob([new Uint8Array(pdfDocument())], { type: "application/pdf" }), "cv.pdf");
    const refused = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.job).toBeDefined();

    await admin.request("POST", "/api/admin/jobs/senior-rust-engineer/status/", { status: "open" });
    expect((await t.app.inject({ method: "GET", url: "/api/careers/jobs/senior-rust-engineer/" })).statusCode).toBe(200);
    expect((await auditEntries()).map((entry) => [entry.action, entry.target])).toEqual([
      ["job.created", "job:senior-rust-engineer"],
      ["job.created", "job:senior-rust-engineer-2"],
      ["job.updated", "job:senior-rust-engineer"],
      ["job.closed", "job:senior-rust-engineer"],
      ["job.reopened", "job:senior-rust-engineer"],
    ]);
  });

  it("reopening a job past its closing date brings it back to the careers page", async () => {
    await admin.request("POST", "/api/admin/jobs/", validJob);
    await t.database.db.update(careerJobs).set({ status: "closed", closesAt: new Date(t.clock.now.getTime() - MINUTE) });
    await admin.request("POST", "/api/admin/jobs/senior-rust-engineer/status/", { status: "open" });
    expect((await t.app.inject({ method: "GET", url: "/api/careers/jobs/senior-rust-engineer/" })).statusCode).toBe(200);
  });

  it("tells the page caches about every job write once it has committed", async () => {
    const heard: string[] = [];
    const stop = t.app.services.contentEvents.onChange((area) => void heard.push(area));
    await admin.request("POST", "/api/admin/jobs/", validJob);
    await admin.request("PATCH", "/api/admin/jobs/senior-rust-engineer/", validJob);
    await admin.request("POST", "/api/admin/jobs/senior-rust-engineer/status/", { status: "closed" });
    await admin.request("POST", "/api/admin/jobs/", { ...validJob, title: "" });
    stop();
    expect(heard).toEqual(["careers", "careers", "careers"]);
  });

  it("refuses an invalid job with a message for each field and stores nothing", async () => {
    const response = await admin.request("POST", "/api/admin/jobs/", { ...validJob, title: " ", department: "", requirements: [], type: "Gig" });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.title[0]).toBe("Title is required");
    expect(errors.department).toEqual(["Department is required"]);
    expect(errors.requirements).toEqual(["List at least one requirement"]);
    expect(errors.type).toEqual(["Choose the employment type"]);
    expect(await t.database.db.select().from(careerJobs)).toEqual([]);
    expect(await auditEntries()).toEqual([]);
  });

  it("lists applications by job, shows one, and serves its résumé only as an attachment", async () => {
    await admin.request("POST", "/api/admin/jobs/", validJob);
    await admin.request("POST", "/api/admin/jobs/", { ...validJob, title: "Designer" });
    const id = await apply("senior-rust-engineer");
    await apply("designer", "Hari Thapa");
    const jobs = (await admin.request("GET", "/api/admin/jobs/")).json().results;
    expect(jobs.map((job: { id: string; applications: number }) => [job.id, job.applications])).toEqual([
      ["designer", 1],
      ["senior-rust-engineer", 1],
    ]);
    expect((await admin.request("GET", "/api/admin/applications/")).json()).toMatchObject({ count: 2, page: 1, pages: 1 });
    const forRust = (await admin.request("GET", "/api/admin/applications/?job=senior-rust-engineer")).json();
    expect(forRust.results.map((application: { name: string }) => application.name)).toEqual(["Sita Sharma"]);
    const detail = (await admin.request("GET", `/api/admin/applications/${id}/`)).json();
    expect(detail).toMatchObject({
      cover_letter: "I build careful systems.",
      email: "sita@example.com",
      resume: { name: "Sita CV (final).pdf", content_type: "application/pdf" },
    });

    const resume = await admin.request("GET", `/api/admin/applications/${id}/resume/`);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers["content-type"]).toBe("application/pdf");
    expect(resume.headers["content-disposition"]).toBe('attachment; filename="resume-sita-sharma.pdf"');
    expect(resume.headers["x-content-type-options"]).toBe("nosniff");
    expect(resume.rawPayload.equals(pdfDocument())).toBe(true);
    expect((await admin.request("GET", "/api/admin/applications/00000000-0000-4000-8000-000000000000/resume/")).statusCode).toBe(404);
    expect((await admin.request("GET", "/api/admin/applications/not-a-uuid/resume/")).statusCode).toBe(400);
    for (const url of ["/api/admin/applications/?job=%00", "/api/admin/jobs/Bad%20Id/", "/api/admin/jobs/a%00b/"])
      expect((await admin.request("GET", url)).statusCode, url).toBe(400);
  });

  it("changes an application's status with an audit entry, and refuses an unknown status", async () => {
    await admin.request("POST", "/api/admin/jobs/", validJob);
    const id = await apply("senior-rust-engineer");
    const changed = await admin.request("POST", `/api/admin/applications/${id}/status/`, { status: "screening" });
    expect(changed.json().status).toBe("screening");
    expect((await admin.request("POST", `/api/admin/applications/${id}/status/`, { status: "maybe" })).statusCode).toBe(400);
    expect((await auditEntries()).map((entry) => [entry.action, entry.target])).toEqual([
      ["job.created", "job:senior-rust-engineer"],
      ["application.screening", `application:${id}`],
    ]);
  });

  it("pages and filters subscribers, and removes one with an audit entry keeping the address", async () => {
    const base = t.clock.now.getTime();
    const statuses = ["pending", "confirmed", "confirmed", "unsubscribed"] as const;
    const rows = await t.database.db
      .insert(newsletterSubscriptions)
      .values(statuses.map((status, i) => ({ email: `reader${i}@example.com`, status, ipHash: "h", userAgent: "u", createdAt: new Date(base + i * MINUTE) })))
      .returning({ id: newsletterSubscriptions.id });
    const confirmed = (await admin.request("GET", "/api/admin/subscribers/?status=confirmed&per_page=1")).json();
    expect(confirmed).toMatchObject({ count: 2, page: 1, pages: 2 });
    expect(confirmed.results[0].email).toBe("reader2@example.com");
    expect((await admin.request("GET", "/api/admin/subscribers/?status=gone")).statusCode).toBe(400);

    expect((await admin.request("DELETE", `/api/admin/subscribers/${rows[1]!.id}/`)).statusCode).toBe(204);
    expect((await admin.request("DELETE", `/api/admin/subscribers/${rows[1]!.id}/`)).statusCode).toBe(404);
    expect((await admin.request("GET", "/api/admin/subscribers/")).json().count).toBe(3);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: "subscriber.removed", target: `subscriber:${rows[1]!.id}`, detail: { email: "reader1@example.com" } });
  });

  it("writes post changes, sign-in and sign-out to the log, each under the admin who did it", async () => {
    const writer = await signedInAdmin(t);
    const category = (await writer.request("POST", "/api/categories/", { name: "Logged" })).json();
    const form = (title: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        title,
        excerpt: "Short.",
        content: "Body.",
        read_time: "3",
        featured: "false",
        categories: String(category.id),
      }))
        body.append(name, value);
      return body;
    };
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#4f46e5" } })
      .png()
      .toBuffer();
    const created = form("Logged post");
    created.append("featured_image", new Blob([new Uint8Array(png)], { type: "image/png" }), "cover.png");
    const post = (await writer.request("POST", "/api/posts/", created)).json();
    expect((await writer.request("PATCH", `/api/posts/${post.id}/`, form("Logged post, edited"))).statusCode).toBe(200);
    expect((await writer.request("DELETE", `/api/posts/${post.id}/`)).statusCode).toBe(204);
    expect((await writer.request("DELETE", `/api/posts/${post.id}/`)).statusCode).toBe(404);
    expect((await writer.request("POST", "/api/admin/logout/")).statusCode).toBe(200);

    // The helper approves the new browser itself, as the command line would.
    const [approval, ...entries] = await auditEntries();
    expect(approval).toMatchObject({ action: "device.approved", adminUsername: "command line", adminId: null });
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual([
      ["admin.login", expect.stringMatching(/^device:\d+$/)],
      ["category.created", `category:${category.id}`],
      ["post.created", `post:${post.id}`],
      ["post.updated", `post:${post.id}`],
      ["post.deleted", `post:${post.id}`],
      ["admin.logout", ""],
    ]);
    expect(new Set(entries.map((entry) => entry.adminUsername)).size).toBe(1);
    expect(entries[4]!.detail).toEqual({ title: "Logged post, edited" });
  });

  it("writes the existing admin actions to the log too, and pages it newest first", async () => {
    const category = (await admin.request("POST", "/api/categories/", { name: "Audit" })).json();
    const devices = await t.app.services.admin.listDevices();
    await admin.request("POST", `/api/admin/devices/${devices[0]!.id}/approve/`);
    const log = (await admin.request("GET", "/api/admin/audit/?per_page=1")).json();
    expect(log).toMatchObject({ count: 2, page: 1, pages: 2 });
    expect(log.results[0]).toMatchObject({ action: "device.approved", who: expect.stringMatching(/^editor/), target: `device:${devices[0]!.id}` });
    const older = (await admin.request("GET", "/api/admin/audit/?per_page=1&page=2")).json();
    expect(older.results[0]).toMatchObject({ action: "category.created", target: `category:${category.id}` });
    expect((await admin.request("GET", "/api/admin/audit/?per_page=500")).statusCode).toBe(400);
  });
});
