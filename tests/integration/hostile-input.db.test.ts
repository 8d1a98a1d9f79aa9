import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { resumeMessages } from "#contracts/careers.ts";
import { users } from "../../server/modules/accounts/schema";
import { careerResumes } from "../../server/modules/careers/schema";
import { compoundDocument, docxDocument, objectStream, pdfDocument, zipArchive } from "../fixtures/resume-documents";
import { signedInAdmin } from "../helpers/admin";
import { buildTestApp, type TestContext } from "../helpers/app";
import { recordFigures } from "../verify/support/site";
import {
  encode,
  hostileBody,
  hostileDate,
  hostileHeaders,
  hostileHost,
  hostileQuery,
  hostileSegment,
  hostileString,
  outOfRangeNumber,
  RUNS,
  textWithLoneSurrogate,
  textWithNul,
  type HostileBody,
} from "./support/hostile";
import { contractFieldNames, declaredFields, fillPath, pathParameters, routesOf, rowCounts, watchInserts, type ApiRoute } from "./support/surface";
import { jobForm } from "../fixtures/job-form";

/**
 * Every public, account and admin call (the last with a signed-in admin, so the hostile part meets the
 * handler rather than the guard), fed generated hostile requests: bodies, query strings, path ids,
 * headers and content types. None may fail with a 5xx, and a refused request inserts nothing into any
 * business table.
 */

let t: TestContext;
let routes: ApiRoute[];
let inserts: Awaited<ReturnType<typeof watchInserts>>;
const fieldNames = contractFieldNames();

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  // Signing out would only end the session the other admin calls need; its refusals are covered in security.db.test.ts.
  routes = routesOf(t.app).filter((route) => route.url !== "/api/admin/logout/");
  inserts = await watchInserts(t.database);
  // The post form's category 1.
  await t.app.services.blog.createCategory("Security");
});
afterAll(() => t.close());

const PASSWORD = "Glacier-Walk-42";

/**
 * A valid body for the calls that take one, so generated fields land on top of something that would
 * pass: the checks after the first are reached too. Calls not listed start from an empty object.
 */
const validBodies: Record<string, Record<string, unknown>> = {
  "/api/cta/": { name: "Asha Gurung", email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" },
  "/api/get-started/": { email: "dev@example.com", user_type: "DEVELOPER", message: "How do I start?", request_type: "GET_STARTED" },
  "/api/talk-to-expert/": {
    name: "Bikash Rai",
    email: "bikash@example.com",
    company: "Everest Foods",
    helpType: "technical",
    message: "Cloud costs.",
    request_type: "TALK_TO_EXPERT",
  },
  "/api/discuss-project/": {
    name: "Chandra Lama",
    email: "chandra@example.com",
    budget: "10k-50k",
    timeline: "1-3months",
    details: "A booking app.",
    request_type: "DISCUSS_PROJECT",
  },
  "/api/newsletter/": { email: "reader@example.com" },
  "/api/analytics/pageview": { path: "/about" },
  "/api/events/": { kind: "cta_click", path: "/", label: "Get started" },
  "/api/accounts/register/": { email: "new@example.com", password: PASSWORD, full_name: "Asha Gurung" },
  // Not the member below: generated wrong passwords would lock the member out of the calls behind a token.
  "/api/accounts/login/": { email: "login-target@example.com", password: PASSWORD },
  "/api/accounts/password-reset/": { email: "someone@example.com" },
  "/api/accounts/resend-activation/": { email: "someone@example.com" },
  "/api/accounts/password-reset-confirm/:uid/:token/": { password: "A-new-Passphrase-7" },
  "/api/accounts/change-password/": { current_password: PASSWORD, new_password: "A-new-Passphrase-7" },
  "/api/admin-login/": { username: "editor", password: PASSWORD },
  "/api/admin/device-approvals/:token/": { decision: "approve" },
  "/api/categories/": { name: "Security" },
  "/api/admin/jobs/": jobForm,
  "/api/admin/jobs/:id/": jobForm,
  "/api/admin/jobs/:id/status/": { status: "closed" },
  "/api/admin/enquiries/:id/status/": { status: "handled" },
  "/api/admin/applications/:id/status/": { status: "screening" },
  "/api/admin/applications/:id/notes/": { body: "A careful note" },
  "/api/admin/applications/:id/rating/": { rating: 4 },
};

/** A 1×1 PNG: enough for the image check to pass and the hostile fields to be reached. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const postForm = {
  fields: { title: "Threat models", excerpt: "How we think about risk.", content: "## Risk\n\nText.", categories: "1", read_time: "5", featured: "false" },
  file: { field: "featured_image", name: "cover.png", bytes: PIXEL },
};

/** Calls that take a multipart form: their valid text fields and file, for hostile fields to land on. */
const multipartForms: Record<string, { fields: Record<string, string>; file: { field: string; name: string; bytes: Buffer } }> = {
  "/api/careers/applications/": {
    fields: { name: "Sita Sharma", email: "sita@example.com", phone: "+977 9801234567", cover_letter: "I build web products with care." },
    file: { field: "resume", name: "cv.pdf", bytes: pdfDocument() },
  },
  "/api/posts/": postForm,
  "/api/posts/:id/": postForm,
};

function hostileForm(url: string): fc.Arbitrary<FormData> {
  const valid = multipartForms[url]!;
  const field = fc.oneof(fc.constantFrom(...Object.keys(valid.fields), "job", "website", valid.file.field), hostileString);
  return fc
    .tuple(fc.dictionary(field, hostileString, { minKeys: 1, maxKeys: 5 }), fc.option(hostileString), fc.boolean())
    .map(([fields, fileName, withFile]) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...valid.fields, ...fields })) form.append(name, value);
      if (withFile) form.append(valid.file.field, new Blob([new Uint8Array(valid.file.bytes)]), fileName ?? valid.file.name);
      return form;
    });
}

