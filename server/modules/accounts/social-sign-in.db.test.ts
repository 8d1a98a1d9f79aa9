import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { socialIdentities, socialSignInCodes, users } from "./schema";
import { SOCIAL_CODE_TTL_MS, type ProviderIdentity } from "./service";
import { createSocialFlowCookie } from "./social-flow-cookie";
import { githubAddress } from "./social-providers";

/** GitHub's person and addresses, as its API answers them to the fake below. */
const github = {
  user: { id: 583231, login: "mina-t", name: "Mina Tamang" },
  emails: [{ email: "mina@example.com", primary: true, verified: true }],
};

/**
 * GitHub's side of the flow as GitHub behaves: its authorize page approves at once; its token endpoint takes
 * each code once, with the client's secret and the verifier of the code's PKCE challenge, and answers a bad
 * one with 200 and an `error`; its API answers the token it issued.
 */
function startFakeGitHub(): Promise<Server> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const server = createServer((request, response) => {
    const url = new URL(request.url!, "http://github.test");
    const json = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/login/oauth/authorize") {
      const code = randomUUID();
      const redirectUri = url.searchParams.get("redirect_uri")!;
      codes.set(code, { challenge: url.searchParams.get("code_challenge")!, redirectUri });
      return response.writeHead(302, { location: `${redirectUri}?${new URLSearchParams({ code, state: url.searchParams.get("state")! })}` }).end();
    }
    if (url.pathname === "/login/oauth/access_token") {
      let posted = "";
      request.on("data", (chunk) => (posted += chunk));
      request.on("end", () => {
        const form = new URLSearchParams(posted);
        const issued = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        const valid =
          issued && issued.challenge === verifier && issued.redirectUri === form.get("redirect_uri") && form.get("client_secret") === "github-secret";
        json(valid ? { access_token: "github-token", token_type: "bearer", scope: "read:user,user:email" } : { error: "bad_verification_code" });
      });
      return;
    }
    if (request.headers.authorization !== "Bearer github-token") return response.writeHead(401).end();
    if (url.pathname === "/user") return json(github.user);
    if (url.pathname === "/user/emails") return json(github.emails);
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let t: TestContext;
let fakeGitHub: Server;
beforeAll(async () => {
  fakeGitHub = await startFakeGitHub();
  const gitHubUrl = `http://127.0.0.1:${(fakeGitHub.address() as { port: number }).port}`;
  // Google is configured too (its provider is never reached here: every request for it stops before); LinkedIn is not.
  t = await buildTestApp({
    rateLimitsDisabled: true,
    env: {
      GOOGLE_CLIENT_ID: "himaltech",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GITHUB_CLIENT_ID: "himaltech",
      GITHUB_CLIENT_SECRET: "github-secret",
      GITHUB_OAUTH_URL: gitHubUrl,
      GITHUB_API_URL: gitHubUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  fakeGitHub.closeAllConnections();
  fakeGitHub.close();
});
beforeEach(async () => {
  await t.database.db.delete(users);
  await t.database.db.delete(socialSignInCodes);
});

const PASSWORD = "Glacier-Walk-42";
const google = (overrides: Partial<ProviderIdentity> = {}): ProviderIdentity => ({
  provider: "google",
  subject: "google-sub-1",
  email: "asha@example.com",
  emailVerified: true,
  name: "Asha Gurung",
  ...overrides,
});
const accounts = () => t.app.services.accounts;
const everything = async () => ({
  users: await t.database.db.select().from(users),
  identities: await t.database.db.select().from(socialIdentities),
  codes: await t.database.db.select().from(socialSignInCodes),
});
const exchange = (code: string) => t.app.inject({ method: "POST", url: "/api/auth/exchange/", cookies: { social_sign_in_code: code } });

async function activeAccount(email = "asha@example.com", isActive = true) {
  expect(
    (await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email, password: PASSWORD, full_name: "Asha G." } })).statusCode,
  ).toBe(201);
  await t.database.db.update(users).set({ isActive }).where(eq(users.email, email));
  return (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
}

async function signedIn(identity: ProviderIdentity) {
  const result = await accounts().signInWithProvider(identity);
  if (result.outcome !== "signed_in") throw new Error(`refused: ${result.problem}`);
  return result;
}

describe("sign-in with a provider, through the routes", () => {
  it("tells which providers are configured, and sends a button of one that is not to a page that says so", async () => {
    const listed = await t.app.inject({ method: "GET", url: "/api/auth/providers/" });
    expect(listed.json()).toEqual({ google: true, github: true, linkedin: false });
    const start = await t.app.inject({ method: "GET", url: "/api/auth/linkedin/start" });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe("/social-sign-in?problem=unavailable&provider=linkedin");
    expect(start.headers["set-cookie"]).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/myspace/start" })).statusCode).toBe(400);
  });

  it("refuses a callback without this browser's state (none, another, altered, expired, another provider's), changing nothing", async () => {
    const flows = createSocialFlowCookie(t.config.secretKey);
    const flow = { provider: "google" as const, state: "the-state", nonce: "the-nonce", codeVerifier: "v".repeat(43) };
    const sealed = await flows.seal(flow, t.clock.now);
    const before = await everything();
    const attempts = [
      { url: "/api/auth/google/callback?code=abc&state=the-state" },
      { url: "/api/auth/google/callback?code=abc", cookies: { social_sign_in: sealed } },
      { url: "/api/auth/google/callback?code=abc&state=another-state", cookies: { social_sign_in: sealed } },
      { url: "/api/auth/google/callback?code=abc&state=the-state", cookies: { social_sign_in: `${sealed.slice(0, -4)}AAAA` } },
      { url: "/api/auth/linkedin/callback?code=abc&state=the-state", cookies: { social_sign_in: sealed } },
      {
        url: "/api/auth/google/callback?code=abc&state=the-state",
        cookies: { social_sign_in: await flows.seal(flow, new Date(t.clock.now.getTime() - 11 * 60_000)) },
      },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ method: "GET", ...attempt });
      expect(response.statusCode, attempt.url).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("This sign-in has expired or was started in another browser.");
      expect(response.cookies.find((cookie) => cookie.name === "social_sign_in_code")).toBeUndefined();
    }
    expect(await everything()).toEqual(before);
  });

  it("hands the token pair over once for a code, and never for a replayed, late or made-up one", async () => {
    const { code } = await signedIn(google());
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const pair = first.json() as { access: string; refresh: string };
    expect(first.cookies.find((cookie) => cookie.name === "social_sign_in_code")).toMatchObject({ value: "" });
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${pair.access}` } });
    expect(me.json()).toMatchObject({ email: "asha@example.com", full_name: "Asha Gurung", is_verified: true });

    const replayed = await exchange(code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: "invalid_code", detail: "This sign-in has expired or was already used. Please sign in again." });
    expect((await t.app.inject({ method: "POST", url: "/api/auth/exchange/" })).statusCode).toBe(400);
    expect((await exchange("made-up")).statusCode).toBe(400);

    const late = await signedIn(google());
    t.clock.advance(SOCIAL_CODE_TTL_MS + 1000);
    expect((await exchange(late.code)).statusCode).toBe(400);
  });
});

describe("sign-in with GitHub", () => {
  /** The browser's round trip: start, GitHub's approval, and the callback with the flow cookie start set. */
  async function throughGitHub() {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/github/start" });
    expect(start.statusCode).toBe(303);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.pathname).toBe("/login/oauth/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: "himaltech",
      redirect_uri: "http://localhost:3000/api/auth/github/callback",
      scope: "read:user user:email",
      code_challenge_method: "S256",
    });
    const flow = start.cookies.find((cookie) => cookie.name === "social_sign_in")!;
    expect(flow).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const approved = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!);
    const callback = `${approved.pathname}${approved.search}`;
    return { callback, flow: flow.value, response: await t.app.inject({ method: "GET", url: callback, cookies: { social_sign_in: flow.value } }) };
  }

  it("signs in with GitHub's verified primary address, and a callback replayed with its spent code changes nothing", async () => {
    const { callback, flow, response } = await throughGitHub();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/social-sign-in");
    const code = response.cookies.find((cookie) => cookie.name === "social_sign_in_code")!;
    expect(code).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    const pair = (await exchange(code.value)).json() as { access: string };
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${pair.access}` } });
    expect(me.json()).toMatchObject({ email: "mina@example.com", full_name: "Mina Tamang", is_verified: true });

    const before = await everything();
    const replayed = await t.app.inject({ method: "GET", url: callback, cookies: { social_sign_in: flow } });
    expect(replayed.headers.location).toBe("/social-sign-in?problem=failed&provider=github");
    expect(await everything()).toEqual(before);
  });

  it("gives the owner an account a stranger signed up for with the address, keeping neither their password nor their name", async () => {
    const stranger = { email: "mina@example.com", password: PASSWORD, full_name: "Not Mina" };
    expect((await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: stranger })).statusCode).toBe(201);
    const { response } = await throughGitHub();
    expect(response.headers.location).toBe("/social-sign-in");
    const pair = (await exchange(response.cookies.find((cookie) => cookie.name === "social_sign_in_code")!.value)).json() as { access: string };
    const me = await t.app.inject({ method: "GET", url: "/api/accounts/me/", headers: { authorization: `Bearer ${pair.access}` } });
    expect(me.json()).toMatchObject({ email: "mina@example.com", full_name: "Mina Tamang", is_verified: true });
    expect(await t.database.db.select().from(users)).toHaveLength(1);
    const strangersLogin = await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: stranger.email, password: PASSWORD } });
    expect(strangersLogin.statusCode).toBe(401);
  });

  it("refuses a GitHub account whose primary address GitHub has not verified", async () => {
    github.emails = [{ email: "mina@example.com", primary: true, verified: false }];
    try {
      const { response } = await throughGitHub();
      expect(response.headers.location).toBe("/social-sign-in?problem=unverified_email&provider=github");
      expect(await t.database.db.select().from(users)).toEqual([]);
    } finally {
      github.emails = [{ email: "mina@example.com", primary: true, verified: true }];
    }
  });
});

