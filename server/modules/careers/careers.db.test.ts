import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "#app/content/site.ts";
import { RESUME_MAX_BYTES, resumeMessages } from "#contracts/careers.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { FILE_CHUNK_BYTES } from "../../db/files";
import { createMailOutbox } from "../../mail/outbox";
import { outbox } from "../../mail/schema";
import { READ_LIMITS } from "./resume";
import { careerApplications, careerJobs, careerResumes } from "./schema";
import { createCareersService } from "./service";
import { compoundDocument, docxDocument, inflatingPdf, pdfDocument, scannedPdfDocument, zipArchive } from "../../../tests/fixtures/resume-documents";

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(careerApplications);
  await t.database.db.delete(careerResumes);
  await t.database.db.delete(careerJobs);
  await t.database.db.delete(outbox);
  t.app.services.contentEvents.changed("careers");
});

const DAY = 24 * 60 * 60 * 1000;

async function addJob(id: string, overrides: Partial<typeof careerJobs.$inferInsert> = {}) {
  await t.database.db.insert(careerJobs).values({
    id,
    title: `Title of ${id}`,
    type: "Full-time",
    department: "Engineering",
    location: "Remote · Nepal",
    applicantLocations: ["Nepal"],
    description: `About ${id}.`,
    requirements: ["TypeScript"],
    responsibilities: ["Ship features"],
    postedAt: new Date(t.clock.now.getTime() - DAY),
    ...overrides,
  });
  // Written straight to the table, so announced as the admin calls do.
  t.app.services.contentEvents.changed("careers");
}

interface Upload {
  name: string;
  bytes: Buffer;
}

function application(fields: Record<string, string>, resume?: Upload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (resume) form.append("resume", new Blob([new Uint8Array(resume.bytes)], { type: "application/pdf" }), resume.name);
  return form;
}

const apply = (form: FormData, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form, headers });

const applicant = { name: "Sita Sharma", email: "sita@example.com", phone: "+977 9801234567", cover_letter: "I build web products with care." };

/** The résumé as the admin area hands it out. */
async function downloaded(applicationId: string) {
  const response = await admin.request("GET", `/api/admin/applications/${applicationId}/resume/`);
  expect(response.statusCode).toBe(200);
  expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
  return response.rawPayload;
}

const stored = async () => ({
  applications: await t.database.db.select().from(careerApplications),
  resumes: await t.database.db.select().from(careerResumes),
  mails: await t.database.db.select().from(outbox).orderBy(outbox.id),
});

describe("GET /api/careers/jobs/", () => {
  it("lists open jobs only, newest first, with the spec's fields", async () => {
    await addJob("older-role", { postedAt: new Date(t.clock.now.getTime() - 10 * DAY), salary: "NPR 100,000" });
    await addJob("newer-role", { postedAt: new Date(t.clock.now.getTime() - DAY), closesAt: new Date(t.clock.now.getTime() + DAY) });
    await addJob("closed-role", { status: "closed" });
    await addJob("expired-role", { closesAt: new Date(t.clock.now.getTime() - 1000) });

    const response = await t.app.inject({ method: "GET", url: "/api/careers/jobs/" });
    expect(response.statusCode).toBe(200);
    const jobs = response.json();
    expect(jobs.map((job: { id: string }) => job.id)).toEqual(["newer-role", "older-role"]);
    expect(jobs[1]).toMatchObject({
      title: "Title of older-role",
      type: "Full-time",
      department: "Engineering",
      location: "Remote · Nepal",
      salary: "NPR 100,000",
      description: "About older-role.",
      requirements: ["TypeScript"],
      responsibilities: ["Ship features"],
      remote: true,
      valid_through: null,
    });
    expect(jobs[0]).not.toHaveProperty("salary");

    t.clock.advance(2 * DAY);
    const later = (await t.app.inject({ method: "GET", url: "/api/careers/jobs/" })).json();
    expect(later.map((job: { id: string }) => job.id)).toEqual(["older-role"]);
    t.clock.advance(-2 * DAY);
  });

  it("answers an empty list when nothing is open", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/careers/jobs/" });
    expect(response.json()).toEqual([]);
  });
});