type Attack =
  | { kind: "form"; form: FormData }
  | { kind: "body"; body: HostileBody }
  | { kind: "query"; query: string }
  | { kind: "path"; segments: string[] }
  | { kind: "headers"; headers: Record<string, string> };

function attacks(route: ApiRoute): fc.Arbitrary<Attack> {
  const params = pathParameters(route.url);
  const options: fc.Arbitrary<Attack>[] = [
    hostileQuery(fieldNames).map((query) => ({ kind: "query" as const, query })),
    hostileHeaders.map((headers) => ({ kind: "headers" as const, headers })),
  ];
  if (route.method !== "GET") options.push(hostileBody(fieldNames, validBodies[route.url] ?? {}).map((body) => ({ kind: "body" as const, body })));
  if (multipartForms[route.url]) options.push(hostileForm(route.url).map((form) => ({ kind: "form" as const, form })));
  if (params.length > 0)
    options.push(fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }).map((segments) => ({ kind: "path" as const, segments })));
  return fc.oneof(...options);
}

/** Headers travel as printable ASCII on the wire; anything else is not an HTTP request at all. */
const onTheWire = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace(/[^\t\x20-\x7e]/g, "?")]));

/**
 * Whether the admin's and the member's sessions are known to be live. A generated request can end one only
 * when it changes something: a call other than a GET, accepted (a refused one changes nothing, as every
 * test here checks). One refused as unauthorised or forbidden may have met a session already ended.
 * After either, the next call checks its session first.
 */
const live = { admin: false, member: false };

/** Sends a generated request, noting when the sessions it used may have ended. */
async function sendGenerated(options: InjectOptions) {
  const response = await t.app.inject(options);
  const changed = options.method !== "GET" && response.statusCode < 400;
  if (changed || response.statusCode === 401 || response.statusCode === 403) live.admin = live.member = false;
  return response;
}

