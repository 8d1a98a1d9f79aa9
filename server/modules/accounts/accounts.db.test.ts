import { eq } from "drizzle-orm";
import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { outbox } from "../../mail/schema";
import { accountMailCounts, loginThrottle, refreshTokenFamilies, users } from "./schema";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(users);
  await t.database.db.delete(outbox);
  await t.database.db.delete(accountMailCounts);
  await t.database.db.delete(loginThrottle);
});

const PASSWORD = "Glacier-Walk-42";
/** The address the owner of asha@example.com uses; strangers come from 198.51.100.x. */
const OWN_ADDRESS = "203.0.113.7";
const post = (url: string, payload: object, token?: string, remoteAddress = OWN_ADDRESS) =>
  t.app.inject({ method: "POST", url, payload, headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress });
const loginFrom = (remoteAddress: string, email: string, password: string) => post("/api/accounts/login/", { email, password }, undefined, remoteAddress);
const mails = () => t.database.db.select().from(outbox).orderBy(outbox.id);
const linkIn = async (path: string) => {
  const found = (await mails())
    .map((mail) => new RegExp(`http://localhost:3000/${path}/([\\w-]+)/([\\w-]+)`).exec(mail.text))
    .filter(Boolean)
    .at(-1);
  return { uid: found![1]!, token: found![2]! };
};
/** Lets the mail requests that answer at once finish their work. */
const settled = (count: number) => expect.poll(async () => (await mails()).length).toBe(count);

