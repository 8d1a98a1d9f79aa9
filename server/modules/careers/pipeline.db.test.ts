import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_STATUSES, BOARD_COLUMN_SIZE, type AdminApplicationDetail, type ApplicationBoard } from "#contracts/admin-business.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { careerApplications, careerJobs, careerResumes } from "./schema";
import { compoundDocument, docxDocument, pdfDocument, wordDocument } from "../../../tests/fixtures/resume-documents";

let t: TestContext;
let recruiter: Awaited<ReturnType<typeof signedInAdmin>>;
let colleague: Awaited<ReturnType<typeof signedInAdmin>>;
const ids = { rust: randomUUID(), general: randomUUID(), older: randomUUID() };

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  const { db } = t.database;
  await db.insert(careerJobs).values({
    id: "rust-engineer",
    title: "Rust Engineer",
    department: "Engineering",
    type: "Full-time",
    location: "Remote",
    description: "Work.",
  });
  const resumes = await db
    .insert(careerResumes)
    .values([0, 1, 2].map(() => ({ id: randomUUID(), originalName: "cv.pdf", contentType: "application/pdf", size: 1, sha256: "0" })))
    .returning({ id: careerResumes.id });
  await db.insert(careerApplications).values([
    {
      id: ids.rust,
      name: "Sita Sharma",
      email: "sita@example.com",
      jobId: "rust-engineer",
      jobTitle: "Rust Engineer",
      resumeId: resumes[0]!.id,
      createdAt: new Date("2026-11-20T10:00:00Z"),
    },
    {
      id: ids.general,
      name: "Asha Gurung",
      email: "asha@example.com",
      jobId: null,
      jobTitle: null,
      resumeId: resumes[1]!.id,
      createdAt: new Date("2026-11-21T10:00:00Z"),
    },
    {
      id: ids.older,
      name: "Hari Thapa",
      email: "hari@example.com",
      jobId: null,
      jobTitle: null,
      resumeId: resumes[2]!.id,
      createdAt: new Date("2026-10-01T10:00:00Z"),
    },
  ]);
  recruiter = await signedInAdmin(t, "recruiter");
  colleague = await signedInAdmin(t, "owner");
});
afterAll(() => t.close());