/** A signed-in member, so that calls behind a bearer token get past it; signs in again when a generated request ended the session. */
let memberAccess: string | undefined;
async function memberToken(): Promise<string> {
  if (
    memberAccess &&
    (live.member || (await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${memberAccess}` } })).statusCode === 200)
  ) {
    live.member = true;
    return memberAccess;
  }
  await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: "member@example.com", password: PASSWORD } });
  await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, "member@example.com"));
  memberAccess = (await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: "member@example.com", password: PASSWORD } })).json()
    .access as string;
  live.member = true;
  return memberAccess;
}

function request(route: ApiRoute, attack: Attack, credentials: Record<string, string>) {
  const segments = attack.kind === "path" ? attack.segments : pathParameters(route.url).map(() => "abcdefghijklmnopqrstuv");
  const path = fillPath(route.url, Object.fromEntries(pathParameters(route.url).map((name, i) => [name, segments[i]!])));
  const url = attack.kind === "query" ? `${path}?${attack.query}` : path;
  const headers: Record<string, string> = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36", ...credentials };
  if (attack.kind === "headers") Object.assign(headers, onTheWire(attack.headers));
  const body =
    attack.kind === "body"
      ? attack.body
      : route.method === "GET"
        ? undefined
        : { payload: JSON.stringify(validBodies[route.url] ?? {}), contentType: "application/json" };
  if (body?.contentType) headers["content-type"] = body.contentType;
  if (attack.kind === "form") return sendGenerated({ method: route.method, url, headers, payload: attack.form });
  return sendGenerated({ method: route.method, url, headers, ...(body ? { payload: body.payload } : {}) });
}

const needsMember = (route: ApiRoute) => ["/api/accounts/me/", "/api/accounts/change-password/", "/api/accounts/logout/"].includes(route.url);

let admin: Awaited<ReturnType<typeof signedInAdmin>> | undefined;
/** A live admin session's cookie and CSRF headers, signing in again when a generated request ended it. */
async function adminCredentials(): Promise<Record<string, string>> {
  if (!admin || (!live.admin && (await admin.request("GET", "/api/admin/me/")).statusCode !== 200)) admin = await signedInAdmin(t);
  live.admin = true;
  return {
    cookie: Object.entries(admin.jar)
      .map(([name, value]) => `${name}=${value}`)
      .join("; "),
    "x-csrftoken": admin.jar.csrftoken!,
  };
}

async function credentialsFor(route: ApiRoute): Promise<Record<string, string>> {
  if (route.audience === "admin") return adminCredentials();
  return needsMember(route) ? { authorization: `Bearer ${await memberToken()}` } : {};
}

describe("hostile requests to every call", () => {
  it("reads the routes from the app, and finds the calls of every kind", () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        "POST /api/cta/",
        "POST /api/careers/applications/",
        "GET /api/blog/posts/:id/",
        "POST /api/accounts/login/",
        "POST /api/token/refresh/",
        "POST /api/admin-login/",
      ]),
    );
    expect(new Set(routes.map((route) => route.audience))).toEqual(new Set(["public", "account", "admin"]));
  });

  it("sees what an accepted request stores, so a refusal that stored would show", async () => {
    const mark = await inserts.mark();
    const response = await t.app.inject({ method: "POST", url: "/api/cta/", payload: validBodies["/api/cta/"] });
    expect(response.statusCode).toBe(201);
    expect(await inserts.since(mark)).toContain("enquiries");
  });

  it("answers each with a status below 500, and a refusal stores nothing", { timeout: 600_000 }, async () => {
    let tried = 0;
    const failures: string[] = [];
    for (const route of routes) {
      // Every route is tried to the end, so one run reports every call that fails rather than the first.
      const outcome = await fc.check(
        fc.asyncProperty(attacks(route), async (attack) => {
          const credentials = await credentialsFor(route);
          const mark = await inserts.mark();
          const response = await request(route, attack, credentials);
          tried++;
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(await inserts.since(mark), `refused with ${response.statusCode} but stored`).toEqual([]);
            expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed)
        failures.push(`${route.method} ${route.url} ${JSON.stringify(outcome.counterexample).slice(0, 300)}: ${String(outcome.errorInstance).slice(0, 300)}`);
    }
    recordFigures({ suite: "hostile", backend: t.database.kind, routes: routes.length, hostileInputs: tried });
    expect(failures).toEqual([]);
  });
});

/** One field of one call, and how it travels. */
interface FieldInput {
  route: ApiRoute;
  where: "path" | "query" | "body" | "form";
  field: string;
}

/**
 * Every field of every call: its path parameters and the query and body fields its schemas declare,
 * the fields of the valid body it is tried with, and the fields and file of a multipart form.
 */
function everyField(): FieldInput[] {
  return routes.flatMap((route) => {
    const declared = declaredFields(route);
    // A multipart form is read by the calls that create or change with it, not by a GET or DELETE of the same address.
    const form = route.method === "POST" || route.method === "PATCH" ? multipartForms[route.url] : undefined;
    const body = route.method === "GET" || form ? [] : [...new Set([...declared.body, ...Object.keys(validBodies[route.url] ?? {})])];
    return [
      ...declared.path.map((field) => ({ route, where: "path" as const, field })),
      ...declared.query.map((field) => ({ route, where: "query" as const, field })),
      ...body.map((field) => ({ route, where: "body" as const, field })),
      ...(form ? [...Object.keys(form.fields), form.file.field].map((field) => ({ route, where: "form" as const, field })) : []),
    ];
  });
}

/** A value the call's schema accepts for a path parameter, so that a check of the path does not answer before the field tried is read. */
function validParameter(route: ApiRoute, name: string): string {
  const schema = route.schema?.params instanceof z.ZodObject ? (route.schema.params.shape as Record<string, z.ZodType>)[name] : undefined;
  return (
    ["1", "abcdefghijklmnopqrstuv", "approve", "00000000-0000-4000-8000-000000000000"].find((candidate) => schema?.safeParse(candidate).success) ??
    "abcdefghijklmnopqrstuv"
  );
}

/** The call with one field set to `value`, every other part valid; a body goes as JSON or, when `urlencoded`, as a form. */
function withField({ route, where, field }: FieldInput, value: string, urlencoded: boolean, credentials: Record<string, string>) {
  const params = pathParameters(route.url);
  const path = fillPath(
    route.url,
    Object.fromEntries(params.map((name) => [name, name === field && where === "path" ? encode(value) : validParameter(route, name)])),
  );
  const url = where === "query" ? `${path}?${encode(field)}=${encode(value)}` : path;
  const headers = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36", ...credentials };
  if (where === "form") {
    const valid = multipartForms[route.url]!;
    const form = new FormData();
    for (const [name, text] of Object.entries({ ...valid.fields, ...(field === valid.file.field ? {} : { [field]: value }) })) form.append(name, text);
    form.append(valid.file.field, new Blob([new Uint8Array(valid.file.bytes)]), field === valid.file.field ? value : valid.file.name);
    return sendGenerated({ method: route.method, url, headers, payload: form });
  }
  if (route.method === "GET") return sendGenerated({ method: route.method, url, headers });
  const body: Record<string, unknown> = { ...validBodies[route.url], ...(where === "body" ? { [field]: value } : {}) };
  if (!urlencoded)
    return sendGenerated({ method: route.method, url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(body) });
  const pairs = Object.entries(body).flatMap(([name, item]) => [item].flat().map((text) => `${encode(name)}=${encode(String(text))}`));
  return sendGenerated({ method: route.method, url, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, payload: pairs.join("&") });
}

/** Past every guard, so that what answers is the boundary: the admin's session and CSRF token, and the member's token where a call needs it. */
async function everyCredential(route: ApiRoute): Promise<Record<string, string>> {
  return { ...(await adminCredentials()), ...(needsMember(route) ? { authorization: `Bearer ${await memberToken()}` } : {}) };
}

describe("a NUL, or a number past its column's range, in every field of every call", () => {
  const fields = () => everyField();

  it("finds the fields of every kind: path, query, JSON or form body, multipart", () => {
    const found = new Set(fields().map(({ route, where, field }) => `${where} ${route.method} ${route.url} ${field}`));
    for (const expected of [
      "path POST /api/admin/devices/:id/:decision/ id",
      "query GET /api/blog/posts/ category",
      "body POST /api/accounts/register/ full_name",
      "body POST /api/events/ label",
      "body POST /api/categories/ name",
      "body POST /api/admin-login/ username",
      "form POST /api/careers/applications/ cover_letter",
      "form POST /api/careers/applications/ resume",
    ])
      expect(found).toContain(expected);
  });

  it("answers a NUL anywhere with a 400 that names the field, and stores nothing", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const input of fields()) {
      const outcome = await fc.check(
        fc.asyncProperty(textWithNul, fc.boolean(), async (value, urlencoded) => {
          const credentials = await everyCredential(input.route);
          const mark = await inserts.mark();
          const response = await withField(input, value, urlencoded, credentials);
          tried++;
          expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
          expect(response.body).toContain("NUL");
          expect(await inserts.since(mark)).toEqual([]);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed)
        failures.push(
          `${input.where} ${input.route.method} ${input.route.url} ${input.field} ${JSON.stringify(outcome.counterexample)}: ${String(outcome.errorInstance).slice(0, 300)}`,
        );
    }
    recordFigures({ suite: "hostile-nul", backend: t.database.kind, fields: fields().length, hostileInputs: tried });
    expect(failures).toEqual([]);
  });

  it("answers a number past an id's range below 500", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const input of fields().filter(({ route, where, field }) => !(where === "form" && field === multipartForms[route.url]!.file.field))) {
      const outcome = await fc.check(
        fc.asyncProperty(outOfRangeNumber, fc.boolean(), async (value, urlencoded) => {
          const response = await withField(input, value, urlencoded, await everyCredential(input.route));
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed)
        failures.push(
          `${input.where} ${input.route.method} ${input.route.url} ${input.field} ${JSON.stringify(outcome.counterexample)}: ${String(outcome.errorInstance).slice(0, 300)}`,
        );
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Runs per field for the kinds of text below: each is one shape of value (a half, a date), where a NUL's
 * property above tries every field at full length; a tenth keeps `npm run verify` within minutes.
 */
const FIELD_RUNS = Math.max(2, Math.ceil(RUNS / 10));

/**
 * The property over every field of every call, signed in once per field; a failing field is reported with
 * its smallest counterexample, and every field is tried to the end.
 */
async function everyFieldHolds<T>(
  inputs: FieldInput[],
  values: fc.Arbitrary<T>,
  check: (input: FieldInput, value: T, urlencoded: boolean, credentials: Record<string, string>) => Promise<void>,
): Promise<{ failures: string[]; tried: number }> {
  const failures: string[] = [];
  let tried = 0;
  for (const input of inputs) {
    const credentials = await everyCredential(input.route);
    const outcome = await fc.check(
      fc.asyncProperty(values, fc.boolean(), async (value, urlencoded) => {
        tried++;
        await check(input, value, urlencoded, credentials);
      }),
      { numRuns: FIELD_RUNS, endOnFailure: true },
    );
    if (outcome.failed)
      failures.push(
        `${input.where} ${input.route.method} ${input.route.url} ${input.field} ${JSON.stringify(outcome.counterexample)}: ${String(outcome.errorInstance).slice(0, 300)}`,
      );
  }
  return { failures, tried };
}

describe("half of a character, a far-off date, or a Host that is no host, in every field of every call", () => {
  const fields = () => everyField().filter(({ route, where, field }) => !(where === "form" && field === multipartForms[route.url]!.file.field));

  it(
    "answers a lone surrogate in a JSON body with a 400 naming the field, and anywhere else below 500; a refusal stores nothing",
    { timeout: 600_000 },
    async () => {
      const { failures, tried } = await everyFieldHolds(fields(), textWithLoneSurrogate, async (input, value, urlencoded, credentials) => {
        const mark = await inserts.mark();
        const response = await withField(input, value, urlencoded, credentials);
        expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
        // Only a JSON escape carries half a character: in an address or a form its bytes arrive as U+FFFD.
        if (input.where === "body" && !urlencoded && input.route.method !== "GET") {
          expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
          expect(response.body).toContain("half of a character");
        }
        if (response.statusCode >= 400) expect(await inserts.since(mark)).toEqual([]);
      });
      recordFigures({ suite: "hostile-surrogate", backend: t.database.kind, fields: fields().length, hostileInputs: tried });
      expect(failures).toEqual([]);
    },
  );

  it("answers a date far in the future or the past, or no date at all, below 500; a refusal stores nothing", { timeout: 600_000 }, async () => {
    const { failures, tried } = await everyFieldHolds(fields(), hostileDate, async (input, value, urlencoded, credentials) => {
      const mark = await inserts.mark();
      const response = await withField(input, value, urlencoded, credentials);
      expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
      if (response.statusCode >= 400) expect(await inserts.since(mark)).toEqual([]);
    });
    recordFigures({ suite: "hostile-date", backend: t.database.kind, fields: fields().length, hostileInputs: tried });
    expect(failures).toEqual([]);
  });

  it("answers every call with a Host header that names no host with a 400, and stores nothing", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const outcome = await fc.check(
        fc.asyncProperty(hostileHost, async (host) => {
          const credentials = await credentialsFor(route);
          const mark = await inserts.mark();
          const response = await request(route, { kind: "headers", headers: { host } }, credentials);
          tried++;
          expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
          expect(await inserts.since(mark)).toEqual([]);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed)
        failures.push(`${route.method} ${route.url} ${JSON.stringify(outcome.counterexample)}: ${String(outcome.errorInstance).slice(0, 300)}`);
    }
    recordFigures({ suite: "hostile-host", backend: t.database.kind, routes: routes.length, hostileInputs: tried });
    expect(failures).toEqual([]);
  });
});

/**
 * Uploads built to get something other than a résumé stored. careers.db.test.ts already refuses an HTML
 * page renamed .pdf, a program renamed .docx, a plain ZIP renamed .docx, an Excel workbook renamed .doc
 * and a file over 5 MB; these are the attacks beyond those.
 */
describe("résumé upload attacks", () => {
  const applicant = { name: "Sita Sharma", email: "sita@example.com", phone: "+977 9801234567", cover_letter: "I build web products with care." };
  const apply = (fileName: string, bytes: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(applicant)) form.append(name, value);
    form.append("resume", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
    return t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
  };

  const pdf = pdfDocument();
  /** A web page that starts like a PDF and ends like one: a browser sniffing it finds the markup. */
  const pdfHtmlPolyglot = Buffer.from(`%PDF-1.4\n<html><body><script>window.__xss=1</script></body></html>\n%%EOF\n`, "latin1");
  /** A PDF with a ZIP archive appended: readers show the PDF, unzippers (and Java) open the archive. */
  const pdfZipPolyglot = Buffer.concat([pdf, zipArchive({ "payload.js": "window.__xss = 1" })]);
  const truncatedPdf = pdf.subarray(0, Math.floor(pdf.length * 0.6));
  /** A Word package with a part that inflates from a few kilobytes to 64 MB. */
  const inflated = 64 * 1024 * 1024;
  const zipBomb = docxDocument(undefined, { extraParts: { "word/bomb.xml": Buffer.alloc(inflated, 0x20) }, deflate: true });

  const attacks: [string, string, Buffer, string][] = [
    ["a double extension ending in .php", "cv.pdf.php", pdf, resumeMessages.wrongType],
    ["a right-to-left override hiding .exe", "cv\u202efdp.exe", pdf, resumeMessages.wrongType],
    ["a PHP script named .pdf", "cv.php.pdf", Buffer.from("<?php system($_GET['c']); ?>"), resumeMessages.notMatching],
    ["a PDF/HTML polyglot", "cv.pdf", pdfHtmlPolyglot, resumeMessages.notMatching],
    ["a PDF/ZIP polyglot", "cv.pdf", pdfZipPolyglot, resumeMessages.notMatching],
    ["a truncated PDF", "cv.pdf", truncatedPdf, resumeMessages.notMatching],
    ["a zip bomb named .docx", "cv.docx", zipBomb, resumeMessages.notMatching],
    [
      "a zip bomb whose directory understates its sizes",
      "cv.docx",
      docxDocument(undefined, { extraParts: { "word/bomb.xml": Buffer.alloc(inflated, 0x20) }, deflate: true, claimedSize: 1024 }),
      resumeMessages.notMatching,
    ],
    [
      "a compound-file signature beside the words 'WordDocument'",
      "cv.doc",
      Buffer.concat([compoundDocument().subarray(0, 8), Buffer.from("WordDocument", "utf16le"), Buffer.alloc(4096)]),
      resumeMessages.notMatching,
    ],
    [
      "a PDF that runs a script from a compressed object stream",
      "cv.pdf",
      pdfDocument(undefined, { catalog: "/OpenAction 7 0 R", objects: [objectStream(["<< /S /JavaScript /JS (app.alert(1)) >>"])] }),
      resumeMessages.notMatching,
    ],
    ["a PDF sent without a file name", "", pdf, resumeMessages.missing],
  ];

  it.each(attacks)("refuses %s with a clear 400, and stores nothing", async (_attack, fileName, bytes, message) => {
    const before = await rowCounts(t.database);
    const response = await apply(fileName, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { resume: [message] } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("still accepts the real documents, and keeps a file name stripped of folders", async () => {
    for (const [fileName, bytes] of [
      ["cv.pdf", pdf],
      ["cv.docx", docxDocument()],
      ["deflated.docx", docxDocument(undefined, { deflate: true })],
      ["../../etc/cv.pdf", pdf],
    ] as const) {
      expect((await apply(fileName, bytes)).statusCode).toBe(201);
    }
    const names = (await t.database.db.select({ name: careerResumes.originalName }).from(careerResumes)).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["cv.pdf", "cv.docx"]));
    expect(names.every((name) => !/[\\/]/.test(name))).toBe(true);
  });
});