describe("which account a provider signs into", () => {
  it("creates an active account with the provider's name for a new verified address, and signs into it again by the provider's id", async () => {
    const first = await signedIn(google({ email: "asha@example.com" }));
    expect(first.created).toBe(true);
    const [user] = await t.database.db.select().from(users);
    expect(user).toMatchObject({ email: "asha@example.com", fullName: "Asha Gurung", isActive: true });
    // The password login knows no password for it until the owner sets one.
    expect((await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: "asha@example.com", password: PASSWORD } })).statusCode).toBe(
      401,
    );

    // The address changed at the provider: the link, not the address, names the account.
    const again = await signedIn(google({ email: "asha.gurung@example.com" }));
    expect(again).toMatchObject({ userId: user!.id, created: false });
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it("signs into the verified account with the provider's verified address and links it, with no second account", async () => {
    const existing = await activeAccount();
    const result = await signedIn(google({ name: "Someone Else" }));
    expect(result).toMatchObject({ userId: existing.id, created: false });
    expect(await t.database.db.select().from(users)).toHaveLength(1);
    expect((await t.database.db.select().from(users))[0]!.fullName).toBe("Asha G.");
    expect(await t.database.db.select().from(socialIdentities)).toEqual([
      expect.objectContaining({ provider: "google", subject: "google-sub-1", userId: existing.id }),
    ]);
  });

  it("refuses an address the provider has not verified, taking nothing over", async () => {
    const unverified = await activeAccount("asha@example.com", false);
    const before = await everything();
    expect(await accounts().signInWithProvider(google({ emailVerified: false }))).toEqual({ outcome: "refused", problem: "unverified_email" });
    expect(await accounts().signInWithProvider(google({ email: undefined }))).toEqual({ outcome: "refused", problem: "unverified_email" });
    expect(await everything()).toEqual(before);
    expect(before.users).toEqual([expect.objectContaining({ id: unverified.id, isActive: false, lastLogin: null })]);
  });

  it("refuses a disabled account", async () => {
    const existing = await activeAccount();
    await t.database.db.update(users).set({ disabledAt: t.clock.now }).where(eq(users.id, existing.id));
    expect(await accounts().signInWithProvider(google())).toEqual({ outcome: "refused", problem: "account_disabled", userId: existing.id });
  });
});

describe("GitHub's address", () => {
  it("counts only the primary address, and only when GitHub verified it", () => {
    expect(
      githubAddress([
        { email: "old@example.com", primary: false, verified: true },
        { email: "asha@example.com", primary: true, verified: true },
      ]),
    ).toEqual({ email: "asha@example.com", emailVerified: true });
    expect(githubAddress([{ email: "asha@example.com", primary: true, verified: false }])).toEqual({ email: "asha@example.com", emailVerified: false });
    expect(githubAddress([{ email: "other@example.com", primary: false, verified: true }])).toEqual({ email: undefined, emailVerified: false });
  });
});
