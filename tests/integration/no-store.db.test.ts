import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/modules/accounts/schema";
import { signedInAdmin } from "../helpers/admin";
import { buildTestApp, type TestContext } from "../helpers/app";
import { fillPath, routesOf } from "./support/surface";

/**
 * Personal data is never kept by a cache (server/http/no-store.ts): every admin and account call, and
 * every answer to a request that carries a session or a token, says `Cache-Control: no-store`. The
 * admin pages and their data requests are checked with the built site in tests/site/boundary-pages.site.test.ts.
 */

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let memberToken: string;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  admin = await signedInAdmin(t);
  await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: "member@example.com", password: "Glacier-Walk-42" } });
  await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, "member@example.com"));
  memberToken = (
    await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: "member@example.com", password: "Glacier-Walk-42" } })
  ).json().access;
});
afterAll(() => t.close());

const cacheControl = (response: { headers: Record<string, unknown> }) => String(response.headers["cache-control"] ?? "");

describe("Cache-Control: no-store", () => {
  it("is on every answer of every admin call to a signed-in admin, and on its refusal to anyone else", async () => {
    const adminCalls = routesOf(t.app).filter((route) => route.audience === "admin" && route.method === "GET");
    expect(adminCalls.length).toBeGreaterThan(10);
    for (const route of adminCalls) {
      const url = fillPath(route.url, { id: "1", metric: "enquiries", token: "x".repeat(43) });
      const signedIn = await admin.request("GET", url);
      expect(cacheControl(signedIn), `${url} (${signedIn.statusCode})`).toBe("no-store");
      const anonymous = await t.app.inject({ method: "GET", url });
      expect(cacheControl(anonymous), `${url} anonymous (${anonymous.statusCode})`).toBe("no-store");
    }
  });

  it("is on the admin's posts and categories, the admin sign-in and the account calls", async () => {
    for (const url of ["/api/posts/", "/api/categories/"]) expect(cacheControl(await admin.request("GET", url)), url).toBe("no-store");
    expect(cacheControl(await admin.login("nobody", "wrong-password-123"))).toBe("no-store");
    const bearer = { authorization: `Bearer ${memberToken}` };
    expect(cacheControl(await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: bearer }))).toBe("no-store");
    expect(cacheControl(await t.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh: "x" } }))).toBe("no-store");
    expect(
      cacheControl(await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: "member@example.com", password: "Glacier-Walk-42" } })),
    ).toBe("no-store");
  });

  it("is on a public call answered to a request with a session cookie or a bearer token", async () => {
    expect(cacheControl(await admin.request("GET", "/api/blog/categories/"))).toBe("no-store");
    expect(cacheControl(await t.app.inject({ method: "GET", url: "/api/careers/jobs/", headers: { authorization: `Bearer ${memberToken}` } }))).toBe(
      "no-store",
    );
  });

  it("is not on a public answer to an anonymous request, which caches may keep", async () => {
    expect(cacheControl(await t.app.inject({ method: "GET", url: "/api/careers/jobs/" }))).not.toContain("no-store");
    expect(cacheControl(await t.app.inject({ method: "GET", url: "/blog/rss.xml" }))).toContain("public");
  });
});
