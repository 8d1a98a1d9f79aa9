import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { freshPostgresDatabase, machinePostgres, pgliteRows, postgresRows, type StoredRows } from "./support/databases";
import { runLoad, statusTable, type LoadResult } from "./support/load";
import { activatedAccount, mixedLoad, visitor } from "./support/mix";
import { FULL, newDataDir, recordFigures, rssMb, seconds, startServer, watchMemory } from "./support/site";

const CONNECTIONS = 50;
const DURATION_MS = seconds(8, 60);

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp?.close());

/** Every 2xx a storing request got is one row, and there is no row that no 2xx answered. */
function expectRowsMatchAnswers(rows: StoredRows, result: LoadResult) {
  expect(rows.halfWritten).toEqual([]);
  expect(new Set(rows.enquiries)).toEqual(new Set(result.stored.enquiry));
  expect(new Set(rows.applications)).toEqual(new Set(result.stored.application));
  expect(new Set(rows.subscriptions)).toEqual(new Set(result.stored.subscription));
  expect(rows.enquiries.length + rows.applications.length + rows.subscriptions.length).toBe(
    result.stored.enquiry.length + result.stored.application.length + result.stored.subscription.length,
  );
}

/**
 * Resident memory over the last part of the run, against its peak once the process had warmed up. A
 * leak raises the floor of the last part; a moment's peak (an upload in hand, a collection not yet
 * run) does not, so the last part is judged by its lowest sample.
 */
function memoryTrend(samples: { mb: number }[]) {
  const span = Math.max(2, Math.floor(samples.length / 4));
  const warm = Math.max(...samples.slice(span, 2 * span).map((s) => s.mb));
  const end = Math.min(...samples.slice(-span).map((s) => s.mb));
  return { warm, end };
}

async function holdLoad(backend: "pglite" | "postgres") {
  const dataDir = await newDataDir();
  const database = backend === "postgres" ? await freshPostgresDatabase() : undefined;
  const server = await startServer({ dataDir, databaseUrl: database?.url, smtpUrl: smtp.url });
  try {
    const site = await visitor(server.url);
    const account = await activatedAccount(site, smtp);
    const pid = server.process.pid!;
    const rssStartMb = rssMb(pid);
    const memory = watchMemory(pid);
    const result = await runLoad({ url: server.url, mix: mixedLoad(site, account), connections: CONNECTIONS, durationMs: DURATION_MS });
    memory.stop();
    const rssEndMb = rssMb(pid);
    const { warm, end } = memoryTrend(memory.samples);

    const failures = result.outcomes.filter((o) => o.status < 200 || o.status >= 300);
    const refusals = [...new Set(failures.map((o) => `${o.status} ${o.path}: ${o.refusal ?? o.error}`))].slice(0, 5);
    expect(failures.length, `${JSON.stringify(statusTable(failures))}\n${refusals.join("\n")}\n${server.output().slice(-3000)}`).toBe(0);
    expect(result.serverErrors).toBe(0);
    expect(result.connectionErrors).toBe(0);
    // Flat: the last quarter of the run settles no higher than the second quarter reached, give or take the garbage collector.
    expect(end, `RSS ${JSON.stringify(memory.samples.map((s) => s.mb))}`).toBeLessThanOrEqual(warm * 1.15 + 16);

    expect(await server.stop("SIGTERM")).toBe(0);
    const rows = backend === "postgres" ? await postgresRows(database!.url) : await pgliteRows(dataDir);
    expectRowsMatchAnswers(rows, result);

    recordFigures({
      suite: "load",
      backend,
      full: FULL,
      seconds: DURATION_MS / 1000,
      connections: CONNECTIONS,
      requests: result.requests,
      requestsPerSecond: Math.round(result.requests / (DURATION_MS / 1000)),
      errors: result.connectionErrors + result.serverErrors,
      p50Ms: result.p50,
      p99Ms: result.p99,
      rssStartMb,
      rssWarmMb: warm,
      rssEndMb,
      stored: { enquiries: rows.enquiries.length, applications: rows.applications.length, subscriptions: rows.subscriptions.length },
      rowsLost: 0,
    });
  } finally {
    await server.stop("SIGKILL");
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe("load held", () => {
  it(`serves ${CONNECTIONS} connections of mixed traffic on the embedded database with no errors and stores every answered form`, () => holdLoad("pglite"));

  it.runIf(machinePostgres)(`serves ${CONNECTIONS} connections of mixed traffic on PostgreSQL with no errors and stores every answered form`, () =>
    holdLoad("postgres"),
  );
});