async function registerAndActivate(email = "asha@example.com", password = PASSWORD) {
  expect((await post("/api/accounts/register/", { email, password, full_name: "Asha Gurung" })).statusCode).toBe(201);
  const { uid, token } = await linkIn("verify");
  expect((await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` })).statusCode).toBe(200);
}

async function login(email = "asha@example.com", password = PASSWORD) {
  const response = await post("/api/accounts/login/", { email, password });
  expect(response.statusCode).toBe(200);
  return response.json() as { access: string; refresh: string };
}

describe("sign-up and verification", () => {
  it("registers, mails a verification link built from PUBLIC_URL, and activates once", async () => {
    const response = await post("/api/accounts/register/", { email: " Asha@Example.com ", password: PASSWORD, full_name: "Asha Gurung" });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/registered.*verify your email/i);
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: "asha@example.com", subject: "Verify your HimalTech account" });

    const { uid, token } = await linkIn("verify");
    expect((await post("/api/accounts/login/", { email: "asha@example.com", password: PASSWORD })).json()).toMatchObject({
      detail: "Email not verified. Please check your inbox.",
    });
    expect((await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` })).statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: "This verification link is invalid or has expired." });
    await login();
  });

  it("builds the link from PUBLIC_URL whatever host the request names", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/accounts/register/",
      payload: { email: "asha@example.com", password: PASSWORD },
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await mails();
    expect(mail!.text).toContain(`${t.config.publicUrl}/verify/`);
    expect(mail!.text).not.toContain("evil.example");
  });

  it("signs up again an unverified address with the same password, mailing a new link; an active address is refused", async () => {
    await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD });
    const again = await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD });
    expect([again.statusCode, again.json()]).toEqual([201, { message: "User registered successfully. Please verify your email." }]);
    expect((await mails()).map((mail) => mail.subject)).toEqual(["Verify your HimalTech account", "Verify your HimalTech account"]);
    const { uid, token } = await linkIn("verify");
    await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` });
    expect((await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD })).json()).toEqual({
      detail: "Account already exists. Please log in.",
      code: "account_exists",
    });
  });

  it("refuses short, long and common passwords and bad addresses with a clear detail, storing nothing", async () => {
    for (const [password, detail] of [
      ["short1", /at least 8/],
      ["x".repeat(129), /at most 128/],
      ["Password123", /too common/],
    ] as const) {
      const response = await post("/api/accounts/register/", { email: "asha@example.com", password });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(detail);
    }
    const bad = await post("/api/accounts/register/", { email: "not-an-address", password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/email/);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("refuses a verification link after 3 days or with a forged token", async () => {
    await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD });
    const { uid, token } = await linkIn("verify");
    const forged = token.slice(0, -1) + (token.endsWith("A") ? "E" : "A");
    expect((await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${forged}/` })).statusCode).toBe(400);
    t.clock.advance(3 * 24 * 60 * 60 * 1000 + 1000);
    expect((await t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` })).statusCode).toBe(400);
  });

  it("resends the link to an unverified address, at most 3 mails an hour, answering alike for unknown ones", async () => {
    await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD });
    const known = await post("/api/accounts/resend-activation/", { email: "asha@example.com" });
    const unknown = await post("/api/accounts/resend-activation/", { email: "nobody@example.com" });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ message: "Verification email has been resent." });
    await settled(2);
    for (let i = 0; i < 3; i++) await post("/api/accounts/resend-activation/", { email: "asha@example.com" });
    await expect.poll(async () => (await t.database.db.select().from(accountMailCounts))[0]?.sent).toBe(5);
    expect(await mails()).toHaveLength(3);
    t.clock.advance(61 * 60 * 1000);
    await post("/api/accounts/resend-activation/", { email: "asha@example.com" });
    await settled(4);
  });
});

describe("an address someone else signed up for first", () => {
  const STRANGERS_PASSWORD = "Strangers-Key-77";
  const activate = ({ uid, token }: { uid: string; token: string }) => t.app.inject({ method: "GET", url: `/api/accounts/activate/${uid}/${token}/` });
  const choosePassword = ({ uid, token }: { uid: string; token: string }, password: string) =>
    post(`/api/accounts/password-reset-confirm/${uid}/${token}/`, { password });
  const strangerSignsUp = () =>
    post("/api/accounts/register/", { email: "asha@example.com", password: STRANGERS_PASSWORD, full_name: "Not Asha" }, undefined, "198.51.100.9");

  it("keeps no password when the owner signs up too: the owner's mail asks for one, and the stranger's never signs in", async () => {
    await strangerSignsUp();
    const strangersLink = await linkIn("verify");
    const owners = await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD });
    expect([owners.statusCode, owners.json()]).toEqual([201, { message: "User registered successfully. Please verify your email." }]);
    expect((await mails()).at(-1)).toMatchObject({ to: "asha@example.com", subject: "Choose a password for your HimalTech account" });
    // The link mailed for the stranger's sign-up no longer verifies anything.
    expect((await activate(strangersLink)).statusCode).toBe(400);

    // The stranger signs up again and asks for a new mail: still no password of theirs is kept.
    await strangerSignsUp();
    await post("/api/accounts/resend-activation/", { email: "asha@example.com" }, undefined, "198.51.100.9");
    await expect.poll(async () => (await t.database.db.select().from(accountMailCounts))[0]?.sent).toBe(4);
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      "Verify your HimalTech account",
      "Choose a password for your HimalTech account",
      "Choose a password for your HimalTech account",
    ]);
    expect((await choosePassword(await linkIn("reset-password"), "Owners-Own-2026")).statusCode).toBe(200);

    expect((await loginFrom("198.51.100.9", "asha@example.com", STRANGERS_PASSWORD)).statusCode).toBe(401);
    expect((await loginFrom("198.51.100.9", "asha@example.com", PASSWORD)).statusCode).toBe(401);
    const { access } = await login("asha@example.com", "Owners-Own-2026");
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${access}` } });
    expect(me.json()).toMatchObject({ email: "asha@example.com", full_name: "", is_verified: true });
  });

  it("keeps no password when the owner verifies through a link asked for after both sign-ups", async () => {
    await strangerSignsUp();
    await post("/api/accounts/register/", { email: "asha@example.com", password: PASSWORD });
    await post("/api/accounts/resend-activation/", { email: "asha@example.com" });
    await settled(3);
    expect((await choosePassword(await linkIn("reset-password"), "Owners-Own-2026")).statusCode).toBe(200);
    expect((await loginFrom("198.51.100.9", "asha@example.com", STRANGERS_PASSWORD)).statusCode).toBe(401);
    expect((await loginFrom(OWN_ADDRESS, "asha@example.com", "Owners-Own-2026")).statusCode).toBe(200);
  });

  it("keeps neither the stranger's password nor name when the owner only asks for a password reset", async () => {
    await strangerSignsUp();
    await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    await settled(2);
    expect((await choosePassword(await linkIn("reset-password"), "Owners-Own-2026")).statusCode).toBe(200);
    expect((await loginFrom("198.51.100.9", "asha@example.com", STRANGERS_PASSWORD)).statusCode).toBe(401);
    const { access } = await login("asha@example.com", "Owners-Own-2026");
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${access}` } });
    expect(me.json()).toMatchObject({ full_name: "", is_verified: true });
  });
});

describe("login and tokens", () => {
  it("answers the same for an unknown address and a wrong password", async () => {
    await registerAndActivate();
    const wrong = await post("/api/accounts/login/", { email: "asha@example.com", password: "Wrong-password-1" });
    const unknown = await post("/api/accounts/login/", { email: "nobody@example.com", password: "Wrong-password-1" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().detail).toBe("No active account found with the given credentials");
  });

  it("gives HS256 access and refresh tokens that open /me, and refuses expired, unsigned and swapped tokens", async () => {
    await registerAndActivate();
    const { access, refresh } = await login();
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "asha@example.com", full_name: "Asha Gurung", is_verified: true });
    const claims = decodeJwt(access);
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(decodeJwt(refresh).exp! - decodeJwt(refresh).iat!).toBe(24 * 60 * 60);

    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    const otherKey = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("another-secret-another-secret-32"));
    for (const token of [unsigned, otherKey, refresh, "garbage"]) {
      const response = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
    }
    expect((await post("/api/token/refresh/", { refresh: access })).statusCode).toBe(401);

    t.clock.advance(301_000);
    const expired = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${access}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("token_not_valid");
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await post("/api/token/refresh/", { refresh })).statusCode).toBe(401);
  });

  it("rotates the refresh token, and a replayed one revokes the whole family", async () => {
    await registerAndActivate();
    const first = await login();
    const second = (await post("/api/token/refresh/", { refresh: first.refresh })).json();
    expect(second.refresh).not.toBe(first.refresh);
    const third = await post("/api/token/refresh/", { refresh: second.refresh });
    expect(third.statusCode).toBe(200);

    const replay = await post("/api/token/refresh/", { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: "Token is invalid or expired", code: "token_not_valid" });
    expect((await post("/api/token/refresh/", { refresh: third.json().refresh })).statusCode).toBe(401);
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${third.json().access}` } });
    expect(me.statusCode).toBe(401);
    const [family] = await t.database.db.select().from(refreshTokenFamilies);
    expect(family!.revokedReason).toBe("reuse");
  });

  it("logs out by ending the session's family", async () => {
    await registerAndActivate();
    const session = await login();
    const other = await login();
    expect((await post("/api/accounts/logout/", {}, session.access)).statusCode).toBe(204);
    expect((await post("/api/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${session.access}` } })).statusCode).toBe(401);
    expect((await post("/api/token/refresh/", { refresh: other.refresh })).statusCode).toBe(200);
    expect((await post("/api/accounts/logout/", {})).statusCode).toBe(401);
  });
});

describe("failed logins", () => {
  /** 100 wrong passwords for an address, 20 from each of 5 stranger addresses; the statuses they got. */
  async function strangersHammer(email: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await loginFrom(`198.51.100.${(i % 5) + 1}`, email, `Wrong-guess-${i}`)).statusCode);
    return statuses;
  }

  it("lets the owner log in from their own address after strangers sent 100 wrong passwords from 5 addresses", async () => {
    await registerAndActivate();
    await login();
    const statuses = await strangersHammer("asha@example.com");
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(50);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    await login();
  });

  it("only slows the owner on an address never used before, for at most 15 minutes", async () => {
    await registerAndActivate();
    await strangersHammer("asha@example.com");
    const held = await loginFrom("192.0.2.50", "asha@example.com", PASSWORD);
    expect(held.statusCode).toBe(429);
    const seconds = Number(held.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(seconds * 1000);
    expect((await loginFrom("192.0.2.50", "asha@example.com", PASSWORD)).statusCode).toBe(200);
  });

  it("makes one address wait 2, 4, 8 … seconds after 5 failures, up to 15 minutes, while other addresses go on", async () => {
    await registerAndActivate();
    const stranger = "198.51.100.9";
    for (let i = 0; i < 5; i++) expect((await loginFrom(stranger, "asha@example.com", "Wrong-guess")).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await loginFrom(stranger, "asha@example.com", "Wrong-guess")).statusCode).toBe(401);
      const early = await loginFrom(stranger, "asha@example.com", PASSWORD);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({
        detail: `Too many failed login attempts. Please try again in ${early.headers["retry-after"]} seconds or reset your password.`,
        code: "throttled",
      });
      waits.push(Number(early.headers["retry-after"]));
      if (i === 0) expect((await login()).refresh).toBeTruthy();
      t.clock.advance(waits.at(-1)! * 1000 - 1000);
      expect((await loginFrom(stranger, "asha@example.com", PASSWORD)).statusCode).toBe(429);
      t.clock.advance(1000);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect((await loginFrom(stranger, "asha@example.com", PASSWORD)).statusCode).toBe(200);
    // The right password ends that address's wait.
    expect((await loginFrom(stranger, "asha@example.com", "Wrong-guess")).statusCode).toBe(401);
  });

  it("answers a held-back attempt alike, in status, body, headers and time, for an existing account and an unknown address", async () => {
    await registerAndActivate();
    await strangersHammer("asha@example.com");
    await strangersHammer("nobody@example.com");
    const known: number[] = [];
    const unknown: number[] = [];
    const answers = [];
    for (let i = 0; i < 30; i++) {
      for (const [email, times] of [
        ["asha@example.com", known],
        ["nobody@example.com", unknown],
      ] as const) {
        const started = performance.now();
        const response = await loginFrom("198.51.100.1", email, PASSWORD);
        times.push(performance.now() - started);
        const { date: _date, "x-request-id": _id, ...headers } = response.headers;
        answers.push({ email, status: response.statusCode, body: response.body, headers });
      }
    }
    const [first, second] = answers;
    expect(first!.status).toBe(429);
    expect({ ...second, email: first!.email }).toEqual(first);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(5, median(unknown)));
  });

  it("forgets the failures when the password is reset, from whichever address", async () => {
    await registerAndActivate();
    await strangersHammer("asha@example.com");
    expect((await loginFrom("192.0.2.50", "asha@example.com", PASSWORD)).statusCode).toBe(429);
    await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    await settled(2);
    const { uid, token } = await linkIn("reset-password");
    expect((await post(`/api/accounts/password-reset-confirm/${uid}/${token}/`, { password: "New-Summit-2026" }, undefined, "192.0.2.50")).statusCode).toBe(
      200,
    );
    expect((await loginFrom("192.0.2.50", "asha@example.com", "New-Summit-2026")).statusCode).toBe(200);
    expect((await loginFrom("192.0.2.51", "asha@example.com", "New-Summit-2026")).statusCode).toBe(200);
    expect((await loginFrom("198.51.100.1", "asha@example.com", "New-Summit-2026")).statusCode).toBe(200);
  });
});

