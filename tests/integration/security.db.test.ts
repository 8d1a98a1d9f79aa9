import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokenFamilies, users } from "../../server/modules/accounts/schema";
import { pdfDocument } from "../fixtures/resume-documents";
import { buildTestApp, type TestContext } from "../helpers/app";
import { adminBrowser, signedInAdmin } from "../helpers/admin";
import { fillPath, routesOf, rowCounts, type ApiRoute } from "./support/surface";

/**
 * Nobody gets in who should not: forged or missing CSRF tokens, other sites, forged or replayed account
 * tokens, a fixed admin session, callers without the right session on admin calls, and answers whose
 * timing tells whether an account exists.
 */

let t: TestContext;
let routes: ApiRoute[];
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  routes = routesOf(t.app);
});
afterAll(() => t.close());

const PASSWORD = "Glacier-Walk-42";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Path parameters that name something that exists or could: the refusal must come before the lookup. */
const concrete = (route: ApiRoute) =>
  fillPath(route.url, { id: "1", metric: "enquiries", decision: "approve", token: "a".repeat(43), uid: "AAAAAAAAAAAAAAAAAAAAAA", file: "a.webp" });
const adminRoutes = () => routes.filter((route) => route.audience === "admin");

async function member(email: string) {
  await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email, password: PASSWORD } });
  await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, email));
  const response = await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email, password: PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json() as { access: string; refresh: string };
}

