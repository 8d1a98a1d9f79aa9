import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { connect as createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../../../server/db/client";
import { inject } from "vitest";
import { prepareEmbeddedDatabase } from "../../helpers/prepare";
import { buildDir, spawnServer, type ServerProcess } from "../../helpers/site";

/** `npm run verify` runs each suite at full length; `npm test` runs them short. */
export const FULL = process.env.VERIFY_FULL === "1";
export const seconds = (short: number, full: number) => (FULL ? full : short) * 1000;

/** Every instance of a deployment shares one secret: sessions and CSRF tokens made by one are good on the others. */
export const SHARED_SECRET = "verify-shared-secret-key-0123456789-abcdefgh";

export const newDataDir = () => mkdtemp(path.join(tmpdir(), "himal-verify-"));

/**
 * An embedded database as a site's first start leaves it: migrated (from the run's template: creating
 * one from nothing takes seconds that the suites spend under load instead; the browser suites cover a
 * first start), then given its sample content as a first start gives it (decision 018).
 */
export async function preparedEmbeddedDatabase(dataDir: string) {
  if (existsSync(path.join(dataDir, "db"))) return;
  const client = await PGlite.create(path.join(dataDir, "db"), {
    loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.close();
  await prepareEmbeddedDatabase({ dataDir, buildDir, env: { NODE_ENV: "test", LOG_LEVEL: "warn", SECRET_KEY: SHARED_SECRET } });
}

/** The built site in its own process, as `npm start` runs it. */
export async function startServer(
  options: {
    dataDir?: string;
    databaseUrl?: string;
    smtpUrl?: string;
    rateLimits?: boolean;
    env?: Record<string, string>;
    nodeOptions?: string[];
    /** A port of its own choosing, e.g. to start again where a proxy expects it. */
    port?: number;
  } = {},
): Promise<ServerProcess> {
  if (options.dataDir && !options.databaseUrl) await preparedEmbeddedDatabase(options.dataDir);
  return spawnServer({
    dataDir: options.dataDir,
    nodeOptions: options.nodeOptions,
    port: options.port,
    // Starting migrates and seeds; on a busy machine that alone can take half a minute.
    readyTimeoutMs: 120_000,
    env: {
      SECRET_KEY: SHARED_SECRET,
      RATE_LIMITS: options.rateLimits ? "on" : "off",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...options.env,
    },
  });
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

/** Samples a process's memory once a second until stopped. */
export function watchMemory(pid: number) {
  const samples: { at: number; mb: number }[] = [{ at: performance.now(), mb: rssMb(pid) }];
  const timer = setInterval(() => {
    try {
      samples.push({ at: performance.now(), mb: rssMb(pid) });
    } catch {
      // the process has gone
    }
  }, 1000);
  return {
    samples,
    stop: () => clearInterval(timer),
  };
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a condition, checking every 100 ms. */
export async function waitUntil<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(100);
  }
}

/** `/readyz`'s answer, or status 0 when nothing answers. */
export async function readiness(url: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error) };
  }
}

/**
 * A TCP port in front of a service that can be taken down and brought back: while down, connections
 * are refused, as from a server that has stopped; sessions already open finish.
 */
export async function switchablePort(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection(targetPort);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => (socket === client ? upstream : client).destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    down: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => void (server = undefined)),
    up: listen,
    close() {
      server?.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Asks /healthz over and over until stopped: how many answered 200, how many did not, and the slowest answer. */
export function probeHealth(url: string) {
  const figures = { answered: 0, failed: 0, slowestMs: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
        if (response.ok) figures.answered++;
        else figures.failed++;
      } catch {
        figures.failed++;
      }
      figures.slowestMs = Math.max(figures.slowestMs, Math.round(performance.now() - started));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    figures,
    async stop() {
      running = false;
      await loop;
      return figures;
    },
  };
}

/** The figures a suite reports; `npm run verify` sums them up at the end. */
export function recordFigures(figures: Record<string, unknown>) {
  console.log(`[verify] ${JSON.stringify(figures)}`);
  if (process.env.VERIFY_FIGURES_FILE) appendFileSync(process.env.VERIFY_FIGURES_FILE, `${JSON.stringify(figures)}\n`);
}
