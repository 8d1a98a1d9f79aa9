import { rm } from "node:fs/promises";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import serverProcess from "../../scripts/server-process.json";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { openServices } from "../../server/services";
import { startSecondServer } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import {
  freshPostgresDatabase,
  machinePostgres,
  machineRedis,
  pgliteRows,
  postgresBinaries,
  postgresRows,
  privatePostgres,
  type StoredRows,
} from "./support/databases";
import { runLoad, statusTable, summarise, type LoadResult } from "./support/load";
import { formSteps, mixedLoad, visitor } from "./support/mix";
import { delay, FULL, newDataDir, readiness, recordFigures, seconds, SHARED_SECRET, startServer, switchablePort, waitUntil } from "./support/site";

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp?.close());

/** Every 2xx a storing request got has its row; none is half-written. Returns how many were lost. */
function expectAnsweredRowsKept(rows: StoredRows, result: LoadResult): number {
  expect(rows.halfWritten).toEqual([]);
  const lost = [
    ...result.stored.enquiry.filter((id) => !rows.enquiries.includes(id)),
    ...result.stored.application.filter((id) => !rows.applications.includes(id)),
    ...result.stored.subscription.filter((id) => !rows.subscriptions.includes(id)),
  ];
  expect(lost).toEqual([]);
  return lost.length;
}

/** What a server printed besides its log, such as the error it stopped with: the log's lines are JSON. */
const notLogLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("{"))
    .slice(-40)
    .join("\n");

const answered = (result: LoadResult) => result.stored.enquiry.length + result.stored.application.length + result.stored.subscription.length;