describe("passwords", () => {
  it("answers a reset request alike for known and unknown addresses and mails only the known one", async () => {
    await registerAndActivate();
    await t.database.db.delete(outbox);
    const known = await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    const unknown = await post("/api/accounts/password-reset/", { email: "nobody@example.com" });
    expect(known.statusCode).toBe(200);
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    await settled(1);
    expect((await mails())[0]).toMatchObject({ to: "asha@example.com", subject: "Reset your HimalTech password" });
  });

  it("mails an address at most 3 reset links an hour, however often they are asked for", async () => {
    await registerAndActivate();
    await t.database.db.delete(outbox);
    for (let i = 0; i < 5; i++) expect((await post("/api/accounts/password-reset/", { email: "asha@example.com" })).statusCode).toBe(200);
    await expect.poll(async () => (await t.database.db.select().from(accountMailCounts)).find((row) => row.kind === "password_reset")?.sent).toBe(5);
    expect(await mails()).toHaveLength(3);
    t.clock.advance(61 * 60 * 1000);
    await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    await settled(4);
  });

  it("resets the password once, ending every session; the link dies on use, on a password change and after 3 days", async () => {
    await registerAndActivate();
    const session = await login();
    await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    await settled(2);
    const { uid, token } = await linkIn("reset-password");
    const weak = await post(`/api/accounts/password-reset-confirm/${uid}/${token}/`, { password: "password" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toMatch(/too short|too common/);
    const done = await post(`/api/accounts/password-reset-confirm/${uid}/${token}/`, { password: "New-Summit-2026" });
    expect(done.statusCode).toBe(200);
    const reused = await post(`/api/accounts/password-reset-confirm/${uid}/${token}/`, { password: "Other-Summit-2026" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe("This password reset link is invalid or has expired.");
    expect((await post("/api/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
    expect((await post("/api/accounts/login/", { email: "asha@example.com", password: PASSWORD })).statusCode).toBe(401);
    const fresh = await login("asha@example.com", "New-Summit-2026");

    await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    await settled(3);
    const afterChange = await linkIn("reset-password");
    const changed = await post("/api/accounts/change-password/", { current_password: "New-Summit-2026", new_password: "Third-Summit-2026" }, fresh.access);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveProperty("refresh");
    expect((await post(`/api/accounts/password-reset-confirm/${afterChange.uid}/${afterChange.token}/`, { password: "Fourth-Summit-2026" })).statusCode).toBe(
      400,
    );

    await post("/api/accounts/password-reset/", { email: "asha@example.com" });
    await settled(4);
    const late = await linkIn("reset-password");
    t.clock.advance(3 * 24 * 60 * 60 * 1000 + 1000);
    expect((await post(`/api/accounts/password-reset-confirm/${late.uid}/${late.token}/`, { password: "Fourth-Summit-2026" })).statusCode).toBe(400);
  });

  it("changes the password only with the current one, keeping this session and ending the others", async () => {
    await registerAndActivate();
    const mine = await login();
    const other = await login();
    const wrong = await post("/api/accounts/change-password/", { current_password: "nope-nope-nope", new_password: "Third-Summit-2026" }, mine.access);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe("Your current password is incorrect.");
    const changed = (await post("/api/accounts/change-password/", { current_password: PASSWORD, new_password: "Third-Summit-2026" }, mine.access)).json();
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${changed.access}` } })).statusCode).toBe(200);
    expect((await post("/api/token/refresh/", { refresh: changed.refresh })).statusCode).toBe(200);
    expect((await post("/api/token/refresh/", { refresh: other.refresh })).statusCode).toBe(401);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "asha@example.com"));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe("per-IP limits", () => {
  it("answers 429 with a detail once one address has tried to log in 20 times in a minute", async () => {
    const limited = await buildTestApp();
    try {
      // A different address each time, so that only the client's limit applies, not the throttle of one address.
      let attempts = 0;
      const attempt = (ip: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/accounts/login/",
          payload: { email: `nobody${++attempts}@example.com`, password: "Wrong-password-1" },
          remoteAddress: ip,
        });
      for (let i = 0; i < 20; i++) expect((await attempt("10.0.0.1")).statusCode).toBe(401);
      const refused = await attempt("10.0.0.1");
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect(refused.json()).toMatchObject({ code: "throttled", detail: expect.stringMatching(/Too many requests/) });
      expect((await attempt("10.0.0.2")).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
