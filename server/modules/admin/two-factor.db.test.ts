import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminBrowser } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { loginThrottle } from "../accounts/schema";
import { auditLog } from "../audit/schema";
import { outbox } from "../../mail/schema";
import { adminDevices, adminLoginChallenges, adminRecoveryCodes, admins, adminSessions, adminSettings } from "./schema";
import { CHALLENGE_TTL_MS } from "./two-factor";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  const { db } = t.database;
  for (const table of [adminSettings, adminLoginChallenges, adminRecoveryCodes, adminSessions, adminDevices, admins, loginThrottle, auditLog, outbox])
    await db.delete(table);
  await t.app.services.admin.createAdmin({ username: "asha", email: "asha@himaltech.test", password: "kathmandu-valley-42" });
  await t.app.services.admin.createAdmin({ username: "bikash", email: "bikash@himaltech.test", password: "annapurna-circuit-7" });
});

const PASSWORDS: Record<string, string> = { asha: "kathmandu-valley-42", bikash: "annapurna-circuit-7" };

/** A browser of this admin on a device another admin approved, signed in when the admin has no second factor. */
async function approvedBrowser(username = "asha") {
  const b = adminBrowser(t);
  await b.login(username, PASSWORDS[username]!);
  for (const device of await t.app.services.admin.listDevices()) {
    if (device.username === username && device.status === "pending") await t.app.services.admin.decide(device.id, "approve");
  }
  return { ...b, signIn: () => b.login(username, PASSWORDS[username]!) };
}

/** The code an authenticator app holding this secret shows at the app's current time. */
const codeAt = (secret: string, at = t.clock.now) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