const detail = async (who: typeof recruiter, id: string) => {
  const response = await who.request("GET", `/api/admin/applications/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminApplicationDetail;
};

describe("the hiring pipeline", () => {
  it("moves an application through every stage, keeping who moved it and when", async () => {
    const path = ["screening", "interview", "offer", "hired", "withdrawn", "rejected"] as const;
    for (const [step, status] of path.entries()) {
      t.clock.advance(60_000);
      const moved = await recruiter.request("POST", `/api/admin/applications/${ids.rust}/status/`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().status).toBe(status);
      expect(moved.json().history).toHaveLength(step + 1);
    }
    const { history } = await detail(recruiter, ids.rust);
    expect(history.map((move) => [move.from, move.to])).toEqual([
      ["new", "screening"],
      ["screening", "interview"],
      ["interview", "offer"],
      ["offer", "hired"],
      ["hired", "withdrawn"],
      ["withdrawn", "rejected"],
    ]);
    expect(new Set(history.map((move) => move.by))).toEqual(new Set([recruiter.username]));
    expect(new Date(history[1]!.at).getTime() - new Date(history[0]!.at).getTime()).toBe(60_000);
    expect(new Set(path)).toEqual(new Set(APPLICATION_STATUSES.filter((status) => status !== "new")));

    // Moving to the stage it is in records nothing.
    await recruiter.request("POST", `/api/admin/applications/${ids.rust}/status/`, { status: "rejected" });
    expect((await detail(recruiter, ids.rust)).history).toHaveLength(path.length);
    expect((await recruiter.request("POST", `/api/admin/applications/${ids.rust}/status/`, { status: "reviewing" })).statusCode).toBe(400);
    expect((await recruiter.request("POST", `/api/admin/applications/${randomUUID()}/status/`, { status: "offer" })).statusCode).toBe(404);
  });

  it("keeps each reviewer's notes and one rating each, and shows the average in the list", async () => {
    expect((await recruiter.request("POST", `/api/admin/applications/${ids.general}/notes/`, { body: "Strong SQL; ask about on-call." })).statusCode).toBe(201);
    t.clock.advance(1000);
    await colleague.request("POST", `/api/admin/applications/${ids.general}/notes/`, { body: "Portfolio is thin." });
    expect((await recruiter.request("POST", `/api/admin/applications/${ids.general}/notes/`, { body: "   " })).statusCode).toBe(400);
    expect((await recruiter.request("POST", `/api/admin/applications/${randomUUID()}/notes/`, { body: "Lost" })).statusCode).toBe(404);

    await recruiter.request("POST", `/api/admin/applications/${ids.general}/rating/`, { rating: 3 });
    await recruiter.request("POST", `/api/admin/applications/${ids.general}/rating/`, { rating: 4 });
    await colleague.request("POST", `/api/admin/applications/${ids.general}/rating/`, { rating: 5 });
    for (const rating of [0, 6, 2.5, "x"]) {
      expect((await recruiter.request("POST", `/api/admin/applications/${ids.general}/rating/`, { rating })).statusCode, String(rating)).toBe(400);
    }

    const seen = await detail(recruiter, ids.general);
    expect(seen.notes.map((note) => [note.by, note.body])).toEqual([
      [recruiter.username, "Strong SQL; ask about on-call."],
      [colleague.username, "Portfolio is thin."],
    ]);
    expect(seen).toMatchObject({ rating: 4.5, ratings: 2, my_rating: 4 });
    expect((await detail(colleague, ids.general)).my_rating).toBe(5);

    const listed = (await recruiter.request("GET", "/api/admin/applications/?job=general")).json();
    expect(listed.results.map((row: { id: string; rating: number | null }) => [row.id, row.rating])).toEqual([
      [ids.general, 4.5],
      [ids.older, null],
    ]);
  });

  it("filters by job (general applications too), stage and the day they arrived", async () => {
    const names = async (query: string) =>
      (await recruiter.request("GET", `/api/admin/applications/?${query}`)).json().results.map((row: { name: string }) => row.name);
    expect(await names("job=general")).toEqual(["Asha Gurung", "Hari Thapa"]);
    expect(await names("job=rust-engineer")).toEqual(["Sita Sharma"]);
    expect(await names("status=new")).toEqual(["Asha Gurung", "Hari Thapa"]);
    expect(await names("from=2026-11-01")).toEqual(["Asha Gurung", "Sita Sharma"]);
    expect(await names("from=2026-11-20&to=2026-11-20")).toEqual(["Sita Sharma"]);
    expect(await names("to=2026-10-31&job=general")).toEqual(["Hari Thapa"]);
    expect((await recruiter.request("GET", "/api/admin/applications/?from=yesterday")).statusCode).toBe(400);
  });

  it("finds an applicant by a word that is only inside their résumé, PDF, Word or Word 97", async () => {
    const apply = async (name: string, file: string, bytes: Buffer, type: string) => {
      const form = new FormData();
      for (const [field, value] of Object.entries({ name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com`, cover_letter: "Hello." }))
        form.append(field, value);
      form.append("resume", new Blob([new Uint8Array(bytes)], { type }), file);
      const response = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
      expect(response.statusCode, response.body).toBe(201);
    };
    await apply("Maya Rai", "maya.pdf", pdfDocument("Maya Rai: Zigbee firmware and Kubernetes operators"), "application/pdf");
    await apply(
      "Dawa Sherpa",
      "dawa.docx",
      docxDocument("Dawa Sherpa: Terraform, Grafana dashboards"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    await apply("Bishnu Adhikari", "bishnu.doc", wordDocument(["Bishnu Adhikari\r", "COBOL and mainframe batch jobs"]), "application/msword");
    await apply("Old Format", "old.doc", compoundDocument(), "application/msword");
    const names = async (q: string) =>
      (await recruiter.request("GET", `/api/admin/applications/?q=${encodeURIComponent(q)}`)).json().results.map((row: { name: string }) => row.name);
    expect(await names("zigbee")).toEqual(["Maya Rai"]);
    expect(await names("kubernetes oper")).toEqual(["Maya Rai"]);
    expect(await names("grafana")).toEqual(["Dawa Sherpa"]);
    expect(await names("mainframe")).toEqual(["Bishnu Adhikari"]);
    // A file with no text to read is kept, and found by what the form said.
    expect(await names("old format")).toEqual(["Old Format"]);
  });

  it("is for those who hire: support staff are refused", async () => {
    const support = await signedInAdmin(t, "support");
    for (const [method, url, body] of [
      ["GET", `/api/admin/applications/${ids.general}/`, undefined],
      ["POST", `/api/admin/applications/${ids.general}/notes/`, { body: "Hello" }],
      ["POST", `/api/admin/applications/${ids.general}/rating/`, { rating: 1 }],
    ] as const) {
      expect((await support.request(method, url, body)).statusCode, url).toBe(403);
    }
  });
});