describe("GET /api/careers/jobs/{id}/", () => {
  it("answers one open job, and 404 'Job not found' for a missing or closed one", async () => {
    await addJob("data-role", { department: "Data Science" });
    await addJob("closed-role", { status: "closed" });
    const found = await t.app.inject({ method: "GET", url: "/api/careers/jobs/data-role/" });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: "data-role", department: "Data Science" });
    for (const id of ["no-such-role", "closed-role", "general"]) {
      const missing = await t.app.inject({ method: "GET", url: `/api/careers/jobs/${id}/` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Job not found" });
    }
  });
});

describe("POST /api/careers/applications/", () => {
  it("stores the application and the résumé byte for byte, and queues both mails in the same transaction", async () => {
    await addJob("full-stack-engineer", { title: "Full-Stack Engineer" });
    const pdf = pdfDocument("Sita Sharma");
    const response = await apply(application({ job: "full-stack-engineer", ...applicant }, { name: "C:\\Users\\sita\\Sita CV.pdf", bytes: pdf }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const { applications, resumes, mails } = await stored();
    expect(applications).toEqual([
      expect.objectContaining({
        id,
        jobId: "full-stack-engineer",
        jobTitle: "Full-Stack Engineer",
        name: "Sita Sharma",
        email: "sita@example.com",
        phone: "+977 9801234567",
        coverLetter: applicant.cover_letter,
        status: "new",
      }),
    ]);
    expect(resumes).toHaveLength(1);
    const [resume] = resumes;
    expect(resume!.id).toBe(applications[0]!.resumeId);
    expect(resume!.id).not.toContain("Sita");
    expect(Buffer.compare(await downloaded(id), pdf)).toBe(0);
    expect(resume).toMatchObject({ originalName: "Sita CV.pdf", contentType: "application/pdf", size: pdf.length });

    expect(mails).toHaveLength(2);
    const [inbox, acknowledgement] = mails;
    expect(inbox).toMatchObject({ to: site.contact.careersEmail, replyTo: "sita@example.com", subject: "New application: Full-Stack Engineer – Sita Sharma" });
    expect(inbox!.text).toContain(`${t.config.publicUrl}/admin/applications/${id}`);
    expect(inbox!.text).toContain(applicant.cover_letter);
    expect(inbox!.text).toContain("Sita CV.pdf");
    expect(inbox!.text).not.toContain("%PDF");
    expect(acknowledgement).toMatchObject({ to: "sita@example.com", replyTo: site.contact.careersEmail });
    expect(acknowledgement!.text).toContain("Thank you for applying for the Full-Stack Engineer position");
    expect(acknowledgement!.text).toContain("We'll review your information and get back to you soon.");
    expect(acknowledgement!.text).not.toContain(applicant.cover_letter);
  });

  it("accepts a Word .docx and a Word 97 .doc, recording the type found in the content", async () => {
    await addJob("designer");
    for (const [name, bytes, type] of [
      ["cv.docx", docxDocument(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["CV.DOC", compoundDocument(), "application/msword"],
    ] as const) {
      const response = await apply(application({ job: "designer", ...applicant }, { name, bytes }));
      expect(response.statusCode).toBe(201);
      const [resume] = await t.database.db.select().from(careerResumes).where(eqId(response.json().id));
      expect(resume).toMatchObject({ contentType: type, originalName: name });
      expect(Buffer.compare(await downloaded(response.json().id), bytes)).toBe(0);
    }
  });

  it("takes a general application without a job, with only name, email and résumé", async () => {
    const response = await apply(application({ name: "Ram Thapa", email: "ram@example.com" }, { name: "ram.pdf", bytes: pdfDocument() }));
    expect(response.statusCode).toBe(201);
    const { applications, mails } = await stored();
    expect(applications[0]).toMatchObject({ jobId: null, jobTitle: null, phone: null, coverLetter: null });
    expect(mails.map((mail) => mail.subject)).toEqual(["New general application – Ram Thapa", `We received your application – ${site.name}`]);
    expect(mails[0]!.text).toContain("Position: General application");
    expect(mails[1]!.text).toContain("Thank you for your general application");
  });

  it.each([
    ["exactly one stored chunk", FILE_CHUNK_BYTES],
    ["one byte over a chunk", FILE_CHUNK_BYTES + 1],
    ["5 MB, the limit", RESUME_MAX_BYTES],
  ])("stores a résumé of %s and gives the admin back the same bytes", async (_case, size) => {
    const pdf = scannedPdfDocument(size);
    const response = await apply(application(applicant, { name: "scan.pdf", bytes: pdf }));
    expect(response.statusCode).toBe(201);
    expect((await stored()).resumes[0]!.size).toBe(size);
    expect(Buffer.compare(await downloaded(response.json().id), pdf)).toBe(0);
  });

  const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
  const program = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1"), Buffer.alloc(256)]);
  const badUploads: [string, Upload | undefined, number, string][] = [
    ["a wrong extension", { name: "cv.txt", bytes: pdfDocument() }, 400, resumeMessages.wrongType],
    ["an HTML page", { name: "cv.html", bytes: html }, 400, resumeMessages.wrongType],
    ["no extension", { name: "resume", bytes: pdfDocument() }, 400, resumeMessages.wrongType],
    ["an HTML page renamed .pdf", { name: "cv.pdf", bytes: html }, 400, resumeMessages.notMatching],
    ["a program renamed .docx", { name: "cv.docx", bytes: program }, 400, resumeMessages.notMatching],
    ["a PDF renamed .doc", { name: "cv.doc", bytes: pdfDocument() }, 400, resumeMessages.notMatching],
    ["an Excel 97 workbook renamed .doc", { name: "cv.doc", bytes: compoundDocument("Workbook") }, 400, resumeMessages.notMatching],
    ["a plain ZIP renamed .docx", { name: "cv.docx", bytes: zipArchive({ "notes.txt": "hello" }) }, 400, resumeMessages.notMatching],
    ["an empty file", { name: "cv.pdf", bytes: Buffer.alloc(0) }, 400, resumeMessages.missing],
    ["no file at all", undefined, 400, resumeMessages.missing],
    ["a file over 5 MB", { name: "cv.pdf", bytes: Buffer.concat([pdfDocument(), Buffer.alloc(RESUME_MAX_BYTES, 0x20)]) }, 413, resumeMessages.tooLarge],
  ];

  it.each(badUploads)("refuses %s and stores nothing", async (_case, upload, status, message) => {
    await addJob("open-role");
    const response = await apply(application({ job: "open-role", ...applicant }, upload));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message, errors: { resume: [message] } });
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });

  it("refuses at once a .doc whose sector chain points back into itself, and takes the next application", async () => {
    const started = performance.now();
    const looping = await apply(application(applicant, { name: "cv.doc", bytes: compoundDocument("WordDocument", { chain: "looping" }) }));
    expect(looping.json()).toEqual({ message: resumeMessages.notMatching, errors: { resume: [resumeMessages.notMatching] } });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect((await apply(application(applicant, { name: "cv.doc", bytes: compoundDocument() }))).statusCode).toBe(201);
  });

  it("refuses a PDF whose page inflates to 256 MB of zeros, and stores nothing", async () => {
    const response = await apply(application(applicant, { name: "cv.pdf", bytes: await inflatingPdf(256 * 1024 * 1024) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: resumeMessages.notMatching, errors: { resume: [resumeMessages.notMatching] } });
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });

  it("reports every field problem at once as {message, errors}", async () => {
    const response = await apply(application({ name: "  ", email: "not-an-email", phone: "call me" }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toEqual({
      name: ["Full name is required."],
      email: ["Enter a valid email address."],
      phone: ["Enter a valid phone number."],
      resume: [resumeMessages.missing],
    });
    expect(body.message).toBe("Full name is required.");
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });

  it("refuses a closed, expired or unknown job with 400", async () => {
    await addJob("closed-role", { status: "closed" });
    await addJob("expired-role", { closesAt: new Date(t.clock.now.getTime() - 1000) });
    for (const job of ["closed-role", "expired-role", "no-such-role"]) {
      const response = await apply(application({ job, ...applicant }, { name: "cv.pdf", bytes: pdfDocument() }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ job: ["This job does not exist or is no longer accepting applications."] });
    }
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });

  it("pretends to accept a bot that fills the honeypot, and keeps nothing", async () => {
    const response = await apply(application({ ...applicant, website: "https://spam.example" }, { name: "cv.pdf", bytes: pdfDocument() }));
    expect(response.statusCode).toBe(201);
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });

  it("answers 503 with Retry-After and stores nothing when the machine gives the résumé reader no time", async () => {
    const jobs = { add: () => Promise.reject(new Error("nothing is queued for an application not taken")) };
    const careers = createCareersService({
      db: t.database.db,
      outbox: createMailOutbox(jobs),
      publicUrl: t.config.publicUrl,
      now: () => t.clock.now,
      withdrawalUrlOf: (id) => `${t.config.publicUrl}/careers/withdraw/${id}`,
      resumeLimits: { ...READ_LIMITS, timeoutMs: 1 },
    });
    const refusal = await careers
      .submitApplication({ fields: applicant, resume: { fileName: "cv.pdf", bytes: pdfDocument("Sita Sharma - Curriculum Vitae") } })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ statusCode: 503, message: resumeMessages.notReadNow, headers: { "retry-after": "60" } });
    expect(refusal).toMatchObject({ fields: { resume: [resumeMessages.notReadNow] }, cause: { reason: "timeout" } });
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });

  it("refuses a cross-site post and a body that is not multipart", async () => {
    const crossSite = await apply(application(applicant, { name: "cv.pdf", bytes: pdfDocument() }), { origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
    const json = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: applicant });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe("Send the form as multipart/form-data.");
    expect(await stored()).toEqual({ applications: [], resumes: [], mails: [] });
  });
});

describe("job pages in search", () => {
  it("lists each open job's page in the sitemap", async () => {
    await addJob("listed-role");
    await addJob("closed-role", { status: "closed" });
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).toContain(`<loc>${site.url}/careers/apply/listed-role</loc>`);
    expect(sitemap).not.toContain("closed-role");
  });

  it("seeds at least four remote openings across engineering, data, security and design, once", async () => {
    const added = await t.app.services.careers.seedIfEmpty();
    expect(added).toBeGreaterThanOrEqual(4);
    const jobs = await t.app.services.careers.listOpenJobs();
    expect(jobs).toHaveLength(added);
    for (const department of ["Engineering", "Data Science", "Cybersecurity", "Design"]) expect(jobs.map((job) => job.department)).toContain(department);
    for (const job of jobs) {
      expect(job.remote).toBe(true);
      expect(job.requirements.length).toBeGreaterThan(0);
      expect(job.responsibilities.length).toBeGreaterThan(0);
    }
    expect(await t.app.services.careers.seedIfEmpty()).toBe(0);
  });
});

describe("rate limit", () => {
  it("answers 429 after five applications a minute from one address", async () => {
    const limited = await buildTestApp();
    try {
      const codes: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 6; i++) {
        const response = await limited.app.inject({ method: "POST", url: "/api/careers/applications/", payload: application({ name: "", email: "" }) });
        codes.push(response.statusCode);
        retryAfter ??= response.headers["retry-after"];
      }
      expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

function eqId(applicationId: string) {
  return sql`${careerResumes.id} = (select resume_id from career_applications where id = ${applicationId})`;
}
