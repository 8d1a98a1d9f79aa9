import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../mail/schema";
import { adminBrowser } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { loginThrottle } from "../accounts/schema";
import { eq } from "drizzle-orm";
import { auditLog } from "../audit/schema";
import { adminDevices, admins, adminSessions } from "./schema";
import { APPROVAL_TTL_MS, RENOTIFY_AFTER_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./service";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(adminSessions);
  await t.database.db.delete(adminDevices);
  await t.database.db.delete(admins);
  await t.database.db.delete(loginThrottle);
  await t.database.db.delete(outbox);
  await t.app.services.admin.createAdmin({ username: "asha", email: "asha@himaltech.test", password: "kathmandu-valley-42" });
  await t.app.services.admin.createAdmin({ username: "bikash", email: "bikash@himaltech.test", password: "annapurna-circuit-7" });
});

const browser = (ip?: string) => {
  const b = adminBrowser(t, ip);
  return { ...b, login: (username = "asha", password = "kathmandu-valley-42") => b.login(username, password) };
};

const approvalLinks = async () =>
  (await t.database.db.select().from(outbox)).map((mail) => ({ to: mail.to, token: /\/admin\/devices\/approve\/([\w-]+)/.exec(mail.text)?.[1] ?? "" }));

/** The token of the first approval link mailed; fails the test if none was. */
async function firstApprovalToken() {
  const [link] = await approvalLinks();
  if (!link?.token) throw new Error("no approval mail was queued");
  return link.token;
}

async function approvedBrowser(ip?: string) {
  const b = browser(ip);
  await b.login();
  const token = await firstApprovalToken();
  await b.request("POST", `/api/admin/device-approvals/${token}/`, { decision: "approve" });
  await t.database.db.delete(outbox);
  return b;
}

describe("admin login from a new device", () => {
  it("records the device as pending, mails every active owner (not the other roles) a link, and opens no session", async () => {
    const b = browser();
    const response = await b.login();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ registering: true });
    expect(b.jar.admin_session).toBeUndefined();
    expect(b.jar.admin_device).toMatch(/^[\w-]{43}$/);
    const [device] = await t.database.db.select().from(adminDevices);
    expect(device).toMatchObject({ status: "pending", ip: expect.stringMatching(/^198\.51\.100\.\d+$/) });
    const links = await approvalLinks();
    expect(links.map((link) => link.to).sort()).toEqual(["asha@himaltech.test"]);
    expect(links[0]!.token).toBeTruthy();
    const [mail] = await t.database.db.select().from(outbox);
    expect(mail!.text).toContain("Chrome 130 on Linux");
    expect(mail!.text).toContain(device!.ip);
  });

  it("answers a pending device again without a second mail within 15 minutes, then mails again", async () => {
    const b = browser();
    await b.login();
    t.clock.advance(RENOTIFY_AFTER_MS - 1000);
    expect((await b.login()).json()).toEqual({ registering: true });
    expect(await t.database.db.select().from(outbox)).toHaveLength(1);
    t.clock.advance(2000);
    await b.login();
    expect(await t.database.db.select().from(outbox)).toHaveLength(2);
    expect(await t.database.db.select().from(adminDevices)).toHaveLength(1);
  });

  it("lets an approved device sign in with a session, and the link works once only", async () => {
    const b = browser();
    await b.login();
    const token = await firstApprovalToken();
    const approve = await b.request("POST", `/api/admin/device-approvals/${token}/`, { decision: "approve" });
    expect(approve.statusCode).toBe(200);
    const again = await b.request("POST", `/api/admin/device-approvals/${token}/`, { decision: "approve" });
    expect(again.statusCode).toBe(410);

    const login = await b.login();
    expect(login.json()).toEqual({ success: true });
    expect(b.jar.admin_session).toBeTruthy();
    expect((await b.request("GET", "/api/admin/me/")).json()).toEqual({ username: "asha", email: "asha@himaltech.test", role: "owner" });
  });

  it("refuses an approval link after 24 hours", async () => {
    const b = browser();
    await b.login();
    const token = await firstApprovalToken();
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    expect((await b.request("POST", `/api/admin/device-approvals/${token}/`, { decision: "approve" })).statusCode).toBe(410);
    expect((await b.login()).json()).toEqual({ registering: true });
  });

  it("gives each owner their own link, and the log names the owner whose link decided, in words", async () => {
    await t.database.db.update(admins).set({ role: "owner" }).where(eq(admins.username, "bikash"));
    await t.database.db.delete(auditLog);
    const b = browser();
    await b.login("bikash", "annapurna-circuit-7");
    const links = await approvalLinks();
    expect(links.map((link) => link.to).sort()).toEqual(["asha@himaltech.test", "bikash@himaltech.test"]);
    const [ashas, bikashs] = ["asha@himaltech.test", "bikash@himaltech.test"].map((to) => links.find((link) => link.to === to)!.token);
    expect(ashas).not.toBe(bikashs);
    // Both open the same request: the device's token is the authority, the rest names whose mail it came in.
    expect((await t.app.services.admin.approvalRequest(bikashs!))?.username).toBe("bikash");
    expect((await b.request("POST", `/api/admin/device-approvals/${ashas}/`, { decision: "approve" })).statusCode).toBe(200);
    expect((await b.request("POST", `/api/admin/device-approvals/${bikashs}/`, { decision: "approve" })).statusCode).toBe(410);

    const [entry] = (await t.app.services.audit.list({ page: 1, per_page: 10 })).results;
    expect(entry).toMatchObject({
      who: "asha",
      action: "device.approved",
      summary: "Approved a new device for bikash (by the link mailed to asha)",
    });
  });

  it("says a link that names no owner came from the owners' mail, and a decision on the Devices screen where it was made", async () => {
    await t.database.db.delete(auditLog);
    const b = browser();
    await b.login();
    const token = await firstApprovalToken();
    // A link whose owner part was cut off, or changed, still decides (its first part is the authority) but names nobody.
    expect((await b.request("POST", `/api/admin/device-approvals/${token.slice(0, 43)}x/`, { decision: "reject" })).statusCode).toBe(200);
    await t.database.db.delete(outbox);
    const owner = await approvedBrowser("203.0.113.9");
    expect((await owner.login()).json()).toEqual({ success: true });
    const [, second] = await t.database.db.select().from(adminDevices).orderBy(adminDevices.id);
    expect((await owner.request("POST", `/api/admin/devices/${second!.id}/revoke/`)).statusCode).toBe(200);
    const summaries = (await t.app.services.audit.list({ page: 1, per_page: 10 })).results
      .filter((entry) => entry.action.startsWith("device."))
      .map((entry) => [entry.who, entry.summary]);
    expect(summaries).toEqual([
      ["asha", "Revoked a device for asha (on the Devices screen)"],
      ["asha", "Approved a new device for asha (by the link mailed to asha)"],
      ["approval link", "Rejected a new device for asha (by the approval link mailed to the owners)"],
    ]);
  });

  it("refuses a rejected or revoked device for good", async () => {
    const b = browser();
    await b.login();
    const token = await firstApprovalToken();
    await b.request("POST", `/api/admin/device-approvals/${token}/`, { decision: "reject" });
    const response = await b.login();
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/revoked/);
  });
});

