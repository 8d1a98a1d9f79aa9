import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROLES, roleMayUse, type AdminArea, type AdminRole } from "#contracts/admin-roles.ts";
import { adminBrowser, signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";

/**
 * Every admin API route and the area it belongs to. A route added without a line here fails the first
 * test; one added without a guard fails the second (it answers an anonymous caller) and the third.
 */
const AREA_OF: Record<string, AdminArea | "any"> = {
  "POST /api/admin/logout/": "any",
  "GET /api/admin/me/": "any",
  "GET /api/admin/account/": "any",
  "POST /api/admin/account/password/": "any",
  "POST /api/admin/account/two-factor/setup/": "any",
  "POST /api/admin/account/two-factor/confirm/": "any",
  "POST /api/admin/account/two-factor/disable/": "any",
  "POST /api/admin/account/two-factor/recovery-codes/": "any",
  "POST /api/admin/settings/require-two-factor/": "team",
  "GET /api/admin/users/": "users",
  "POST /api/admin/users/:id/:action/": "users",
  "GET /api/admin/posts/": "posts",
  "GET /api/admin/devices/": "devices",
  "POST /api/admin/devices/:id/:decision/": "devices",
  "GET /api/admin/dashboard/": "dashboard",
  "GET /api/admin/dashboard/metrics/:metric/": "dashboard",
  "POST /api/admin/dashboard/metrics/:metric/export/": "exports",
  "GET /api/admin/dashboard/users/": "dashboard",
  "GET /api/admin/dashboard/content/": "dashboard",
  "GET /api/admin/dashboard/communications/": "subscribers",
  "GET /api/admin/dashboard/exports/": "exports",
  "POST /api/admin/dashboard/exports/": "exports",
  "POST /api/admin/dashboard/dump/": "exports",
  "GET /api/admin/team/": "team",
  "POST /api/admin/team/invites/": "team",
  "POST /api/admin/team/invites/:id/resend/": "team",
  "POST /api/admin/team/invites/:id/revoke/": "team",
  "POST /api/admin/team/admins/:id/role/": "team",
  "POST /api/admin/team/admins/:id/remove/": "team",
  "POST /api/admin/team/admins/:id/disable/": "team",
  "POST /api/admin/team/admins/:id/enable/": "team",
  "GET /api/admin/enquiries/": "enquiries",
  "GET /api/admin/enquiries/:id/": "enquiries",
  "POST /api/admin/enquiries/:id/status/": "enquiries",
  "GET /api/admin/enquiries/owners/": "enquiries",
  "POST /api/admin/enquiries/bulk/": "enquiries",
  "POST /api/admin/enquiries/:id/assign/": "enquiries",
  "POST /api/admin/enquiries/:id/reply/": "enquiries",
  "POST /api/admin/enquiries/:id/note/": "enquiries",
  "POST /api/admin/enquiries/:id/delete/": "enquiries",
  "GET /api/admin/subscribers/": "subscribers",
  "DELETE /api/admin/subscribers/:id/": "subscribers",
  "GET /api/admin/jobs/": "jobs",
  "POST /api/admin/jobs/": "jobs",
  "GET /api/admin/jobs/:id/": "jobs",
  "PATCH /api/admin/jobs/:id/": "jobs",
  "POST /api/admin/jobs/:id/status/": "jobs",
  "GET /api/admin/applications/": "applications",
  "GET /api/admin/applications/board/": "applications",
  "GET /api/admin/applications/:id/": "applications",
  "GET /api/admin/applications/:id/resume/": "applications",
  "POST /api/admin/applications/:id/status/": "applications",
  "POST /api/admin/applications/:id/notes/": "applications",
  "POST /api/admin/applications/:id/rating/": "applications",
  "POST /api/admin/applications/:id/mail/": "applications",
  "POST /api/admin/applications/:id/mail/skip/": "applications",
  "GET /api/admin/applications/mail-templates/": "applications",
  "POST /api/admin/applications/mail-templates/:stage/": "applications",
  "GET /api/admin/audit/": "audit",
  "GET /api/admin/audit/filters/": "audit",
  "GET /api/posts/": "posts",
  "POST /api/posts/": "posts",
  "PATCH /api/posts/:id/": "posts",
  "DELETE /api/posts/:id/": "posts",
  "GET /api/categories/": "posts",
  "POST /api/categories/": "posts",
  "GET /api/admin/assistant/conversations/": "assistant",
  "GET /api/admin/assistant/conversations/:id/": "assistant",
  "GET /api/admin/search/misses/": "assistant",
  "GET /api/admin/assistant/unanswered/": "assistant",
  "POST /api/admin/assistant/answers/": "assistant",
  "GET /api/admin/meetings/": "meetings",
  "POST /api/admin/meetings/:id/cancel/": "meetings",
  "GET /api/admin/meetings/settings/": "meetings",
  "POST /api/admin/meetings/settings/": "meetings",
  "GET /api/admin/campaigns/": "campaigns",
  "POST /api/admin/campaigns/": "campaigns",
  "POST /api/admin/campaigns/from-post/": "campaigns",
  "GET /api/admin/campaigns/:id/": "campaigns",
  "PATCH /api/admin/campaigns/:id/": "campaigns",
  "GET /api/admin/campaigns/:id/progress/": "campaigns",
  "POST /api/admin/campaigns/:id/test/": "campaigns",
  "POST /api/admin/campaigns/:id/schedule/": "campaigns",
  "POST /api/admin/campaigns/:id/action/": "campaigns",
  "GET /api/admin/content/": "content",
  "GET /api/admin/content/export/": "content",
  "POST /api/admin/content/import/": "content",
  "POST /api/admin/content/photos/": "content",
  "GET /api/admin/content/:type/": "content",
  "POST /api/admin/content/:type/drafts/": "content",
  "POST /api/admin/content/:type/publish/": "content",
  "POST /api/admin/content/:type/unschedule/": "content",
  "GET /api/admin/content/:type/revisions/:number/": "content",
  "POST /api/admin/content/:type/revisions/:number/restore/": "content",
  "GET /api/admin/data-requests/": "privacy",
  "GET /api/admin/data-requests/:id/": "privacy",
  "POST /api/admin/data-requests/:id/action/": "privacy",
};

/** Every admin screen's loader and its area: the file each route line of app/routes.ts names for an admin page. */
const SCREENS: [string, AdminArea, Record<string, string>][] = [
  ["adminPanel", "dashboard", {}],
  ["postblog", "posts", {}],
  ["admin.content._index", "content", {}],
  ["admin.content.$type", "content", { type: "testimonials" }],
  ["admin.content.$type.revisions.$number", "content", { type: "faq", number: "1" }],
  ["admin.devices", "devices", {}],
  ["admin.enquiries._index", "enquiries", {}],
  ["admin.enquiries.$id", "enquiries", { id: "999999" }],
  ["admin.assistant", "assistant", {}],
  ["admin.assistant.$id", "assistant", { id: "00000000-0000-4000-8000-000000000000" }],
  ["admin.meetings", "meetings", {}],
  ["admin.meetings.settings", "meetings", {}],
  ["admin.jobs._index", "jobs", {}],
  ["admin.jobs.new", "jobs", {}],
  ["admin.jobs.$id.edit", "jobs", { id: "no-such-job" }],
  ["admin.applications._index", "applications", {}],
  ["admin.applications.board", "applications", {}],
  ["admin.applications.$id", "applications", { id: "00000000-0000-4000-8000-000000000000" }],
  ["admin.applications.mail-templates", "applications", {}],
  ["admin.subscribers", "subscribers", {}],
  ["admin.campaigns._index", "campaigns", {}],
  ["admin.campaigns.$id", "campaigns", { id: "999999" }],
  ["admin.data-requests._index", "privacy", {}],
  ["admin.data-requests.$id", "privacy", { id: "999999" }],
  ["admin.audit", "audit", {}],
  ["admin.team", "team", {}],
  ["admin.users", "users", {}],
];

/** Routes under /api/admin/ that a mailed link authorises instead of a session. */
const BY_LINK = new Set(["POST /api/admin/device-approvals/:token/"]);

/** Fastify's own route tree, flattened to "METHOD /path" for every admin route (the blog's admin calls live under /api/posts/ and /api/categories/). */
function adminRoutesOf(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join("");
    if (!/^\/api\/(admin\/|posts\/|categories\/)/.test(path)) continue;
    for (const method of (match[3] ?? "").split(", ")) if (method && method !== "HEAD") routes.push(`${method} ${path}`);
  }
  return routes;
}

