import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminNavigation as adminScreens } from "#app/content/admin.ts";
import { users } from "../../server/modules/accounts/schema";
import { pdfDocument } from "../fixtures/resume-documents";
import { newPage, startSite, type TestSite } from "../helpers/site";

/**
 * Script a visitor or an admin writes into the site is shown as text, never run: payloads go in through
 * every text field (enquiries, applications, an account's name, jobs, posts, categories, markdown links)
 * and every public page and admin screen that shows them is loaded in Chromium.
 */

const MARK = "data-xss";
const payloads = [
  `<img src=x ${MARK} onerror="window.__xss=1;alert(1)">`,
  `<script ${MARK}>window.__xss=1</script>`,
  `"><svg ${MARK} onload="window.__xss=1">`,
  "javascript:window.__xss=1",
];
const oneLine = `Asha ${payloads.join(" ")}`;
const markdown = [
  `# Heading <script ${MARK}>window.__xss=1</script>`,
  "",
  `[click me](javascript:window.__xss=1) and [data link](data:text/html,<script>window.__xss=1</script>) and ${payloads[0]}`,
  "",
  `<a href="javascript:window.__xss=1">raw link</a> [by reference][evil] ![picture](javascript:window.__xss=1)`,
  "",
  "[evil]: javascript:window.__xss=1",
].join("\n");

const ADMIN = { username: "editor", password: "a-long-test-passphrase" };
const MEMBER = { email: "member@example.com", password: "Glacier-Walk-42" };

let site: TestSite;
let postId: number;
let jobId: string;

/** A client of the site's API keeping its cookies and echoing the CSRF token, as the admin pages do. */
function apiClient(url: string) {
  const jar = new Map<string, string>();
  async function call(method: string, path: string, body?: object | FormData) {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(url + path, {
      method,
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrftoken": jar.get("csrftoken") ?? "",
        ...(json ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: json ? JSON.stringify(body) : (body as FormData) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      jar.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    }
    return response;
  }
  return { jar, call };
}

async function signedInAdmin() {
  const client = apiClient(site.url);
  await client.call("GET", "/api/csrf/");
  await client.call("POST", "/api/admin-login/", ADMIN);
  for (const device of await site.app.services.admin.listDevices()) await site.app.services.admin.decide(device.id, "approve");
  const login = await client.call("POST", "/api/admin-login/", ADMIN);
  expect(await login.json()).toEqual({ success: true });
  return client;
}

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMITS: "off" } });
  await site.app.services.admin.createAdmin({ username: ADMIN.username, email: "editor@himaltech.test", password: ADMIN.password });
  const admin = await signedInAdmin();

  // A visitor's fields.
  const visitor = apiClient(site.url);
  const forms: [string, object][] = [
    ["/api/cta/", { name: oneLine, email: "asha@example.com", message: `${payloads.join("\n")}\n${markdown}`, request_type: "CTA" }],
    ["/api/get-started/", { email: "dev@example.com", user_type: "DEVELOPER", message: markdown, request_type: "GET_STARTED" }],
    [
      "/api/talk-to-expert/",
      { name: oneLine, email: "bikash@example.com", company: oneLine, helpType: "technical", message: markdown, request_type: "TALK_TO_EXPERT" },
    ],
    [
      "/api/discuss-project/",
      {
        name: oneLine,
        email: "chandra@example.com",
        company: oneLine,
        budget: "10k-50k",
        timeline: "1-3months",
        details: markdown,
        request_type: "DISCUSS_PROJECT",
      },
    ],
  ];
  for (const [path, body] of forms) expect((await visitor.call("POST", path, body)).status, path).toBe(201);

  // An admin's fields: a job, a category and a post. Posts go in through the service: the form would also need an image.
  const job = await admin.call("POST", "/api/admin/jobs/", {
    title: `Engineer ${payloads[0]}`,
    type: "Full-time",
    department: oneLine.slice(0, 80),
    location: `Remote ${payloads[2]}`,
    salary: payloads[1]!.slice(0, 80),
    description: markdown,
    requirements: payloads,
    responsibilities: [markdown.slice(0, 500)],
  });
  expect(job.status, await job.clone().text()).toBe(201);
  jobId = ((await job.json()) as { id: string }).id;
  const category = await site.app.services.blog.createCategory(`AI ${payloads[0]}`.slice(0, 100));
  postId = (
    await site.app.services.blog.createPost({
      title: `Edge AI ${payloads[1]}`,
      excerpt: oneLine,
      content: markdown,
      categoryIds: [category.id],
      readTimeMinutes: 5,
      featured: true,
    })
  ).id;

  const application = new FormData();
  for (const [name, value] of Object.entries({
    job: jobId,
    name: oneLine.slice(0, 120),
    email: "sita@example.com",
    cover_letter: `${payloads.join("\n")}\n${markdown}`,
  }))
    application.append(name, value);
  application.append("resume", new Blob([new Uint8Array(pdfDocument())]), `cv ${payloads[0]}.pdf`);
  expect((await visitor.call("POST", "/api/careers/applications/", application)).status).toBe(201);

  // A member whose name is a payload.
  expect((await visitor.call("POST", "/api/accounts/register/", { ...MEMBER, full_name: oneLine.slice(0, 150) })).status).toBe(201);
  await site.database.db.update(users).set({ isActive: true }).where(eq(users.email, MEMBER.email));
}, 120_000);
afterAll(() => site.stop());