describe("the pipeline board", () => {
  const board = async (query = "") => {
    const response = await recruiter.request("GET", `/api/admin/applications/board/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ApplicationBoard;
  };
  const names = (columns: ApplicationBoard["columns"]) =>
    Object.fromEntries(columns.filter((column) => column.count > 0).map((column) => [column.status, column.applications.map((row) => row.name)]));

  it("shows every stage in order with its applications, filtered as the list is", async () => {
    // The three seeded in November and October; applications made through the form above arrived later.
    const all = await board("to=2026-11-21");
    expect(all.columns.map((column) => column.status)).toEqual([...APPLICATION_STATUSES]);
    expect(names(all.columns)).toEqual({ new: ["Asha Gurung", "Hari Thapa"], rejected: ["Sita Sharma"] });
    expect(all.columns.find((column) => column.status === "new")!.applications[0]).toMatchObject({ rating: 4.5, ratings: 2, job_title: null });
    expect(names((await board("job=general&to=2026-11-21")).columns)).toEqual({ new: ["Asha Gurung", "Hari Thapa"] });
    expect(names((await board("job=rust-engineer&from=2026-11-20&to=2026-11-20")).columns)).toEqual({ rejected: ["Sita Sharma"] });
    expect(names((await board("to=2026-10-31")).columns)).toEqual({ new: ["Hari Thapa"] });
    expect((await recruiter.request("GET", "/api/admin/applications/board/?from=soon")).statusCode).toBe(400);
  });

  it("keeps each stage to its newest applications and counts the rest", async () => {
    const { db } = t.database;
    const extra = BOARD_COLUMN_SIZE + 2;
    const resumes = await db
      .insert(careerResumes)
      .values(Array.from({ length: extra }, () => ({ id: randomUUID(), originalName: "cv.pdf", contentType: "application/pdf", size: 1, sha256: "0" })))
      .returning({ id: careerResumes.id });
    await db.insert(careerApplications).values(
      resumes.map((resume, n) => ({
        id: randomUUID(),
        name: `Candidate ${n}`,
        email: `candidate${n}@example.com`,
        resumeId: resume.id,
        status: "offer" as const,
        createdAt: new Date(Date.UTC(2026, 8, 1) + n * 60_000),
      })),
    );
    const offer = (await board()).columns.find((column) => column.status === "offer")!;
    expect(offer.count).toBe(extra);
    expect(offer.applications).toHaveLength(BOARD_COLUMN_SIZE);
    expect(offer.applications[0]!.name).toBe(`Candidate ${extra - 1}`);
    expect(offer.applications.at(-1)!.name).toBe(`Candidate ${extra - BOARD_COLUMN_SIZE}`);
  });

  it("is for those who hire", async () => {
    const support = await signedInAdmin(t, "support");
    expect((await support.request("GET", "/api/admin/applications/board/")).statusCode).toBe(403);
  });
});
