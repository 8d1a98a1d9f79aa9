import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Page } from "#contracts/admin-business.ts";
import type { AdminAccount } from "#contracts/admin-users.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink } from "../../../tests/helpers/smtp";
import { outbox } from "../../mail/schema";
import { auditLog } from "../audit/schema";
import { hashPassword } from "./passwords";
import { accountMailCounts, loginThrottle, refreshTokenFamilies, users } from "./schema";
import { DISABLED_MESSAGE, MAX_MAILS_PER_ADDRESS_PER_HOUR } from "./service";

const PASSWORD = "Glacier-Walk-42";
let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
let passwordHash: string;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  owner = await signedInAdmin(t);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(users);
  await t.database.db.delete(outbox);
  await t.database.db.delete(accountMailCounts);
  await t.database.db.delete(loginThrottle);
  await t.database.db.delete(auditLog);
});

const DAY = 24 * 60 * 60 * 1000;
async function account(email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(users)
    .values({ email, passwordHash, fullName: email.split("@")[0]!, isActive: true, dateJoined: new Date(t.clock.now.getTime() - DAY), ...values })
    .returning();
  return row!;
}

const list = async (query = "") => {
  const response = await owner.request("GET", `/api/admin/users/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<AdminAccount>;
};
const act = (id: string, action: string) => owner.request("POST", `/api/admin/users/${id}/${action}/`);
const site = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: "203.0.113.9", headers: token ? { authorization: `Bearer ${token}` } : {} });
const signIn = async (email: string) => {
  const response = await site("/api/accounts/login/", { email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access: string; refresh: string };
};

describe("the users list", () => {
  it("finds accounts by part of their address and filters them by state, newest first, a page at a time", async () => {
    await account("asha@example.com", { lastLogin: new Date(t.clock.now.getTime() - 3_600_000) });
    await account("bikash@example.org", { isActive: false, dateJoined: new Date(t.clock.now.getTime() - 2 * DAY) });
    await account("chandra@example.com", { disabledAt: t.clock.now, dateJoined: new Date(t.clock.now.getTime() - 3 * DAY) });
    await account("per_cent%@example.net", { dateJoined: new Date(t.clock.now.getTime() - 4 * DAY) });

    const all = await list();
    expect(all.results.map((a) => a.email)).toEqual(["asha@example.com", "bikash@example.org", "chandra@example.com", "per_cent%@example.net"]);
    expect(all.results[0]).toMatchObject({ full_name: "asha", verified: true, disabled_at: null, last_login: expect.any(String) });
    expect(all.results[0]).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(all)).not.toContain("argon2");

    expect((await list("?q=EXAMPLE.COM")).results.map((a) => a.email)).toEqual(["asha@example.com", "chandra@example.com"]);
    expect((await list("?q=_")).results.map((a) => a.email)).toEqual(["per_cent%@example.net"]);
    expect((await list("?q=%25")).results.map((a) => a.email)).toEqual(["per_cent%@example.net"]);
    expect((await list("?state=verified")).results.map((a) => a.email)).toEqual(["asha@example.com", "per_cent%@example.net"]);
    expect((await list("?state=unverified")).results.map((a) => a.email)).toEqual(["bikash@example.org"]);
    expect((await list("?state=disabled&q=chandra")).results.map((a) => a.email)).toEqual(["chandra@example.com"]);
    expect(await list("?per_page=3&page=2")).toMatchObject({ count: 4, page: 2, pages: 2, results: [{ email: "per_cent%@example.net" }] });
  });

  it("refuses bad input with a 400 naming the field, and an admin without a session with a 401", async () => {
    for (const query of ["?state=banned", "?page=0", "?per_page=1000", `?q=${"a".repeat(255)}`]) {
      const response = await owner.request("GET", `/api/admin/users/${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await owner.request("GET", "/api/admin/users/?state=banned")).json().errors).toHaveProperty("state");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users/" })).statusCode).toBe(401);
  });
});

