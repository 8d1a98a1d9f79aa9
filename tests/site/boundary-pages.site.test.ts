import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { format } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { loadServerBuild } from "../../server/http/pages";
import { signedInAdmin } from "../helpers/admin";
import type { TestContext } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

/**
 * The boundary, the log and the no-store rule where the site's pages meet them: React Router's loaders,
 * its data requests and its renderer, served from the build as `npm start` serves them.
 */

const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

/** Every line the server would write to its output: pino's, and anything printed on the console. */
const logLines: string[] = [];
const collect = (text: string) => logLines.push(...text.split("\n").filter((line) => line.length > 0));

let app: App;
let database: DatabaseHandle;
let dataDir: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  for (const method of ["log", "info", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => collect(format(...args)));
  dataDir = await mkdtemp(path.join(tmpdir(), "himal-pages-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
    BUILD_DIR: buildDir,
    RATE_LIMITS: "off",
  });
  database = await createTestDatabase();
  app = await buildApp({ config, database, siteBuild: await loadServerBuild(buildDir), logger: { level: "info", stream: { write: collect } } });
  await app.ready();
  admin = await signedInAdmin({ app } as TestContext);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const FORGED = '\n{"level":50,"msg":"FORGED"}\n';

/** Every line is one JSON object, and none of them is the forged entry. */
function expectOnlyGenuineLines() {
  for (const line of logLines) {
    let entry: unknown;
    expect(() => (entry = JSON.parse(line)), `a log line that is not JSON: ${line.slice(0, 200)}`).not.toThrow();
    expect(entry, line).toBeTypeOf("object");
    expect((entry as { msg?: string }).msg).not.toBe("FORGED");
  }
}

describe("the log", () => {
  it("refuses the reported forging address at the boundary, and logs nothing forged", async () => {
    logLines.length = 0;
    const response = await app.inject({ method: "GET", url: `/blog?category=%00${encodeURIComponent(FORGED)}` });
    expect(response.statusCode).toBe(400);
    expectOnlyGenuineLines();
  });

  it("takes a loader's failure carrying the visitor's text as escaped fields, never as lines of its own", async () => {
    // The failure a database gives, which quotes the query's parameters: here the visitor's category.
    const listPosts = vi.spyOn(app.services.blog, "listPosts").mockImplementation(async ({ category }) => {
      throw new Error(`Failed query: select … params: ${category}`);
    });
    logLines.length = 0;
    const response = await app.inject({ method: "GET", url: `/blog?category=${encodeURIComponent(FORGED)}` });
    listPosts.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(logLines.some((line) => line.includes("FORGED"))).toBe(true);
    expectOnlyGenuineLines();
  });

  it("takes a failure React Router reports itself (a loader that throws) as escaped fields too", async () => {
    const session = vi.spyOn(app.services.admin, "session").mockImplementation(async (token) => {
      throw new Error(`no session ${token}`);
    });
    logLines.length = 0;
    const response = await app.inject({ method: "GET", url: "/adminPanel", headers: { cookie: `admin_session=${encodeURIComponent(FORGED)}` } });
    session.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(logLines.some((line) => line.includes("FORGED"))).toBe(true);
    expectOnlyGenuineLines();
  });
});

describe("a page's address", () => {
  it.each(["/blog?category=%00", "/blog?page=1%00", "/blog/1%00", "/careers/apply/%00", "/admin/enquiries/1%00", "/%00", "/adminPanel.data?x=%00"])(
    "with a NUL (%s) is a 400, not a 500",
    async (url) => {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain("NUL");
    },
  );

  it("with a malformed session cookie sends an admin page's visitor to the sign-in, not to an error", async () => {
    for (const cookie of ["admin_session=%E0%A4%A", "admin_session=%", "admin_session=%ZZ; csrftoken=%"]) {
      const response = await app.inject({ method: "GET", url: "/adminPanel", headers: { cookie } });
      expect(response.statusCode, cookie).toBe(302);
      expect(response.headers.location).toBe("/admin-login");
    }
  });
});

describe("Cache-Control: no-store on pages", () => {
  const signedIn = (url: string) => app.inject({ method: "GET", url, cookies: admin.jar });

  it.each(["/adminPanel", "/adminPanel.data", "/admin/enquiries", "/admin/enquiries.data", "/admin/audit.data", "/postblog", "/dashboard", "/dashboard.data"])(
    "is on %s for a signed-in admin",
    async (url) => {
      const response = await signedIn(url);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
    },
  );

  it("is on a public page and its data requested with a session, but not on the build's shared files", async () => {
    expect((await signedIn("/_root.data")).headers["cache-control"]).toBe("no-store");
    // Every page is rendered, for a signed-in editor with the drafts she previews; the build's files are the same bytes for everyone.
    expect((await signedIn("/contact")).headers["cache-control"]).toBe("no-store");
    expect((await signedIn("/favicon.svg")).headers["cache-control"]).toContain("public");
  });

  it("is not on a public page for an anonymous visitor", async () => {
    const response = await app.inject({ method: "GET", url: "/blog" });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["cache-control"])).not.toContain("no-store");
  });
});