describe("faults survived", () => {
  it("delivers every mail once after the SMTP server was down for a while", async () => {
    const relay = await switchablePort(Number(new URL(smtp.url).port));
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir, smtpUrl: `smtp://127.0.0.1:${relay.port}` });
    const before = smtp.messages.length;
    try {
      // Down twice over: first nothing listens, then a server that refuses every mail (421).
      await relay.down();
      const site = await visitor(server.url);
      const result = await runLoad({
        url: server.url,
        mix: formSteps(site).filter((step) => step.stores === "enquiry"),
        connections: 4,
        durationMs: 60_000,
        maxRequests: FULL ? 200 : 20,
      });
      expect(
        result.outcomes.every((o) => o.status === 201),
        JSON.stringify(statusTable(result.outcomes)),
      ).toBe(true);
      await delay(seconds(1, 10));
      smtp.setRefusing(true);
      await relay.up();
      await delay(seconds(1, 10));
      expect(smtp.messages.length - before).toBe(0);
      smtp.setRefusing(false);

      const expected = 2 * result.stored.enquiry.length;
      // The outbox retries after 10 s, then 20 s, 40 s …; the longest outage here is over within two retries.
      await waitUntil(() => smtp.messages.length - before >= expected, seconds(60, 150), `${expected} mails`);
      expect(await server.stop("SIGTERM")).toBe(0);

      const delivered = smtp.messages.slice(before);
      const ids = delivered.map((mail) => mail.messageId);
      expect(ids.length).toBe(expected);
      expect(new Set(ids).size).toBe(expected);
      const rows = await pgliteRows(dataDir);
      expect(rows.outbox).toEqual([{ status: "sent", count: expected }]);
      recordFigures({
        suite: "faults",
        fault: "SMTP down, then back",
        injected: 1,
        survived: true,
        requests: result.requests,
        mails: expected,
        mailsLost: 0,
        mailsDoubled: 0,
        rowsLost: 0,
      });
    } finally {
      smtp.setRefusing(false);
      relay.close();
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(postgresBinaries)("answers 503 at once while PostgreSQL is down, says so in /readyz, and recovers without a restart", async () => {
    const postgres = await privatePostgres();
    const server = await startServer({ databaseUrl: postgres.url });
    try {
      const site = await visitor(server.url);
      const phases: { downAt?: number; upAt?: number; readyAgainAt?: number } = {};
      let readyzWhileDown: { status: number; body: string } | undefined;
      const fault = (async () => {
        await delay(seconds(2, 15));
        phases.downAt = performance.now();
        await postgres.crash();
        let last: unknown;
        readyzWhileDown = await waitUntil(
          async () => {
            const answer = await readiness(server.url);
            last = answer;
            return answer.status === 503 && answer;
          },
          10_000,
          "/readyz to report the database down",
        ).catch((error) => {
          throw new Error(
            `${error.message}; last answer ${JSON.stringify(last)}; exit ${server.process.exitCode}\n${notLogLines(server.output())}\n${server.output().slice(-3000)}`,
          );
        });
        await delay(seconds(3, 15));
        phases.upAt = performance.now();
        await postgres.start();
        await waitUntil(async () => (await readiness(server.url)).status === 200, 30_000, "/readyz to report ready again");
        phases.readyAgainAt = performance.now();
        await delay(seconds(3, 15));
      })();
      const result = await runLoad({ url: server.url, mix: mixedLoad(site, undefined), connections: 20, durationMs: 10 * 60_000, until: fault });
      await fault;

      expect(readyzWhileDown?.body, server.output().slice(-3000)).toMatch(/"status":"unavailable"/);
      expect(result.connectionErrors).toBe(0);
      const during = result.outcomes.filter((o) => o.startedAt >= phases.downAt! && o.startedAt < phases.upAt!);
      // While it is down: an answer for everyone, fast, and nothing but 2xx (pages need no database) or 503.
      expect(during.length).toBeGreaterThan(0);
      expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0);
      expect(
        during.filter((o) => o.status !== 503 && (o.status < 200 || o.status >= 300)),
        `${JSON.stringify(statusTable(during))}\n${failedRequests(server.output())}`,
      ).toEqual([]);
      // "At once": a refusal waits for nothing but its turn of the event loop, as a page that needs no
      // database does. Twenty closed-loop connections keep both cores busy, so each answer's time is the
      // machine's (every request waits its turn behind the others): the refusals are measured against the
      // pages served in the same seconds. A refusal that waited for its socket to be refused took three
      // to twelve times a page; and nobody waits out a connect timeout (3 s) or the pool's queue (10 s).
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const medianRefusalMs = median(during.filter((o) => o.status === 503).map((o) => o.ms));
      const medianPageMs = median(during.filter((o) => o.kind === "page" && o.status === 200).map((o) => o.ms));
      expect(medianRefusalMs).toBeLessThan(2 * medianPageMs);
      const slowest = Math.max(...during.map((o) => o.ms));
      expect(slowest).toBeLessThan(10_000);
      // After it is back, the same process serves everything again.
      const after = result.outcomes.filter((o) => o.startedAt >= phases.readyAgainAt! + 500);
      expect(after.length).toBeGreaterThan(0);
      expect(
        after.filter((o) => o.status < 200 || o.status >= 300),
        JSON.stringify(statusTable(after)),
      ).toEqual([]);
      expect(server.process.exitCode).toBeNull();

      const rowsLost = expectAnsweredRowsKept(await postgresRows(postgres.url), result);
      recordFigures({
        suite: "faults",
        fault: "PostgreSQL crashed and restarted under load",
        injected: 1,
        survived: true,
        requests: result.requests,
        answered503WhileDown: during.filter((o) => o.status === 503).length,
        medianRefusalMs: Math.round(medianRefusalMs),
        medianPageMs: Math.round(medianPageMs),
        slowestAnswerWhileDownMs: Math.round(slowest),
        errors: result.connectionErrors,
        rowsLost,
      });
    } finally {
      await server.stop("SIGKILL");
      await postgres.destroy();
    }
  });

  it("keeps every answered submission, whole, when killed with SIGKILL under load, and starts again", async () => {
    const dataDir = await newDataDir();
    let server = await startServer({ dataDir });
    try {
      const site = await visitor(server.url);
      const killed = new Promise<void>((resolve) => server.process.once("exit", () => resolve()));
      const kill = delay(seconds(3, 20)).then(() => server.process.kill("SIGKILL"));
      const result = await runLoad({ url: server.url, mix: formSteps(site), connections: 20, durationMs: 10 * 60_000, until: killed });
      await kill;
      expect(answered(result)).toBeGreaterThan(0);

      server = await startServer({ dataDir });
      const again = await visitor(server.url);
      const after = await runLoad({ url: server.url, mix: formSteps(again), connections: 2, durationMs: 1000 });
      expect(
        after.outcomes.every((o) => o.status === 201),
        JSON.stringify(statusTable(after.outcomes)),
      ).toBe(true);
      expect(await server.stop("SIGTERM")).toBe(0);

      const rowsLost = expectAnsweredRowsKept(await pgliteRows(dataDir), summarise([...result.outcomes, ...after.outcomes]));
      recordFigures({
        suite: "faults",
        fault: "SIGKILL under load, then start",
        injected: 1,
        survived: true,
        requests: result.requests + after.requests,
        answeredBeforeKill: answered(result),
        rowsLost,
      });
    } finally {
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("finishes the requests in flight when told to stop with SIGTERM", async () => {
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir });
    try {
      const site = await visitor(server.url);
      // Applications carry a PDF to check and store: each is in flight for a while.
      const applications = formSteps(site).filter((step) => step.kind === "application");
      let terminatedAt = 0;
      const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
      void delay(seconds(2, 10)).then(() => {
        terminatedAt = performance.now();
        server.process.kill("SIGTERM");
      });
      const result = await runLoad({
        url: server.url,
        mix: [...applications, ...mixedLoad(site, undefined)],
        connections: 20,
        durationMs: 10 * 60_000,
        until: exited,
      });
      expect(await exited).toBe(0);

      const inFlight = result.outcomes.filter((o) => o.startedAt < terminatedAt && o.startedAt + o.ms > terminatedAt);
      const before = result.outcomes.filter((o) => o.startedAt < terminatedAt);
      expect(inFlight.length, `answered before SIGTERM: ${JSON.stringify(statusTable(before))}\n${server.output().slice(-2000)}`).toBeGreaterThan(0);
      expect(
        inFlight.filter((o) => o.status < 200 || o.status >= 300).map((o) => ({ ...o, startedAt: o.startedAt - terminatedAt })),
        `${JSON.stringify(statusTable(inFlight))}\n${server.output().slice(-2000)}`,
      ).toEqual([]);
      const rowsLost = expectAnsweredRowsKept(await pgliteRows(dataDir), result);
      recordFigures({
        suite: "faults",
        fault: "SIGTERM under load",
        injected: 1,
        survived: true,
        requests: result.requests,
        inFlightFinished: inFlight.length,
        rowsLost,
      });
    } finally {
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(machinePostgres && machineRedis)(
    "runs two instances on one PostgreSQL and one Redis: both serve, limits and sessions are shared, each mail goes once",
    async () => {
      const database = await freshPostgresDatabase();
      const [first, second] = await Promise.all(
        [0, 1].map(() => startServer({ databaseUrl: database.url, smtpUrl: smtp.url, rateLimits: true, env: { REDIS_URL: machineRedis! } })),
      );
      const direct = await openDatabase({ databaseUrl: database.url, dataDir: "/nonexistent" });
      try {
        for (const instance of [first!, second!]) {
          expect((await fetch(`${instance.url}/`)).status).toBe(200);
          expect((await readiness(instance.url)).status).toBe(200);
        }

        // One client alternating between the instances is counted once, in Redis.
        const clients = await Promise.all([visitor(first!.url), visitor(second!.url)]);
        const contact = formSteps(clients[0]!)[0]!;
        const statuses: number[] = [];
        let remaining = Infinity;
        for (let i = 0; statuses.at(-1) !== 429 && i < 20; i++) {
          const spec = contact.build(i);
          const client = clients[i % 2]!;
          const response = await fetch(`${client.url}${spec.path}`, {
            method: "POST",
            headers: { ...spec.headers, ...client.headers },
            body: String(spec.body),
          });
          statuses.push(response.status);
          if (response.status === 201) remaining = Number(response.headers.get("x-ratelimit-remaining"));
        }
        expect(statuses.at(-1)).toBe(429);
        expect(remaining).toBe(0);
        const other = clients[statuses.length % 2]!;
        const spec = contact.build(99);
        expect(
          (await fetch(`${other.url}${spec.path}`, { method: "POST", headers: { ...spec.headers, ...other.headers }, body: String(spec.body) })).status,
        ).toBe(429);

        // An admin signs in on the first instance; the session works on the second, and signing out there ends it on both.
        const opened = await openServices(
          direct,
          loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, SECRET_KEY: SHARED_SECRET, DATA_DIR: "/nonexistent" }),
          pino({ level: "silent" }),
        );
        const { services } = opened;
        await services.admin.createAdmin({ username: "operator", email: "operator@himaltech.test", password: "a-long-operator-passphrase" });
        const signIn = () =>
          fetch(`${first!.url}/api/admin-login/`, {
            method: "POST",
            headers: { ...clients[0]!.headers, cookie: `${clients[0]!.headers.cookie}; ${deviceCookie}`, "content-type": "application/json" },
            body: JSON.stringify({ username: "operator", password: "a-long-operator-passphrase" }),
          });
        let deviceCookie = "";
        const registering = await signIn();
        deviceCookie = cookiesOf(registering)
          .filter((c) => !c.startsWith("csrftoken="))
          .join("; ");
        expect(await registering.json()).toEqual({ registering: true });
        const [device] = await services.admin.listDevices();
        await services.admin.decide(device!.id, "approve");
        const signedIn = await signIn();
        expect(await signedIn.json()).toEqual({ success: true });
        const session = cookiesOf(signedIn);
        const csrf = session.find((c) => c.startsWith("csrftoken="))!.slice("csrftoken=".length);
        const cookie = [deviceCookie, ...session].join("; ");
        const me = await fetch(`${second!.url}/api/admin/me/`, { headers: { cookie } });
        expect(me.status).toBe(200);
        expect(await me.json()).toMatchObject({ username: "operator" });
        const signOut = await fetch(`${second!.url}/api/admin/logout/`, { method: "POST", headers: { cookie, "x-csrftoken": csrf, origin: second!.url } });
        expect(signOut.status).toBe(200);
        expect((await fetch(`${first!.url}/api/admin/me/`, { headers: { cookie } })).status).toBe(401);

        // Both workers poll one outbox: each mail is claimed by one of them.
        const before = smtp.messages.length;
        const count = seconds(60, 300) / 1000;
        await direct.db.transaction(async (tx) => {
          for (let i = 0; i < count; i++) await opened.outbox.enqueue(tx, { to: `reader-${i}@example.com`, subject: `Outbox check ${i}`, text: "Sent once." });
        });
        const subjects = () =>
          smtp.messages
            .slice(before)
            .map((m) => m.subject ?? "")
            .filter((s) => s.startsWith("Outbox check"));
        await waitUntil(() => subjects().length >= count, 60_000, `${count} outbox mails`);
        await Promise.all([first!.stop("SIGTERM"), second!.stop("SIGTERM")]);
        expect(subjects().length).toBe(count);
        expect(new Set(subjects()).size).toBe(count);
        const unsent = await direct.db.execute("select count(*)::int as n from outbox where status <> 'sent'");
        expect((unsent as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
        recordFigures({
          suite: "faults",
          fault: "two instances on one PostgreSQL and Redis",
          injected: 1,
          survived: true,
          mails: count,
          mailsDoubled: 0,
          rateLimitShared: true,
          sessionShared: true,
          rowsLost: 0,
        });
        await opened.close();
      } finally {
        await direct.close();
        await Promise.all([first!.stop("SIGKILL"), second!.stop("SIGKILL")]);
        await database.drop();
      }
    },
  );

  it("refuses a second server on the same embedded database while the first, under load, loses nothing", async () => {
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir });
    try {
      const site = await visitor(server.url);
      const intruder = (async () => {
        await delay(1000);
        const refused = await startSecondServer(dataDir);
        await delay(1000);
        return refused;
      })();
      const result = await runLoad({ url: server.url, mix: mixedLoad(site, undefined), connections: 20, durationMs: 10 * 60_000, until: intruder });
      const { code, stderr } = await intruder;
      expect(code).toBe(serverProcess.refusedToStartExitCode);
      expect(stderr).toContain(`is in use by another process (pid ${server.process.pid})`);
      expect(
        result.outcomes.filter((o) => o.status < 200 || o.status >= 300),
        JSON.stringify(statusTable(result.outcomes)),
      ).toEqual([]);
      expect(await server.stop("SIGTERM")).toBe(0);

      const rows = await pgliteRows(dataDir);
      const rowsLost = expectAnsweredRowsKept(rows, result);
      expect(rows.enquiries.length + rows.applications.length + rows.subscriptions.length).toBe(answered(result));
      recordFigures({
        suite: "faults",
        fault: "second process on the same embedded database",
        injected: 1,
        survived: true,
        requests: result.requests,
        rowsLost,
      });
    } finally {
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** The server's log lines for requests that failed with a 500, to say why. */
function failedRequests(output: string): string {
  return output
    .split("\n")
    .filter((line) => line.includes('"request failed"') && !line.includes("Service temporarily unavailable"))
    .slice(0, 3)
    .join("\n")
    .slice(0, 4000);
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]!);
}