describe("actions on an account", () => {
  it("resends the verification mail within the address's hourly share, and it reaches the mail server", async () => {
    const waiting = await account("dawa@example.com", { isActive: false });
    const response = await act(waiting.id, "resend-verification");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain("dawa@example.com");

    const sink = await startSmtpSink();
    const worker = testOutbox(t, sink.url);
    try {
      await worker.runOnce();
      const mail = await sink.waitFor((m) => m.subject === "Verify your HimalTech account");
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify\/[\w-]+\/[\w-]+/);
    } finally {
      await worker.close();
      await sink.close();
    }

    for (let i = 1; i < MAX_MAILS_PER_ADDRESS_PER_HOUR; i++) expect((await act(waiting.id, "resend-verification")).statusCode).toBe(200);
    const limited = await act(waiting.id, "resend-verification");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/this hour/);
    expect(await t.database.db.select().from(outbox)).toHaveLength(MAX_MAILS_PER_ADDRESS_PER_HOUR);

    const verified = await account("ekta@example.com");
    expect((await act(verified.id, "resend-verification")).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.filter((entry) => entry.action === "user.verification_resent")).toHaveLength(MAX_MAILS_PER_ADDRESS_PER_HOUR);
  });

  it("disabling ends every session: refresh, sign-in and the access token in hand are all refused, until re-enabled", async () => {
    const asha = await account("asha@example.com");
    const first = await signIn("asha@example.com");
    const second = await signIn("asha@example.com");
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${first.access}` } })).statusCode).toBe(200);

    const response = await act(asha.id, "disable");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().account).toMatchObject({ email: "asha@example.com", disabled_at: t.clock.now.toISOString() });

    const families = await t.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, asha.id));
    expect(families.map((family) => family.revokedReason)).toEqual(["disabled", "disabled"]);
    for (const pair of [first, second]) {
      expect((await site("/api/token/refresh/", { refresh: pair.refresh })).statusCode).toBe(401);
      const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${pair.access}` } });
      expect(me.statusCode).toBe(401);
    }
    const login = await site("/api/accounts/login/", { email: "asha@example.com", password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ detail: DISABLED_MESSAGE, code: "account_disabled" });
    // A wrong password learns nothing about the account's state.
    expect((await site("/api/accounts/login/", { email: "asha@example.com", password: "not-the-password" })).json().code).toBe("invalid_credentials");

    expect((await act(asha.id, "enable")).json().account.disabled_at).toBeNull();
    await signIn("asha@example.com");
    expect((await t.database.db.select().from(auditLog)).map((entry) => [entry.action, entry.target])).toEqual([
      ["user.disabled", `user:${asha.id}`],
      ["user.enabled", `user:${asha.id}`],
    ]);
    // The log names the account while it exists, and links to it.
    const logged = await t.app.services.audit.list({ page: 1, per_page: 10 });
    expect(logged.results[0]).toMatchObject({ target_label: "Site account: asha@example.com", target_href: "/admin/users?q=asha%40example.com" });
  });

  it("deletes the account with its sessions and what is kept by its address; the audit entry keeps no address", async () => {
    const asha = await account("asha@example.com");
    await signIn("asha@example.com");
    await site("/api/accounts/login/", { email: "asha@example.com", password: "wrong-guess-1" });
    await account("bikash@example.com");

    const response = await act(asha.id, "delete");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ account: null });
    expect((await list()).results.map((a) => a.email)).toEqual(["bikash@example.com"]);
    expect(await t.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, asha.id))).toEqual([]);
    expect(await t.database.db.select().from(loginThrottle)).toEqual([]);

    const [entry] = await t.database.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "user.deleted", target: `user:${asha.id}`, adminUsername: expect.stringMatching(/^editor/) });
    expect(JSON.stringify(entry)).not.toMatch(/asha/i);
    expect(JSON.stringify(await t.app.services.audit.list({ page: 1, per_page: 10 }))).not.toMatch(/asha/i);
    expect((await act(asha.id, "delete")).statusCode).toBe(404);
  });

  it("answers 404 for an account that does not exist and 400 for a malformed id or an unknown action, changing nothing", async () => {
    const asha = await account("asha@example.com");
    expect((await act("4f1c1d4e-8a53-4f5e-9d0b-0c7b2f6e1a11", "disable")).statusCode).toBe(404);
    expect((await act("not-a-uuid", "disable")).statusCode).toBe(400);
    const unknown = await act(asha.id, "promote");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty("action");
    expect((await t.app.inject({ method: "POST", url: `/api/admin/users/${asha.id}/disable/` })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users);
    expect(row!.disabledAt).toBeNull();
    expect(await t.database.db.select().from(auditLog)).toEqual([]);
  });
});
