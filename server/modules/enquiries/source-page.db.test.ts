import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminEnquiry } from "#contracts/admin-business.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { outbox } from "../../mail/schema";
import { enquiries } from "./schema";

let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  owner = await signedInAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(enquiries);
  await t.database.db.delete(outbox);
});

const contact = { name: "Asha Gurung", email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" };
const send = (url: string, payload: object, referer?: string) =>
  t.app.inject({ method: "POST", url, payload, headers: referer ? { referer } : {}, remoteAddress: "203.0.113.20" });

describe("the page an enquiry was sent from", () => {
  it("tells /contact from /cta, both request_type CTA, and keeps only a page that carries that form", async () => {
    const cases: [string | undefined, string | null][] = [
      ["http://localhost:3000/contact", "/contact"],
      ["http://localhost:3000/cta/?from=footer", "/cta"],
      ["http://localhost:3000/about", null],
      ["http://localhost:3000/getStarted", null],
      ["not a url", null],
      [undefined, null],
    ];
    for (const [referer] of cases) expect((await send("/api/cta/", contact, referer)).statusCode).toBe(201);
    const stored = await t.database.db.select().from(enquiries).orderBy(enquiries.id);
    expect(stored.map((row) => [row.type, row.sourcePage])).toEqual(cases.map(([, page]) => ["CTA", page]));

    const expert = { name: "Bikash Rai", email: "bikash@example.com", helpType: "technical", message: "Kubernetes costs.", request_type: "TALK_TO_EXPERT" };
    expect((await send("/api/talk-to-expert/", expert, "http://localhost:3000/talktoexpert")).statusCode).toBe(201);
    const [latest] = await t.database.db
      .select()
      .from(enquiries)
      .orderBy(enquiries.id)
      .then((rows) => rows.slice(-1));
    expect(latest!.sourcePage).toBe("/talktoexpert");
  });

  it("shows it to staff on the enquiry and in the enquiries export", async () => {
    await send("/api/cta/", contact, "http://localhost:3000/cta");
    const [row] = await t.database.db.select().from(enquiries);
    const detail = await owner.request("GET", `/api/admin/enquiries/${row!.id}/`);
    expect((detail.json() as AdminEnquiry).source_page).toBe("/cta");

    t.clock.advance(1000); // a range ends just before now
    const csv = await owner.request("POST", "/api/admin/dashboard/exports/", { dataset: "enquiries", format: "csv", range: "24h" });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, line] = csv.body.trimEnd().split("\r\n");
    const column = header!.split(",").indexOf("source_page");
    expect(column).toBeGreaterThan(-1);
    expect(line!.split(",")[column]).toBe("/cta");
  });
});
