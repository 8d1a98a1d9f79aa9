import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerApplications, careerJobs, careerResumes } from "../../server/modules/careers/schema";
import { enquiries, newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { signedInAdmin } from "../helpers/admin";
import { buildTestApp, type TestContext } from "../helpers/app";

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(t.clock.now.getTime() - minutesAgo * MINUTE);

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  admin = await signedInAdmin(t);
  const { db } = t.database;
  await db.insert(enquiries).values(
    [
      { type: "CTA" as const, name: "Bina Rai", email: "bina@example.com", company: "Yeti Soft", message: "A new website", minutes: 3 },
      { type: "CTA" as const, name: "anil kc", email: "anil@example.com", company: null, message: "100% uptime_please", minutes: 2 },
      { type: "GET_STARTED" as const, name: null, email: "carol@example.com", company: null, message: "Startup discount?", minutes: 1 },
    ].map(({ minutes, ...row }) => ({ ...row, ipHash: "hash", userAgent: "test", createdAt: at(minutes) })),
  );
  await db.insert(newsletterSubscriptions).values(
    ["zed@example.com", "amy@example.org", "bob@example.com"].map((email, i) => ({
      email,
      status: i === 1 ? ("confirmed" as const) : ("pending" as const),
      ipHash: "hash",
      userAgent: "test",
      createdAt: at(10 - i),
    })),
  );
  await db.insert(careerJobs).values(
    [
      { id: "rust-engineer", title: "Rust Engineer", department: "Engineering", status: "open" as const, minutes: 30 },
      { id: "designer", title: "Designer", department: "Design", status: "closed" as const, minutes: 20 },
      { id: "analyst", title: "Analyst", department: "Data", status: "open" as const, minutes: 10 },
    ].map(({ minutes, ...job }) => ({
      ...job,
      type: "Full-time" as const,
      location: "Remote",
      description: "Work.",
      requirements: ["One"],
      responsibilities: ["Two"],
      postedAt: at(minutes),
      updatedAt: at(minutes),
    })),
  );
  const resumes = await db
    .insert(careerResumes)
    .values([0, 1, 2].map(() => ({ id: randomUUID(), originalName: "cv.pdf", contentType: "application/pdf", size: 1, sha256: "0" })))
    .returning({ id: careerResumes.id });
  await db.insert(careerApplications).values(
    [
      { name: "Sita Sharma", email: "sita@example.com", jobId: "rust-engineer", jobTitle: "Rust Engineer", status: "new" as const, minutes: 3 },
      { name: "Hari Thapa", email: "hari@example.com", jobId: "designer", jobTitle: "Designer", status: "hired" as const, minutes: 2 },
      { name: "Asha Gurung", email: "asha@example.com", jobId: null, jobTitle: null, status: "new" as const, minutes: 1 },
    ].map(({ minutes, ...row }, i) => ({ ...row, id: randomUUID(), resumeId: resumes[i]!.id, createdAt: at(minutes) })),
  );
});
afterAll(() => t.close());