/** A concrete address for a route: ids that name nothing, so an allowed call fails on the record (404/400), never on the role. */
const urlOf = (path: string) =>
  path
    .replace("/applications/:id", "/applications/00000000-0000-4000-8000-000000000000")
    .replace("/jobs/:id", "/jobs/no-such-job")
    .replace(":metric", "visitors")
    .replace(":decision", "approve")
    .replace(":stage", "interview")
    .replace(":type", "testimonials")
    .replace(":number", "1")
    .replace(":id", "999999");

let t: TestContext;
let routes: string[];
const browsers = {} as Record<AdminRole, Awaited<ReturnType<typeof signedInAdmin>>>;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  routes = adminRoutesOf(t.app.printRoutes({ commonPrefix: false })).filter((route) => !BY_LINK.has(route));
  for (const role of ADMIN_ROLES) browsers[role] = await signedInAdmin(t, role);
});
afterAll(() => t.close());

describe("roles on the admin API", () => {
  it("knows the area of every admin route Fastify has", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !(route in AREA_OF))).toEqual([]);
    expect(Object.keys(AREA_OF).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("answers every admin route with 401 without a session", async () => {
    const anonymous = adminBrowser(t);
    for (const route of routes) {
      const [method, path] = route.split(" ") as ["GET" | "POST" | "PATCH" | "DELETE", string];
      expect((await anonymous.request(method, urlOf(path), method === "GET" ? undefined : {})).statusCode, route).toBe(401);
    }
  });

  // Signing out comes last: it ends the session the other calls use.
  it.each(ADMIN_ROLES)("lets the %s use the routes of their role and refuses the others with 403 not_permitted", async (role) => {
    const ordered = [...routes].sort((a, b) => Number(a === "POST /api/admin/logout/") - Number(b === "POST /api/admin/logout/"));
    const seen: Record<string, "allowed" | "refused"> = {};
    for (const route of ordered) {
      const [method, path] = route.split(" ") as ["GET" | "POST" | "PATCH" | "DELETE", string];
      const area = AREA_OF[route]!;
      const response = await browsers[role].request(method, urlOf(path), method === "GET" ? undefined : {});
      if (area === "any" || roleMayUse(role, area)) {
        expect([401, 403], `${role} ${route}: ${response.body}`).not.toContain(response.statusCode);
        seen[route] = "allowed";
      } else {
        expect(response.statusCode, `${role} ${route}`).toBe(403);
        expect(response.json(), `${role} ${route}`).toMatchObject({ code: "not_permitted", message: expect.stringContaining("Ask an owner") });
        seen[route] = "refused";
      }
    }
    // Each role has something of its own and something it may not touch (the owner: everything).
    expect(Object.values(seen)).toContain("allowed");
    if (role !== "owner") expect(Object.values(seen)).toContain("refused");
  });
});

