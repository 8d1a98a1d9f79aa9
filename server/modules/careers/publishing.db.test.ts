import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminJob } from "#contracts/admin-business.ts";
import type { Job } from "#contracts/careers.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.now = new Date("2026-11-26T06:00:00Z");
  staff = await signedInAdmin(t, "owner");
});

const job = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  type: "Contract",
  department: "Security",
  location: "Remote",
  salary: "",
  description: "Test the defences of our clients' systems.",
  requirements: ["OSCP or equal experience"],
  responsibilities: ["Run two engagements a month"],
  ...extra,
});
const create = (body: object) => staff.request("POST", "/api/admin/jobs/", body);
const publicJobs = async () => ((await t.app.inject({ method: "GET", url: "/api/careers/jobs/" })).json() as Job[]).map((listed) => listed.id);
const sitemap = async () => (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
const publicJob = (id: string) => t.app.inject({ method: "GET", url: `/api/careers/jobs/${id}/` });

describe("publishing jobs", () => {
  it("keeps a draft off the careers page, its apply page and the sitemap until it is published, then posts it that day", async () => {
    const drafted = await create(job("Penetration Tester", { status: "draft" }));
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draft = drafted.json() as AdminJob;
    expect(draft.status).toBe("draft");
    expect(await publicJobs()).not.toContain(draft.id);
    expect((await publicJob(draft.id)).statusCode).toBe(404);
    expect(await sitemap()).not.toContain(draft.id);

    t.clock.advance(3 * DAY);
    staff = await signedInAdmin(t, "owner");
    const published = await staff.request("POST", `/api/admin/jobs/${draft.id}/status/`, { status: "open" });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: "open", posted_at: t.clock.now.toISOString() });
    expect(await publicJobs()).toContain(draft.id);
    expect(await sitemap()).toContain(`/careers/apply/${draft.id}`);
    // Published is published: it can close, not go back to being a draft.
    expect((await staff.request("POST", `/api/admin/jobs/${draft.id}/status/`, { status: "draft" })).statusCode).toBe(409);
  });

  it("takes a job off the careers page and the sitemap by itself when its closing day ends, Nepal time", async () => {
    const created = await create(job("Cloud Security Engineer", { closes_on: "2026-11-27" }));
    expect(created.statusCode, created.body).toBe(201);
    const opening = created.json() as AdminJob;
    expect(opening.closes_at).toBe("2026-11-27T18:14:59.999Z");
    const listed = (await publicJob(opening.id)).json() as Job;
    expect(listed.valid_through).toBe("2026-11-27T18:14:59.999Z");

    t.clock.now = new Date("2026-11-27T18:14:00Z");
    expect(await publicJobs()).toContain(opening.id);
    t.clock.now = new Date("2026-11-27T18:15:00Z");
    expect(await publicJobs()).not.toContain(opening.id);
    expect(await sitemap()).not.toContain(opening.id);
    expect((await publicJob(opening.id)).statusCode).toBe(404);
  });

  it("says where a remote job's applicants may live, as job search reads it", async () => {
    const created = await create(job("Security Analyst", { remote: true, applicant_locations: ["Nepal", "India"] }));
    const id = (created.json() as AdminJob).id;
    expect(created.json()).toMatchObject({ remote: true, applicant_locations: ["Nepal", "India"] });
    expect((await publicJob(id)).json()).toMatchObject({ remote: true, applicant_locations: ["Nepal", "India"] });
    const onSite = await staff.request("PATCH", `/api/admin/jobs/${id}/`, job("Security Analyst", { remote: false, location: "Kathmandu" }));
    expect(onSite.json()).toMatchObject({ remote: false, applicant_locations: [], location: "Kathmandu" });
  });

  it("refuses a closing day already over, or a date that is not one, and stores nothing", async () => {
    const before = await publicJobs();
    for (const closes_on of ["2026-11-01", "2026-02-30", "next week"]) {
      const refused = await create(job("Red Team Lead", { closes_on }));
      expect(refused.statusCode, closes_on).toBe(400);
      expect(Object.keys(refused.json().errors ?? {}), closes_on).toContain("closes_on");
    }
    expect((await create(job("Red Team Lead", { status: "closed" }))).statusCode).toBe(400);
    expect(await publicJobs()).toEqual(before);
  });
});
