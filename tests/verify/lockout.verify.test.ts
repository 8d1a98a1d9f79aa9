import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { freshPostgresDatabase, machinePostgres } from "./support/databases";
import { ACCOUNT_PASSWORD, activatedAccount, visitor, type Visitor } from "./support/mix";
import { newDataDir, recordFigures, SHARED_SECRET, startServer } from "./support/site";

/**
 * The server trusts no X-Forwarded-For (it sits behind no proxy), so strangers come from their own
 * loopback addresses: Linux answers on all of 127.0.0.0/8, and the client binds one per stranger.
 */
const OWN_ADDRESS = "127.0.0.1";
const NEW_ADDRESS = "127.0.0.7";
/** Five stranger addresses (127.0.0.<from>…<from + 4>): each attack gets its own, as the per-address limits would otherwise stop it early. */
const strangers = (from: number) => Array.from({ length: 5 }, (_, i) => `127.0.0.${from + i}`);
const WRONG_PASSWORDS = 100;
const ADMIN = { username: "verify-asha", email: "verify-asha@himaltech.test", password: "kathmandu-valley-42" };
const root = path.resolve(import.meta.dirname, "../..");

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp?.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** A POST from a chosen source address. */
function postFrom(from: string, site: Visitor, urlPath: string, body: object, headers: Record<string, string> = site.headers): Promise<Answer> {
  const url = new URL(urlPath, site.url);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text, ms: Math.round(performance.now() - started) }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Wrong passwords for one name, spread evenly over the stranger addresses, each address sending its share in turn. */
async function strangersHammer(addresses: string[], send: (from: string, guess: string) => Promise<Answer>) {
  const started = performance.now();
  const statuses = await Promise.all(
    addresses.map(async (from, s) => {
      const mine: number[] = [];
      for (let i = 0; i < WRONG_PASSWORDS / addresses.length; i++) mine.push((await send(from, `wrong-guess-${s}-${i}`)).status);
      return mine;
    }),
  );
  const all = statuses.flat();
  return {
    sent: all.length,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    refused: all.filter((status) => status === 429).length,
    wrong: all.filter((status) => status === 401).length,
  };
}

/** `npm run admin -- …` as an operator runs it next to the server (through its control socket on the embedded database). */
function adminCommand(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/admin.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", SECRET_KEY: SHARED_SECRET, ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** An admin's browser: keeps its cookies (device, session, CSRF) and echoes the CSRF token, as the login page does. */
function adminBrowser(site: Visitor, from: string) {
  const jar = new Map(site.headers.cookie!.split("; ").map((pair) => pair.split("=") as [string, string]));
  return async () => {
    const answer = await postFrom(
      from,
      site,
      "/api/admin-login/",
      { username: ADMIN.username, password: ADMIN.password },
      {
        ...site.headers,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrftoken": jar.get("csrftoken")!,
      },
    );
    for (const cookie of [answer.headers["set-cookie"] ?? []].flat()) {
      const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
      jar.set(name, value);
    }
    return answer;
  };
}

async function strangersCannotLockOut(backend: "pglite" | "postgres") {
  const dataDir = await newDataDir();
  const database = backend === "postgres" ? await freshPostgresDatabase() : undefined;
  // The per-address limits are on, as in production: 20 login attempts a minute from one address.
  const server = await startServer({ dataDir, databaseUrl: database?.url, smtpUrl: smtp.url, rateLimits: true });
  const cli = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  try {
    const site = await visitor(server.url);

    // A site account whose owner has signed in from their address before.
    const email = await activatedAccount(site, smtp);
    const siteLogin = (from: string, password: string) => postFrom(from, site, "/api/accounts/login/", { email, password });
    expect((await siteLogin(OWN_ADDRESS, ACCOUNT_PASSWORD)).status).toBe(200);
    const siteAttack = await strangersHammer(strangers(10), (from, guess) => siteLogin(from, guess));
    const owner = await siteLogin(OWN_ADDRESS, ACCOUNT_PASSWORD);
    expect(owner.status, owner.body).toBe(200);
    const newAddress = await siteLogin(NEW_ADDRESS, ACCOUNT_PASSWORD);
    expect(newAddress.status).toBe(429);
    const newAddressWait = Number(newAddress.headers["retry-after"]);
    expect(newAddressWait).toBeLessThanOrEqual(15 * 60);
    // An unknown address is held back alike (only the seconds to wait differ, as the attacks ended at different times).
    await strangersHammer(strangers(20), (from, guess) => postFrom(from, site, "/api/accounts/login/", { email: `nobody-${email}`, password: guess }));
    const unknown = await postFrom(NEW_ADDRESS, site, "/api/accounts/login/", { email: `nobody-${email}`, password: ACCOUNT_PASSWORD });
    const shape = (answer: Answer) => [answer.status, answer.body.replace(/\d+/g, "N"), Object.keys(answer.headers).sort()];
    expect(shape(unknown)).toEqual(shape(newAddress));
    // The operator's unlock lets the new address in at once.
    expect(adminCommand(cli, "unlock", email)).toBe(`Cleared the failed sign-ins of site account ${email}.`);
    expect((await siteLogin(NEW_ADDRESS, ACCOUNT_PASSWORD)).status).toBe(200);

    // An admin whose browser is approved.
    adminCommand({ ...cli, ADMIN_PASSWORD: ADMIN.password }, "create-admin", "--username", ADMIN.username, "--email", ADMIN.email);
    const device = adminBrowser(site, OWN_ADDRESS);
    expect(JSON.parse((await device()).body)).toEqual({ registering: true });
    const pending = new RegExp(`^(\\d+)\\s+${ADMIN.username}\\s+pending`, "m").exec(adminCommand(cli, "devices", "list"))![1]!;
    adminCommand(cli, "devices", "approve", pending);
    expect(JSON.parse((await device()).body)).toEqual({ success: true });
    const adminAttack = await strangersHammer(strangers(30), (from, guess) =>
      postFrom(from, site, "/api/admin-login/", { username: ADMIN.username, password: guess }),
    );
    const admin = await device();
    expect(admin.status, admin.body).toBe(200);
    expect(JSON.parse(admin.body)).toEqual({ success: true });

    expect(await server.stop("SIGTERM")).toBe(0);
    recordFigures({
      suite: "lockout",
      backend,
      site: {
        wrongPasswordsSent: siteAttack.sent,
        inSeconds: siteAttack.seconds,
        heldBack: siteAttack.refused,
        checked: siteAttack.wrong,
        ownerStatus: owner.status,
        ownerMs: owner.ms,
        newAddressWaitSeconds: newAddressWait,
      },
      admin: {
        wrongPasswordsSent: adminAttack.sent,
        inSeconds: adminAttack.seconds,
        heldBack: adminAttack.refused,
        checked: adminAttack.wrong,
        approvedDeviceStatus: admin.status,
        approvedDeviceMs: admin.ms,
      },
    });
  } finally {
    await server.stop("SIGKILL");
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe("no lockout by strangers", () => {
  it("lets the owner and an approved admin device sign in after strangers sent 100 wrong passwords from 5 addresses, on the embedded database", () =>
    strangersCannotLockOut("pglite"));

  it.runIf(machinePostgres)(
    "lets the owner and an approved admin device sign in after strangers sent 100 wrong passwords from 5 addresses, on PostgreSQL",
    () => strangersCannotLockOut("postgres"),
  );
});