describe("credentials", () => {
  it("limits login attempts per address", async () => {
    const b = browser();
    const statuses: number[] = [];
    // A different name each time, so that only the address's limit applies, not the throttle of one name.
    for (let i = 0; i < 21; i++) statuses.push((await b.login(`asha${i}`, "wrong-password")).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("says the same for a wrong password and an unknown username", async () => {
    const wrongPassword = await browser().login("asha", "not-her-password");
    const unknown = await browser().login("nobody", "kathmandu-valley-42");
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: "Invalid username or password" });
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(await t.database.db.select().from(adminDevices)).toHaveLength(0);
  });

  it("lets an approved device sign in after strangers sent 100 wrong passwords from 5 addresses and more from its own", async () => {
    const device = await approvedBrowser("203.0.113.20");
    const strangers = [101, 102, 103, 104, 105].map((host) => browser(`203.0.113.${host}`));
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await strangers[i % 5]!.login("asha", `wrong-guess-${i}`)).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(50);
    // Another browser behind the device's own address (an office, a carrier's shared address) fails too.
    const neighbour = browser("203.0.113.20");
    for (let i = 0; i < 10; i++) expect([401, 429]).toContain((await neighbour.login("asha", `wrong-guess-${i}`)).statusCode);
    expect((await device.login()).json()).toEqual({ success: true });
    // A new browser waits (at most 15 minutes), as a guesser with the right password would.
    const held = await browser("192.0.2.60").login();
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ error: `Too many failed sign-in attempts. Try again in ${held.headers["retry-after"]} seconds.` });
    expect(Number(held.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
  });

  it("holds back an unknown username exactly as a known one", async () => {
    const answers = [];
    for (const [username, ip] of [
      ["asha", "203.0.113.30"],
      ["nobody", "203.0.113.31"],
    ] as const) {
      const b = browser(ip);
      for (let i = 0; i < 6; i++) expect((await b.login(username, "wrong-guess")).statusCode).toBe(401);
      const response = await b.login(username, "kathmandu-valley-42");
      // Each answer has its own date and request id, and its own second left of the per-minute window.
      const { date: _date, "set-cookie": _cookies, "x-request-id": _id, "x-ratelimit-reset": _reset, ...headers } = response.headers;
      answers.push({ status: response.statusCode, body: response.body, headers });
    }
    expect(answers[0]!.status).toBe(429);
    expect(answers[0]!.headers["retry-after"]).toBe("2");
    expect(answers[1]).toEqual(answers[0]);
  });

  it("requires the CSRF token on login", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin-login/",
      payload: "username=asha&password=kathmandu-valley-42",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "CSRF token missing or incorrect." });
  });
});