const list = async (url: string) => {
  const response = await admin.request("GET", url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as { results: Record<string, unknown>[]; count: number; page: number; pages: number };
};
const field = async (url: string, name: string) => (await list(url)).results.map((row) => row[name]);

const badQueries = ["page=0", "per_page=101", "page=x", "sort=nonsense", `q=${"x".repeat(101)}`];

describe("the admin lists' search, filters, order and pages", () => {
  it("enquiries: full-text search by word starts in name, address, company and message; order; filters; pages", async () => {
    expect(await field("/api/admin/enquiries/?sort=-created", "email")).toEqual(["carol@example.com", "anil@example.com", "bina@example.com"]);
    expect(await field("/api/admin/enquiries/?q=YETI", "email")).toEqual(["bina@example.com"]);
    expect(await field("/api/admin/enquiries/?q=carol", "email")).toEqual(["carol@example.com"]);
    expect(await field("/api/admin/enquiries/?q=bina%40example.com", "email")).toEqual(["bina@example.com"]);
    expect(await field("/api/admin/enquiries/?q=example", "email")).toHaveLength(3);
    expect(await field("/api/admin/enquiries/?q=100%25", "email")).toEqual(["anil@example.com"]);
    expect(await field("/api/admin/enquiries/?q=upt", "email")).toEqual(["anil@example.com"]);
    expect(await field("/api/admin/enquiries/?q=new%20web", "email")).toEqual(["bina@example.com"]);
    expect(await field("/api/admin/enquiries/?q=web%20carol", "email")).toEqual([]);
    // Query syntax typed into the box is only words: these neither fail nor filter.
    expect(await field("/api/admin/enquiries/?q=%25", "email")).toHaveLength(3);
    expect(await field("/api/admin/enquiries/?q=!%26%7C(", "email")).toHaveLength(3);
    expect(await field("/api/admin/enquiries/?q=%20%20", "email")).toHaveLength(3);
    expect(await field("/api/admin/enquiries/?sort=created", "email")).toEqual(["bina@example.com", "anil@example.com", "carol@example.com"]);
    expect(await field("/api/admin/enquiries/?sort=name", "email")).toEqual(["anil@example.com", "bina@example.com", "carol@example.com"]);
    expect(await field("/api/admin/enquiries/?sort=email&type=CTA", "email")).toEqual(["anil@example.com", "bina@example.com"]);
    expect(await list("/api/admin/enquiries/?sort=created&per_page=2&page=2")).toMatchObject({
      count: 3,
      page: 2,
      pages: 2,
      results: [{ email: "carol@example.com" }],
    });
    expect(await list("/api/admin/enquiries/?q=nobody&sort=&type=&status=")).toMatchObject({ count: 0, results: [] });
    for (const query of [...badQueries, "type=SPAM", "status=done"])
      expect((await admin.request("GET", `/api/admin/enquiries/?${query}`)).statusCode, query).toBe(400);
  });

  it("subscribers: search by address, filter by status, order, pages", async () => {
    expect(await field("/api/admin/subscribers/", "email")).toEqual(["bob@example.com", "amy@example.org", "zed@example.com"]);
    expect(await field("/api/admin/subscribers/?q=.org", "email")).toEqual(["amy@example.org"]);
    expect(await field("/api/admin/subscribers/?sort=email", "email")).toEqual(["amy@example.org", "bob@example.com", "zed@example.com"]);
    expect(await field("/api/admin/subscribers/?status=pending&sort=created", "email")).toEqual(["zed@example.com", "bob@example.com"]);
    expect(await list("/api/admin/subscribers/?per_page=1&page=3")).toMatchObject({ count: 3, pages: 3, results: [{ email: "zed@example.com" }] });
    for (const query of [...badQueries, "status=gone", "sort=-email"])
      expect((await admin.request("GET", `/api/admin/subscribers/?${query}`)).statusCode, query).toBe(400);
  });

  it("jobs: open ones first by default, search by title, department or id, filters by status and type, pages", async () => {
    expect(await field("/api/admin/jobs/", "id")).toEqual(["analyst", "rust-engineer", "designer"]);
    expect(await field("/api/admin/jobs/?sort=title", "id")).toEqual(["analyst", "designer", "rust-engineer"]);
    expect(await field("/api/admin/jobs/?sort=posted", "id")).toEqual(["rust-engineer", "designer", "analyst"]);
    expect(await field("/api/admin/jobs/?sort=-posted", "id")).toEqual(["analyst", "designer", "rust-engineer"]);
    expect(await field("/api/admin/jobs/?q=engineering", "id")).toEqual(["rust-engineer"]);
    expect(await field("/api/admin/jobs/?status=closed", "id")).toEqual(["designer"]);
    expect(await field("/api/admin/jobs/?type=Contract", "id")).toEqual([]);
    const page = await list("/api/admin/jobs/?per_page=2");
    expect(page).toMatchObject({ count: 3, pages: 2 });
    expect(page.results.map((job) => [job.id, job.applications])).toEqual([
      ["analyst", 0],
      ["rust-engineer", 1],
    ]);
    for (const query of [...badQueries, "status=archived", "type=Gig"])
      expect((await admin.request("GET", `/api/admin/jobs/?${query}`)).statusCode, query).toBe(400);
  });

  it("applications: search by applicant, address or position, filters by job and status, order, pages", async () => {
    expect(await field("/api/admin/applications/", "name")).toEqual(["Asha Gurung", "Hari Thapa", "Sita Sharma"]);
    expect(await field("/api/admin/applications/?q=designer", "name")).toEqual(["Hari Thapa"]);
    expect(await field("/api/admin/applications/?q=SITA@", "name")).toEqual(["Sita Sharma"]);
    expect(await field("/api/admin/applications/?status=new&sort=name", "name")).toEqual(["Asha Gurung", "Sita Sharma"]);
    expect(await field("/api/admin/applications/?job=designer", "name")).toEqual(["Hari Thapa"]);
    expect(await field("/api/admin/applications/?sort=created&per_page=1&page=2", "name")).toEqual(["Hari Thapa"]);
    for (const query of [...badQueries, "status=maybe", "job=Not%20A%20Job"])
      expect((await admin.request("GET", `/api/admin/applications/?${query}`)).statusCode, query).toBe(400);
  });

  it("posts: search by title or excerpt, filter by category and featured, order, pages; the spec's own call still answers every post", async () => {
    const blog = t.app.services.blog;
    const ai = await blog.createCategory("AI lists");
    const cloud = await blog.createCategory("Cloud lists");
    const post = (title: string, categoryIds: number[], featured: boolean, day: number) =>
      blog.createPost({
        title,
        excerpt: `About ${title.toLowerCase()}`,
        content: "Text.",
        categoryIds,
        readTimeMinutes: 3,
        featured,
        publishedAt: new Date(Date.UTC(2026, 0, day)),
      });
    await post("Zebra models", [ai.id], true, 1);
    await post("Edge caching", [cloud.id], false, 2);
    await post("Model serving", [ai.id, cloud.id], false, 3);
    const titles = (query: string) => field(`/api/admin/posts/?${query}`, "title");
    expect(await titles("")).toEqual(["Model serving", "Edge caching", "Zebra models"]);
    expect(await titles("sort=published")).toEqual(["Zebra models", "Edge caching", "Model serving"]);
    expect(await titles("sort=title")).toEqual(["Edge caching", "Model serving", "Zebra models"]);
    expect(await titles("q=MODEL")).toEqual(["Model serving", "Zebra models"]);
    expect(await titles("q=about%20edge")).toEqual(["Edge caching"]);
    expect(await titles(`category=${cloud.id}`)).toEqual(["Model serving", "Edge caching"]);
    expect(await titles(`category=${ai.id}&featured=no`)).toEqual(["Model serving"]);
    expect(await titles("featured=yes")).toEqual(["Zebra models"]);
    expect(await list("/api/admin/posts/?per_page=2&page=2")).toMatchObject({ count: 3, page: 2, pages: 2, results: [{ title: "Zebra models" }] });
    expect(((await admin.request("GET", "/api/posts/")).json() as unknown[]).length).toBe(3);
    for (const query of [...badQueries, "featured=maybe", "category=0", "category=x", "category=2147483648"])
      expect((await admin.request("GET", `/api/admin/posts/?${query}`)).statusCode, query).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/posts/" })).statusCode).toBe(401);
  });
});