describe("admin calls", () => {
  it("are found under the admin guard, and each refuses a caller without a session with 401", async () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(8);
    const csrftoken = (await t.app.inject({ method: "GET", url: "/api/csrf/" })).json().csrfToken as string;
    for (const route of adminRoutes()) {
      for (const withToken of [false, true]) {
        const response = await t.app.inject({
          method: route.method,
          url: concrete(route),
          ...(withToken ? { cookies: { csrftoken }, headers: { "x-csrftoken": csrftoken } } : {}),
          ...(UNSAFE.has(route.method) ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it("refuse a forged session cookie, an account token in its place, and an account member's bearer token, with 401 or 403", async () => {
    const { access } = await member("member-on-admin@example.com");
    const forged = { admin_session: "a".repeat(43) };
    for (const route of adminRoutes()) {
      for (const attempt of [{ headers: { authorization: `Bearer ${access}` } }, { cookies: forged }, { cookies: { admin_session: access } }]) {
        const response = await t.app.inject({ method: route.method, url: concrete(route), ...attempt, ...(UNSAFE.has(route.method) ? { payload: {} } : {}) });
        expect([401, 403], `${route.method} ${route.url} ${JSON.stringify(attempt).slice(0, 60)}`).toContain(response.statusCode);
      }
    }
  });

  it("refuse every unsafe call of a signed-in admin whose CSRF token is missing, wrong, planted or another session's, storing nothing", async () => {
    const admin = await signedInAdmin(t);
    const other = await signedInAdmin(t);
    const unbound = (await t.app.inject({ method: "GET", url: "/api/csrf/" })).json().csrfToken as string;
    const attempts: [string, Record<string, string>, Record<string, string>][] = [
      ["missing", { ...admin.jar }, {}],
      ["not the cookie's", { ...admin.jar }, { "x-csrftoken": `${admin.jar.csrftoken}x` }],
      // A token fresh from the page belongs to no session; one planted by another site is no better.
      ["planted, bound to no session", { ...admin.jar, csrftoken: unbound }, { "x-csrftoken": unbound }],
      ["another admin's", { ...admin.jar, csrftoken: other.jar.csrftoken! }, { "x-csrftoken": other.jar.csrftoken! }],
    ];
    const unsafe = adminRoutes().filter((route) => UNSAFE.has(route.method));
    expect(unsafe.length).toBeGreaterThan(0);
    const before = await rowCounts(t.database);
    for (const route of unsafe) {
      for (const [name, cookies, headers] of attempts) {
        const response = await t.app.inject({
          method: route.method,
          url: concrete(route),
          cookies,
          headers,
          payload: { name: "Planted category", status: "closed" },
        });
        expect(response.statusCode, `${route.method} ${route.url} with a token ${name}`).toBe(403);
      }
    }
    const after = await rowCounts(t.database);
    // Looking up the session keeps it alive; nothing else may change.
    expect({ ...after, admin_sessions: 0 }).toEqual({ ...before, admin_sessions: 0 });
    expect((await admin.request("GET", "/api/admin/me/")).statusCode).toBe(200);
  });

  it("refuse a sign-in carrying a planted csrftoken cookie, and replace the cookie so the next attempt works", async () => {
    const { username } = (await (await signedInAdmin(t)).request("GET", "/api/admin/me/")).json();
    const browser = adminBrowser(t);
    browser.jar.csrftoken = "planted-by-a-neighbour.site";
    const refused = await browser.login(username, "a-long-test-passphrase");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "CSRF token missing or incorrect." });
    expect(browser.jar.csrftoken).not.toBe("planted-by-a-neighbour.site");
    expect((await browser.login(username, "a-long-test-passphrase")).json()).toEqual({ registering: true });
  });

  it("give the signed-in admin a session id of the server's choosing: one planted before login is not used", async () => {
    const admin = await signedInAdmin(t);
    const { username } = (await admin.request("GET", "/api/admin/me/")).json();
    const planted = "fixated-by-an-attacker-0123456789abcdefghijklm";
    const victim = adminBrowser(t, "198.51.100.250");
    victim.jar.admin_device = admin.jar.admin_device!;
    victim.jar.admin_session = planted;
    expect((await victim.login(username, "a-long-test-passphrase")).json()).toEqual({ success: true });
    expect(victim.jar.admin_session).not.toBe(planted);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me/", cookies: { admin_session: planted } })).statusCode).toBe(401);
    expect((await victim.request("GET", "/api/admin/me/")).statusCode).toBe(200);
  });
});

describe("résumé downloads", () => {
  it("are attachments that are never sniffed, named by the site rather than by the visitor", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Sita <b>Sharma</b>", email: "sita@example.com" })) form.append(name, value);
    form.append("resume", new Blob([new Uint8Array(pdfDocument())]), "cv\"; filename*=UTF-8''evil.html; x=\".सीभी.pdf");
    const applied = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
    expect(applied.statusCode).toBe(201);
    const admin = await signedInAdmin(t);
    const response = await admin.request("GET", `/api/admin/applications/${applied.json().id}/resume/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
  });
});

describe("requests from other sites", () => {
  const crossSite: [string, Record<string, string>][] = [
    ["another origin", { origin: "https://evil.example" }],
    ["a sibling subdomain", { origin: "http://evil.localhost:3000", "sec-fetch-site": "same-site" }],
    ["an opaque origin (sandboxed frame, file)", { origin: "null" }],
    ["Sec-Fetch-Site alone", { "sec-fetch-site": "cross-site" }],
  ];

  it("are refused with 403 on every unsafe call, whoever is signed in, and store nothing", async () => {
    const admin = await signedInAdmin(t);
    const unsafe = routes.filter((route) => UNSAFE.has(route.method));
    const before = await rowCounts(t.database);
    for (const route of unsafe) {
      for (const [name, headers] of crossSite) {
        const response = await t.app.inject({
          method: route.method,
          url: concrete(route),
          cookies: admin.jar,
          headers: { ...headers, "x-csrftoken": admin.jar.csrftoken! },
          payload: {
            name: "Cross-site",
            email: "cross@example.com",
            message: "From elsewhere.",
            path: "/",
            password: PASSWORD,
            username: "x",
            refresh: "x",
            decision: "approve",
          },
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${name}`).toBe(403);
      }
    }
    expect({ ...(await rowCounts(t.database)), admin_sessions: 0 }).toEqual({ ...before, admin_sessions: 0 });
  });
});

describe("account tokens", () => {
  /** The key the site signs with is derived from SECRET_KEY; with it, only the algorithm differs. */
  const siteKey = () => createHmac("sha256", t.config.secretKey).update("account-jwt").digest();

  async function forgeries(token: string) {
    const claims = decodeJwt(token);
    const now = Math.floor(t.clock.now.getTime() / 1000);
    return {
      "alg none": new UnsecuredJWT({ ...claims }).encode(),
      "alg none, signature kept": `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${token.split(".")[1]}.${token.split(".")[2]}`,
      "another key": await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("another-secret-another-secret-32")),
      "the site's key under HS512": await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS512" }).sign(siteKey()),
      expired: await new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 }).setProtectedHeader({ alg: "HS256" }).sign(siteKey()),
      "a changed payload with the old signature": `${token.split(".")[0]}.${Buffer.from(JSON.stringify({ ...claims, sub: "00000000-0000-4000-8000-000000000000" })).toString("base64url")}.${token.split(".")[2]}`,
    };
  }

  it("refuses a forged, re-signed or expired access token on every call behind one, with 401", async () => {
    const { access } = await member("forged-access@example.com");
    const bearerRoutes: ApiRoute[] = [];
    for (const route of routes.filter((r) => r.audience === "account")) {
      // A body that passes validation, so what answers is the missing token.
      const payload = {
        current_password: PASSWORD,
        new_password: "Another-Passphrase-9",
        email: "a@example.com",
        password: PASSWORD,
        refresh: "x",
        subscribed: true,
      };
      const response = await t.app.inject({ method: route.method, url: concrete(route), ...(UNSAFE.has(route.method) ? { payload } : {}) });
      if (response.statusCode === 401 && response.json().code === "not_authenticated") bearerRoutes.push(route);
    }
    expect(bearerRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(["/api/accounts/me/", "/api/accounts/logout/", "/api/accounts/change-password/"]),
    );
    for (const route of bearerRoutes) {
      for (const [name, token] of Object.entries(await forgeries(access))) {
        const response = await t.app.inject({
          method: route.method,
          url: concrete(route),
          headers: { authorization: `Bearer ${token}` },
          ...(UNSAFE.has(route.method)
            ? { payload: { current_password: PASSWORD, new_password: "Another-Passphrase-9", password: PASSWORD, subscribed: true } }
            : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} with ${name}`).toBe(401);
      }
    }
    // The real token still works: nothing above changed the account.
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
  });

  it("refuses a forged or expired refresh token with 401 and rotates nothing", async () => {
    const { refresh } = await member("forged-refresh@example.com");
    const [before] = await t.database.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, decodeJwt(refresh).fam as string));
    for (const [name, token] of Object.entries(await forgeries(refresh))) {
      const response = await t.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh: token } });
      expect(response.statusCode, name).toBe(401);
    }
    const [after] = await t.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, before!.id));
    expect(after).toEqual(before);
  });

  // A replayed rotated refresh token revoking its family is proven in accounts.db.test.ts; the race below is its sharpest form.
  it("treats the same refresh token sent twice at once as reuse: at most one answer gets tokens, and the family is revoked", async () => {
    const { refresh } = await member("race@example.com");
    const answers = await Promise.all([1, 2].map(() => t.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh } })));
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
    const [family] = await t.database.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, decodeJwt(refresh).fam as string));
    expect(family!.revokedReason).toBe("reuse");
    for (const answer of answers.filter((a) => a.statusCode === 200)) {
      const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${answer.json().access}` } });
      expect(me.statusCode).toBe(401);
    }
  });
});

