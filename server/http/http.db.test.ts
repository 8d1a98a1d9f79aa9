import Fastify from "fastify";
import cookie from "@fastify/cookie";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { createCsrf } from "./csrf";
import { registerErrorHandling } from "./errors";
import { securityHeaders } from "./security";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("security baseline", () => {
  it("sends protective headers, and a policy that runs nothing on API answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(response.headers["strict-transport-security"]).toBeUndefined(); // production only
  });

  it("sends the whole set of protective headers on every kind of answer: a list, a refusal, a missing route", async () => {
    // The values themselves are checked above and in the production test (xss.e2e); here, that no answer misses one.
    const expected = securityHeaders(false);
    expect(Object.keys(expected)).toHaveLength(10);
    for (const request of [
      { method: "GET", url: "/api/blog/posts/" },
      { method: "POST", url: "/api/cta/", payload: {} },
      { method: "GET", url: "/api/no-such-call/" },
    ] as const) {
      const response = await t.app.inject(request);
      expect(response.headers, `${request.method} ${request.url}`).toMatchObject(expected);
    }
  });

  it("refuses unsafe requests from another site with 403 and stores nothing", async () => {
    const crossOrigin = await t.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      payload: { path: "/" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json()).toEqual({ message: "Cross-site requests are not allowed." });
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      payload: { path: "/" },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      payload: { path: "/" },
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.statusCode).toBe(204);
  });

  it("answers bad bodies with 4xx and a message, never a stack", async () => {
    const tooLarge = await t.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      payload: JSON.stringify({ path: "/", referrer: "x".repeat(5000) }),
      headers: { "content-type": "application/json" },
    });
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await t.app.inject({ method: "POST", url: "/api/analytics/pageview", payload: "<xml/>", headers: { "content-type": "application/xml" } });
    expect(wrongType.statusCode).toBe(415);
    const badJson = await t.app.inject({ method: "POST", url: "/api/analytics/pageview", payload: "{", headers: { "content-type": "application/json" } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here/" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No API route/);
  });

  it("limits requests per client with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 121; i++) {
      last = await t.app.inject({ method: "POST", url: "/api/analytics/pageview", payload: { path: "/" }, remoteAddress: "203.0.113.9" });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    expect(last!.json().message).toMatch(/Too many requests/);
    const other = await t.app.inject({ method: "POST", url: "/api/analytics/pageview", payload: { path: "/" }, remoteAddress: "203.0.113.10" });
    expect(other.statusCode).toBe(204);
  });
});

describe("operations", () => {
  it("reports liveness and database readiness", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready", database: "ok" });
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap: https://himaltech.com.np/sitemap.xml");
    expect(robots.body).toContain("Disallow: /api/");
    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });
});

describe("csrftoken", () => {
  async function csrfApp() {
    const csrf = createCsrf("another-secret-key-long-enough-for-tests", false);
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(cookie);
    app.get("/token", async (request, reply) => ({ token: csrf.issue(reply, (request.query as { s?: string }).s ?? "") }));
    app.post("/change", async (request) => {
      csrf.verify(request, (request.query as { s?: string }).s ?? "");
      return { ok: true };
    });
    return app;
  }

  it("accepts the token echoed from the cookie for the session it was made for", async () => {
    const app = await csrfApp();
    const { token } = (await app.inject({ method: "GET", url: "/token?s=session-1" })).json();
    const ok = await app.inject({ method: "POST", url: "/change?s=session-1", cookies: { csrftoken: token }, headers: { "x-csrftoken": token } });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a missing header, a mismatch, a forged signature or another session's token", async () => {
    const app = await csrfApp();
    const { token } = (await app.inject({ method: "GET", url: "/token?s=session-1" })).json();
    const forged = `${token.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const attempts = [
      { cookies: { csrftoken: token }, headers: {} },
      { cookies: { csrftoken: token }, headers: { "x-csrftoken": `${token}x` } },
      { cookies: { csrftoken: forged }, headers: { "x-csrftoken": forged } },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ method: "POST", url: "/change?s=session-1", ...attempt });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("CSRF token missing or incorrect.");
    }
    const otherSession = await app.inject({ method: "POST", url: "/change?s=session-2", cookies: { csrftoken: token }, headers: { "x-csrftoken": token } });
    expect(otherSession.statusCode).toBe(403);
  });

  it("hands pages a token through GET /api/csrf/", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/csrf/" });
    const token = response.json().csrfToken as string;
    expect(response.cookies.find((c) => c.name === "csrftoken")?.value).toBe(token);
    expect(t.app.csrf.isValid({ cookies: { csrftoken: token }, headers: { "x-csrftoken": token } } as never)).toBe(true);
  });
});