describe("admin sessions", () => {
  it("refuses admin calls without a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/me/"],
      ["GET", "/api/admin/devices/"],
      ["POST", "/api/admin/logout/"],
      ["POST", "/api/admin/devices/1/approve/"],
    ] as const) {
      const response = await browser().request(method, url);
      expect(response.statusCode).toBe(401);
    }
  });

  it("ends after 30 idle minutes", async () => {
    const b = await approvedBrowser();
    await b.login();
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(401);
    // The browser still holds the token of the session that ended: signing in again works at the first attempt.
    expect((await b.login()).json()).toEqual({ success: true });
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(200);
  });

  it("ends after 12 hours however active", async () => {
    const b = await approvedBrowser();
    await b.login();
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(200);
    }
    t.clock.advance(25 * 60_000);
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(401);
  });

  it("gives a new session id at each login and binds the CSRF token to it", async () => {
    const b = await approvedBrowser();
    await b.login();
    const first = b.jar.admin_session;
    const firstCsrf = b.jar.csrftoken;
    expect((await b.login()).json()).toEqual({ success: true });
    expect(b.jar.admin_session).not.toBe(first);
    expect(b.jar.csrftoken).not.toBe(firstCsrf);
    const old = await t.app.inject({ method: "GET", url: "/api/admin/me/", cookies: { admin_session: first! } });
    expect(old.statusCode).toBe(401);

    // A token from before login, or missing, is refused on unsafe calls.
    const stale = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout/",
      cookies: { ...b.jar, csrftoken: firstCsrf! },
      headers: { "x-csrftoken": firstCsrf! },
    });
    expect(stale.statusCode).toBe(403);
    const missing = await t.app.inject({ method: "POST", url: "/api/admin/logout/", cookies: b.jar });
    expect(missing.statusCode).toBe(403);
  });

  it("logs out: the session cookie stops working", async () => {
    const b = await approvedBrowser();
    await b.login();
    const session = b.jar.admin_session!;
    expect((await b.request("POST", "/api/admin/logout/")).statusCode).toBe(200);
    const reuse = await t.app.inject({ method: "GET", url: "/api/admin/me/", cookies: { admin_session: session } });
    expect(reuse.statusCode).toBe(401);
  });

  it("lists devices and revokes one, ending its sessions", async () => {
    const b = await approvedBrowser();
    await b.login();
    const devices = (await b.request("GET", "/api/admin/devices/")).json();
    expect(devices).toEqual([expect.objectContaining({ username: "asha", status: "approved", browser: "Chrome 130 on Linux" })]);
    expect((await b.request("POST", `/api/admin/devices/${devices[0].id}/revoke/`)).statusCode).toBe(200);
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(401);
  });
});

describe("creating admins", () => {
  it("knows an admin by name in any letter case: a name differing only in case cannot be made, and signs in as the one admin", async () => {
    await expect(t.app.services.admin.createAdmin({ username: "ASHA", email: "a2@himaltech.test", password: "a-strong-passphrase" })).rejects.toMatchObject({
      statusCode: 409,
      message: "An admin named asha already exists, and names count as the same whatever their letter case.",
    });
    const b = await approvedBrowser();
    expect((await b.login(" Asha ")).json()).toEqual({ success: true });
    expect((await b.request("GET", "/api/admin/me/")).json()).toMatchObject({ username: "asha", email: "asha@himaltech.test" });
  });

  it("refuses weak passwords and duplicate names", async () => {
    await expect(t.app.services.admin.createAdmin({ username: "chandra", email: "c@himaltech.test", password: "short" })).rejects.toThrow(/at least 8/);
    await expect(t.app.services.admin.createAdmin({ username: "chandra", email: "c@himaltech.test", password: "password123" })).rejects.toThrow(/too common/);
    await expect(t.app.services.admin.createAdmin({ username: "asha", email: "a2@himaltech.test", password: "a-strong-passphrase" })).rejects.toThrow(
      /already exists/,
    );
  });
});