describe("roles on the admin screens", () => {
  // The API tests above signed each role out.
  beforeAll(async () => {
    for (const role of ADMIN_ROLES) browsers[role] = await signedInAdmin(t, role);
  });

  it("lists every admin screen of the route table", async () => {
    type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
    const flatten = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
    const table = flatten((await import("../../../app/routes")).default as RouteEntry[]);
    const adminFiles = table.filter((route) => /^(admin\/|adminPanel|postblog)/.test(route.path ?? "")).map((route) => route.file);
    // Reached by a mailed link, not a session; signing out, which any session (or none) may do; and every admin's own account.
    const byLink = [
      "routes/admin.sign-out.tsx",
      "routes/admin.account.tsx",
      "routes/admin.devices.approve.$token.tsx",
      "routes/admin.invite.$token.tsx",
      "routes/admin.forgot-password.tsx",
      "routes/admin.reset-password.$token.tsx",
    ];
    expect(adminFiles.filter((file) => !byLink.includes(file)).sort()).toEqual(SCREENS.map(([file]) => `routes/${file}.tsx`).sort());
  });

  /** What a screen's loader does for the signed-in admin of a role: its status when it throws, else 200. */
  async function screenStatus(file: string, role: AdminRole, params: Record<string, string>) {
    const { loader } = (await import(`../../../app/routes/${file}.tsx`)) as { loader: (args: unknown) => Promise<unknown> };
    const request = new Request("http://localhost:3000/", { headers: { cookie: `admin_session=${browsers[role].jar.admin_session}` } });
    try {
      await loader({ request, params, context: { services: t.app.services } });
      return 200;
    } catch (thrown) {
      const status = (thrown as { init?: { status?: number }; status?: number }).init?.status ?? (thrown as { status?: number }).status;
      if (typeof status !== "number") throw thrown;
      return status;
    }
  }

  it.each(ADMIN_ROLES)("shows the %s the screens of their role and answers 403 on the others", async (role) => {
    for (const [file, area, params] of SCREENS) {
      const status = await screenStatus(file, role, params);
      // A detail screen of a record that does not exist answers 404 to a role that may see it.
      if (roleMayUse(role, area)) expect([200, 404], `${role} ${file}`).toContain(status);
      else expect(status, `${role} ${file}`).toBe(403);
    }
  });
});
