// The form-POST part of the bench alone (bench/run.ts measures it among everything else): 32
// connections post the contact form for BENCH_SECONDS after a 2 s warm-up, against the built site on
// PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a fresh database made from it).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startEnv, startNodeOptions } from "../tests/helpers/start-options";
import { freePort } from "../tests/helpers/port";
import { withDatabase } from "../tests/setup/database";
import pg from "pg";
import { benchServerEnv } from "./server-env";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `form_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "himal-form-load-"));
const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : undefined;
const port = await freePort();
const server = spawn(process.execPath, [...startNodeOptions, path.join(buildDir, "server-app/main.mjs")], {
  cwd: root,
  env: {
    ...process.env,
    ...startEnv,
    ...benchServerEnv({ port, dataDir, buildDir, databaseUrl: postgres?.url }),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    if ((await fetch(`${url}/readyz`)).ok) break;
  } catch {
    // not yet listening
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

let sequence = 0;
const form = (duration: number) =>
  autocannon({
    url: `${url}/api/cta/`,
    connections: 32,
    duration,
    requests: [
      {
        method: "POST",
        path: "/api/cta/",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ name: "Load Test", email: "load@example.com", message: `Benchmark enquiry ${++sequence}`, request_type: "CTA" }),
        }),
      },
    ],
  });
/** The server's own CPU time (user and system), which a busy machine stretches less than latency. */
const cpuTimeUs = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(")").pop()!.trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};
await form(2);
const cpuBefore = cpuTimeUs();
const result = await form(seconds);
const cpuPerRequest = Math.round((cpuTimeUs() - cpuBefore) / result.requests.total);
console.log(
  `${postgres ? "PostgreSQL" : "PGlite"}: POST /api/cta/ (32 conn., ${seconds} s): ${Math.round(result.requests.average)} req/s, ` +
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors + result.timeouts} errors, ${result.non2xx} non-2xx, server ${cpuPerRequest} µs CPU/request`,
);
server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
await postgres?.drop();
rmSync(dataDir, { recursive: true, force: true });