/**
 * Whether an address has an account must not show in how long the answer takes. Each run times the two
 * cases back to back (in alternating order), so a burst of load on the machine falls on both halves of
 * a pair alike; the median of the pairs' ratios must be within 1.5 (or the median pair differ by 5 ms,
 * for answers that take only a few), which a loaded machine keeps to and a skipped password hash (tens
 * of milliseconds in every pair) does not.
 */
describe("timing", () => {
  const RUNS = 50;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  async function timePairs(known: () => Promise<unknown>, unknown: () => Promise<unknown>) {
    const timed = async (call: () => Promise<unknown>) => {
      const start = performance.now();
      await call();
      return performance.now() - start;
    };
    for (const warmUp of [known, unknown, known, unknown]) await warmUp();
    const pairs: { known: number; unknown: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (run % 2) {
        const knownTime = await timed(known);
        pairs.push({ known: knownTime, unknown: await timed(unknown) });
      } else {
        const unknownTime = await timed(unknown);
        pairs.push({ unknown: unknownTime, known: await timed(known) });
      }
    }
    return pairs;
  }

  function expectWithinNoise(pairs: { known: number; unknown: number }[]) {
    const ratio = median(pairs.map((pair) => pair.unknown / pair.known));
    const difference = median(pairs.map((pair) => Math.abs(pair.unknown - pair.known)));
    const summary = `median pair: unknown/known ${ratio.toFixed(2)}, ${difference.toFixed(1)} ms apart (medians: known ${median(pairs.map((pair) => pair.known)).toFixed(1)} ms, unknown ${median(pairs.map((pair) => pair.unknown)).toFixed(1)} ms)`;
    console.info(`timing ${summary}`);
    expect(difference <= 5 || (ratio <= 1.5 && ratio >= 1 / 1.5), summary).toBe(true);
  }

  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });

  it("takes as long to refuse a login for an unknown address as a wrong password for a known one", { timeout: 120_000 }, async () => {
    await member("timing-login@example.com");
    // A fresh address every time, known or not, so that each wrong password is checked rather than held back by the login throttle.
    const [known] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, "timing-login@example.com"));
    await t.database.db
      .insert(users)
      .values(Array.from({ length: RUNS + 2 }, (_, i) => ({ email: `timing-login-${i}@example.com`, passwordHash: known!.passwordHash, isActive: true })));
    const attempts = { known: 0, unknown: 0 };
    const pairs = await timePairs(
      async () =>
        expect((await post("/api/accounts/login/", { email: `timing-login-${attempts.known++}@example.com`, password: "Wrong-password-1" })).statusCode).toBe(
          401,
        ),
      async () =>
        expect((await post("/api/accounts/login/", { email: `nobody-here-${attempts.unknown++}@example.com`, password: "Wrong-password-1" })).statusCode).toBe(
          401,
        ),
    );
    expectWithinNoise(pairs);
  });

  it("takes as long to answer a password reset for an unknown address as for a known one", { timeout: 120_000 }, async () => {
    await member("timing-reset@example.com");
    const pairs = await timePairs(
      async () => expect((await post("/api/accounts/password-reset/", { email: "timing-reset@example.com" })).statusCode).toBe(200),
      async () => expect((await post("/api/accounts/password-reset/", { email: "nobody-here@example.com" })).statusCode).toBe(200),
    );
    expectWithinNoise(pairs);
  });
});