/** Loads a page and reports anything that ran or was built from a payload. */
async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: "networkidle" });
  return inspect(page);
}

function inspect(page: Page) {
  return page.evaluate(
    ({ mark }) => ({
      ran: (window as unknown as { __xss?: unknown }).__xss !== undefined,
      elements: document.querySelectorAll(`[${mark}]`).length,
      liveLinks: [...document.querySelectorAll("a[href], area[href], iframe[src], img[src], form[action]")]
        .map((element) => element.getAttribute("href") ?? element.getAttribute("src") ?? element.getAttribute("action") ?? "")
        .filter((target) => /^\s*(javascript|data|vbscript):/i.test(target)),
      blocked: (window as unknown as { __blocked: string[] }).__blocked,
      showsPayload: document.body.innerText.includes("window.__xss=1"),
    }),
    { mark: MARK },
  );
}

/** Watches a browser context for dialogs and for scripts the policy had to block. */
async function watched(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const blocked: string[] = [];
    (window as unknown as { __blocked: string[] }).__blocked = blocked;
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.effectiveDirective.startsWith("script-src")) blocked.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return dialogs;
}

function expectInert(path: string, result: Awaited<ReturnType<typeof visit>>) {
  expect({ path, ...result, showsPayload: undefined }).toEqual({ path, ran: false, elements: 0, liveLinks: [], blocked: [], showsPayload: undefined });
}