/** Signs in and turns two-factor sign-in on from My account; the shared secret and the recovery codes. */
async function withTwoFactor(username = "asha") {
  const b = await approvedBrowser(username);
  expect((await b.signIn()).json()).toEqual({ success: true });
  const setup = await b.request("POST", "/api/admin/account/two-factor/setup/");
  expect(setup.statusCode).toBe(200);
  const secret: string = setup.json().setup.secret;
  expect(setup.json().setup.qr_svg).toContain("<svg");
  expect(setup.json().setup.uri).toMatch(/^otpauth:\/\/totp\/HimalTech:.*secret=.*algorithm=SHA1&digits=6&period=30/);
  const confirm = await b.request("POST", "/api/admin/account/two-factor/confirm/", { code: codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  const codes: string[] = confirm.json().recovery_codes;
  await b.request("POST", "/api/admin/logout/");
  // The next code step, so the code the test types next is not the one set-up used.
  t.clock.advance(30_000);
  return { b, secret, codes };
}

/** The mails queued with this subject, as the outbox holds them for the sender. */
const mailsAbout = (subject: string) => t.database.db.select().from(outbox).where(eq(outbox.subject, subject));
const RECOVERY_CODE_USED = "A recovery code was used to sign in to your HimalTech admin account";
const TURNED_OFF = "Two-factor sign-in was turned off for your HimalTech admin account";

const secondFactor = (b: ReturnType<typeof adminBrowser>, body: Record<string, string>) =>
  b.request("POST", "/api/admin-login/second-factor/", new URLSearchParams(body).toString());

describe("setting up two-factor sign-in", () => {
  it("needs a code from the new secret before it counts, then stores the secret sealed and ten hashed recovery codes", async () => {
    const b = await approvedBrowser();
    await b.signIn();
    const setup = (await b.request("POST", "/api/admin/account/two-factor/setup/")).json();
    expect(setup.two_factor).toBe("setting_up");
    // Until confirmed, the password alone still signs in.
    const other = await approvedBrowser();
    expect((await other.signIn()).json()).toEqual({ success: true });

    const wrong = await b.request("POST", "/api/admin/account/two-factor/confirm/", { code: "000000" === codeAt(setup.setup.secret) ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(400);
    const confirm = await b.request("POST", "/api/admin/account/two-factor/confirm/", { code: codeAt(setup.setup.secret) });
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const [row] = await t.database.db.select().from(admins).where(eq(admins.username, "asha"));
    expect(row!.totpSecret).not.toContain(setup.setup.secret);
    expect(row!.totpConfirmedAt).not.toBeNull();
    const stored = await t.database.db.select().from(adminRecoveryCodes);
    expect(stored).toHaveLength(10);
    expect(stored.map((code) => code.codeHash)).not.toContain(codes[0]);
    expect((await b.request("GET", "/api/admin/account/")).json()).toMatchObject({ two_factor: "on", recovery_codes_left: 10, setup: null });
    expect((await t.database.db.select().from(auditLog)).map((entry) => entry.action)).toContain("admin.two_factor_on");
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("asks for a code after the right password, then signs in with the code of the shared secret", async () => {
    const { b, secret } = await withTwoFactor();
    const login = await b.signIn();
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ second_factor: true });
    expect(b.jar.admin_challenge).toBeTruthy();
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(401);

    const done = await secondFactor(b, { code: codeAt(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });
    expect((await b.request("GET", "/api/admin/me/")).json()).toMatchObject({ username: "asha" });
    expect(await t.database.db.select().from(adminLoginChallenges)).toHaveLength(0);
  });

  it("refuses a wrong code, counts it in the login throttle, and starts over after five, held back a while", async () => {
    const { b, secret } = await withTwoFactor();
    await b.signIn();
    const right = codeAt(secret);
    const wrong = right === "123456" ? "654321" : "123456";
    const first = await secondFactor(b, { code: wrong });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ error: "Invalid authentication code" });
    expect(await t.database.db.select().from(loginThrottle)).not.toHaveLength(0);
    for (let i = 0; i < 3; i++) expect((await secondFactor(b, { code: wrong })).statusCode).toBe(401);
    const fifth = await secondFactor(b, { code: wrong });
    expect(fifth.json().error).toMatch(/Too many wrong codes/);
    // The sign-in is gone: even the right code needs the password again.
    expect((await secondFactor(b, { code: right })).json().error).toMatch(/Enter your username and password again/);
    // Wrong codes are failures of this device in the login throttle (decision 025): past five, it waits.
    expect((await b.signIn()).json()).toEqual({ second_factor: true });
    expect((await secondFactor(b, { code: wrong })).statusCode).toBe(401);
    const held = await secondFactor(b, { code: right });
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBe("2");
    expect((await b.signIn()).statusCode).toBe(429);
    t.clock.advance(2000);
    expect((await secondFactor(b, { code: right })).json()).toEqual({ success: true });
  });

  it("refuses the same code twice in its time step", async () => {
    const { b, secret } = await withTwoFactor();
    await b.signIn();
    const code = codeAt(secret);
    expect((await secondFactor(b, { code })).statusCode).toBe(200);
    await b.request("POST", "/api/admin/logout/");
    await b.signIn();
    const replay = await secondFactor(b, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: "Invalid authentication code" });
    t.clock.advance(30_000);
    expect((await secondFactor(b, { code: codeAt(secret) })).statusCode).toBe(200);
  });

  it("completes a sign-in only in the browser that gave the password: its challenge cookie elsewhere is refused", async () => {
    const { b, secret } = await withTwoFactor();
    const elsewhere = await approvedBrowser();
    expect((await b.signIn()).json()).toEqual({ second_factor: true });
    const stranger = adminBrowser(t);
    stranger.jar.admin_challenge = b.jar.admin_challenge!;
    elsewhere.jar.admin_challenge = b.jar.admin_challenge!;
    for (const other of [stranger, elsewhere]) {
      const refused = await secondFactor(other, { code: codeAt(secret) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: "This sign-in has expired. Enter your username and password again.", restart: true });
      expect((await other.request("GET", "/api/admin/me/")).statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(adminSessions)).toHaveLength(0);
    expect((await secondFactor(b, { code: codeAt(secret) })).json()).toEqual({ success: true });
  });

  it("ends the sign-in after five minutes", async () => {
    const { b, secret } = await withTwoFactor();
    await b.signIn();
    t.clock.advance(CHALLENGE_TTL_MS + 1000);
    const late = await secondFactor(b, { code: codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toMatch(/expired/);
  });

  it("takes a recovery code once, in any case and spacing, and records its use", async () => {
    const { b, codes } = await withTwoFactor();
    await b.signIn();
    const used = await secondFactor(b, { recovery_code: ` ${codes[3]!.toUpperCase()} ` });
    expect(used.json()).toEqual({ success: true });
    await b.request("POST", "/api/admin/logout/");
    await b.signIn();
    const again = await secondFactor(b, { recovery_code: codes[3]! });
    expect(again.statusCode).toBe(401);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "admin.recovery_code_used"));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toEqual({ codes_left: 9 });
    // The admin hears of it at once, with what to do if it was not them.
    const [mail, ...more] = await mailsAbout(RECOVERY_CODE_USED);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe("asha@himaltech.test");
    expect(mail!.text).toContain("The HimalTech admin account asha was signed in with a recovery code");
    expect(mail!.text).toContain("Browser: Chrome 130 on Linux");
    expect(mail!.text).toContain("9 recovery codes are left");
    expect(mail!.text).toContain("http://localhost:3000/admin/forgot-password");
  });

  it("refuses a second-factor call without a pending sign-in", async () => {
    const b = await approvedBrowser();
    expect((await secondFactor(b, { code: "123456" })).json().error).toMatch(/expired/);
    expect((await secondFactor(b, { code: "123456", recovery_code: "abcde-fghjk" })).statusCode).toBe(400);
  });
});

describe("changing two-factor sign-in", () => {
  it("turns off with the password or a code, not without, and records it", async () => {
    const { b, secret } = await withTwoFactor();
    await b.signIn();
    await secondFactor(b, { code: codeAt(secret) });
    expect((await b.request("POST", "/api/admin/account/two-factor/disable/", { password: "not-my-password" })).statusCode).toBe(400);
    expect((await b.request("POST", "/api/admin/account/two-factor/disable/", {})).statusCode).toBe(400);
    t.clock.advance(30_000);
    expect((await b.request("POST", "/api/admin/account/two-factor/disable/", { code: codeAt(secret) })).statusCode).toBe(200);
    expect(await t.database.db.select().from(adminRecoveryCodes)).toHaveLength(0);
    expect((await t.database.db.select().from(auditLog)).map((entry) => entry.action)).toContain("admin.two_factor_off");
    const [mail, ...more] = await mailsAbout(TURNED_OFF);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe("asha@himaltech.test");
    expect(mail!.text).toContain("Two-factor sign-in was turned off for the HimalTech admin account asha on ");
    expect(mail!.text).toContain("from My account");
    expect(mail!.text).toContain("Until you set it up again, your password alone signs you in.");
    await b.request("POST", "/api/admin/logout/");
    expect((await b.signIn()).json()).toEqual({ success: true });
  });

  it("replaces the recovery codes: the old ones stop working", async () => {
    const { b, secret, codes } = await withTwoFactor();
    await b.signIn();
    await secondFactor(b, { code: codeAt(secret) });
    const fresh = await b.request("POST", "/api/admin/account/two-factor/recovery-codes/", { password: PASSWORDS.asha });
    expect(fresh.json().recovery_codes).toHaveLength(10);
    await b.request("POST", "/api/admin/logout/");
    await b.signIn();
    expect((await secondFactor(b, { recovery_code: codes[0]! })).statusCode).toBe(401);
    expect((await secondFactor(b, { recovery_code: fresh.json().recovery_codes[0] })).statusCode).toBe(200);
  });
});

describe("requiring two-factor sign-in of everyone", () => {
  it("is an owner's switch, once their own is on; an admin without it reaches only set-up until it is on", async () => {
    const owner = await withTwoFactor("asha");
    await owner.b.signIn();
    await secondFactor(owner.b, { code: codeAt(owner.secret) });

    const bikash = await approvedBrowser("bikash");
    await t.database.db.update(admins).set({ role: "support" }).where(eq(admins.username, "bikash"));
    await bikash.signIn();
    expect((await bikash.request("POST", "/api/admin/settings/require-two-factor/", { required: true })).statusCode).toBe(403);

    expect((await owner.b.request("POST", "/api/admin/settings/require-two-factor/", { required: true })).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog)).map((entry) => entry.action)).toContain("settings.require_two_factor");

    const refused = await bikash.request("GET", "/api/admin/enquiries/");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "two_factor_required" });
    expect((await bikash.request("GET", "/api/admin/subscribers/")).json().code).toBe("two_factor_required");
    expect((await bikash.request("GET", "/api/admin/me/")).statusCode).toBe(200);
    expect((await bikash.request("GET", "/api/admin/account/")).json()).toMatchObject({ two_factor: "off", require_two_factor: true });

    const setup = await bikash.request("POST", "/api/admin/account/two-factor/setup/");
    await bikash.request("POST", "/api/admin/account/two-factor/confirm/", { code: codeAt(setup.json().setup.secret) });
    expect((await bikash.request("GET", "/api/admin/enquiries/")).statusCode).toBe(200);
    // While it is required, nobody turns their own off.
    expect((await bikash.request("POST", "/api/admin/account/two-factor/disable/", { password: PASSWORDS.bikash })).statusCode).toBe(409);
  });
});

describe("changing the password", () => {
  it("refuses a wrong current password and a weak new one, then changes it and ends the other sessions", async () => {
    const b = await approvedBrowser();
    await b.signIn();
    const other = await approvedBrowser();
    await other.signIn();
    const wrong = await b.request("POST", "/api/admin/account/password/", { current_password: "not-my-password", new_password: "a-brand-new-passphrase" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty("current_password");
    expect((await b.request("POST", "/api/admin/account/password/", { current_password: PASSWORDS.asha, new_password: "short" })).statusCode).toBe(400);
    expect((await other.request("GET", "/api/admin/me/")).statusCode).toBe(200);

    const changed = await b.request("POST", "/api/admin/account/password/", { current_password: PASSWORDS.asha, new_password: "a-brand-new-passphrase" });
    expect(changed.statusCode).toBe(200);
    expect((await b.request("GET", "/api/admin/me/")).statusCode).toBe(200);
    expect((await other.request("GET", "/api/admin/me/")).statusCode).toBe(401);
    expect((await b.login("asha", "a-brand-new-passphrase")).json()).toEqual({ success: true });
    expect((await t.database.db.select().from(auditLog)).map((entry) => entry.action)).toContain("admin.password_changed");
  });
});