describe("stored script", () => {
  it("runs on no public page, and markdown javascript: links are not links", async () => {
    const { context, page } = await newPage(site);
    const dialogs = await watched(page);
    const shown: string[] = [];
    for (const path of ["/", "/blog", `/blog/${postId}`, "/careers", `/careers/apply/${jobId}`]) {
      const result = await visit(page, path);
      expectInert(path, result);
      if (result.showsPayload) shown.push(path);
    }
    expect(shown).toEqual(expect.arrayContaining([`/blog/${postId}`, `/careers/apply/${jobId}`]));
    // The links' text stays readable; only the target is gone.
    await page.goto(`/blog/${postId}`);
    await page.getByText("click me").first().waitFor();
    expect(await page.getByRole("link", { name: "click me" }).count()).toBe(0);
    // A picture whose address was unsafe is its description in words, not an image without a source.
    expect(
      await page
        .locator("main article")
        .getByText("picture", { exact: true })
        .evaluate((element) => element.tagName),
    ).toBe("SPAN");
    expect(await page.locator("main article img:not([src]), main article img[src='']").count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("runs on no account page of a member whose name is a payload", async () => {
    const { context, page } = await newPage(site);
    const dialogs = await watched(page);
    const tokens = await (
      await fetch(`${site.url}/api/accounts/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(MEMBER) })
    ).json();
    await page.addInitScript(
      ({ access, refresh }) => {
        localStorage.setItem("accessToken", access);
        localStorage.setItem("refreshToken", refresh);
      },
      tokens as { access: string; refresh: string },
    );
    await page.goto("/dashboard");
    await page.getByText("Asha").first().waitFor();
    const result = await inspect(page);
    expectInert("/dashboard", result);
    expect(result.showsPayload).toBe(true);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("runs on no admin screen, nor on any detail screen they link to", { timeout: 180_000 }, async () => {
    const admin = await signedInAdmin();
    const { context, page } = await newPage(site);
    await context.addCookies([...admin.jar].map(([name, value]) => ({ name, value, url: site.url })));
    const dialogs = await watched(page);
    const visited = new Set<string>();
    const shown: string[] = [];
    const check = async (path: string) => {
      if (visited.has(path)) return;
      visited.add(path);
      const result = await visit(page, path);
      expectInert(path, result);
      if (result.showsPayload) shown.push(path);
    };
    for (const screen of [{ to: "/adminPanel" }, ...adminScreens]) {
      await check(screen.to);
      const details = await page.locator(`a[href^="${screen.to}/"]`).evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      for (const detail of details.slice(0, 6)) await check(detail);
    }
    expect(visited.size).toBeGreaterThan(adminScreens.length);
    expect(shown).toEqual(
      expect.arrayContaining(["/postblog", ...adminScreens.filter((screen) => /enquiries|applications|jobs/.test(screen.to)).map((screen) => screen.to)]),
    );
    // The detail screens were reached too, and they show what the visitor wrote.
    expect(shown.filter((path) => /^\/admin\/(enquiries|applications)\/[^/]+$/.test(path)).length).toBeGreaterThanOrEqual(2);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe("reflected script", () => {
  it("the email-sent page shows an address that is a payload as text, in the server's HTML and once live", async () => {
    const path = `/email-sent-success?email=${encodeURIComponent(oneLine)}`;
    const html = await (await fetch(site.url + path)).text();
    for (const markup of payloads.filter((payload) => payload.includes(MARK))) expect(html).not.toContain(markup);
    const { context, page } = await newPage(site);
    const dialogs = await watched(page);
    const result = await visit(page, path);
    expectInert(path, result);
    expect(result.showsPayload).toBe(true);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe("security headers", () => {
  const tokenPages = [
    "/reset-password/AAAAAAAAAAAAAAAAAAAAAA/abc-def",
    "/verify/AAAAAAAAAAAAAAAAAAAAAA/abc-def",
    "/admin/devices/approve/abcdefghijklmnopqrstuvwxyz",
    "/newsletter/confirm/abcdefghijklmnopqrstuvwxyz",
    "/newsletter/unsubscribe/abcdefghijklmnopqrstuvwxyz",
  ];

  it("gives every page a policy that runs only the site's own scripts and forbids framing, and no sniffing", async () => {
    for (const path of ["/", "/blog", `/blog/${postId}`, "/careers", "/login", "/admin-login", "/api/blog/posts/"]) {
      const response = await fetch(site.url + path);
      const policy = response.headers.get("content-security-policy") ?? "";
      const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? /default-src ([^;]*)/.exec(policy)?.[1] ?? "";
      expect(policy, path).toMatch(/frame-ancestors 'none'/);
      expect(scripts, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("sends no referrer from pages whose address holds a secret", async () => {
    for (const path of tokenPages) {
      const response = await fetch(site.url + path);
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
    expect((await fetch(`${site.url}/blog`)).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("asks browsers for HTTPS only in production", async () => {
    // The built site with the production configuration, served in this process: a spawned server spends most of a test's time migrating.
    const server = await startSite({ env: { NODE_ENV: "production", SECRET_KEY: "a-production-secret-that-is-long-enough-0123456789" } });
    try {
      for (const path of ["/", "/blog", "/api/blog/posts/"]) {
        const response = await fetch(server.url + path);
        expect(response.headers.get("strict-transport-security"), path).toMatch(/max-age=\d{8}/);
        expect(response.headers.get("content-security-policy"), path).toMatch(/frame-ancestors 'none'/);
      }
    } finally {
      await server.stop();
    }
  });
});
