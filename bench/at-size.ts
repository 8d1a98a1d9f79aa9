/**
 * What the benches of the API at size share: the app on a freshly migrated database, timing one
 * request many times through `app.inject`, running on a fresh embedded database or a fresh database
 * of its own on a PostgreSQL server, their tables, and running one bench alone from its own file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildApp, type App } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { withFreshPostgres } from "./postgres";
import { benchConfigEnv } from "./server-env";

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

/** A request timed at size, and whether its p99 kept within its budget. */
export interface TimedScenario extends Timing {
  name: string;
  pass: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Sends a request `warmUp + runs` times, one after another, and times the last `runs`. Anything but a
 * 200 ends the bench; the first answer is handed to `read`, so a figure beside the timing (rows
 * matched, sources cited) comes from the same requests.
 */
export async function timeRequests<T>(
  options: { name: string; runs: number; warmUp: number; read: (body: unknown) => T },
  request: () => Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<Timing & { read: T }> {
  let read: T | undefined;
  const times: number[] = [];
  for (let run = 0; run < options.warmUp + options.runs; run++) {
    const start = performance.now();
    const response = await request();
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`${options.name} answered ${response.statusCode}: ${response.body}`);
    if (run >= options.warmUp) times.push(elapsed);
    else read ??= options.read(response.json());
  }
  times.sort((a, b) => a - b);
  return { p50: tenths(percentile(times, 50)), p95: tenths(percentile(times, 95)), p99: tenths(percentile(times, 99)), read: read as T };
}

/** A bench on a fresh embedded database in a temporary directory, or on a database of its own on the given server, dropped afterwards. */
export async function onFreshDatabase<T>(
  name: string,
  serverUrl: string | undefined,
  bench: (options: { dataDir: string; databaseUrl?: string }) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `himal-bench-${name}-`));
  try {
    return serverUrl ? await withFreshPostgres(serverUrl, (url) => bench({ dataDir, databaseUrl: url })) : await bench({ dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The app on a freshly migrated database, ready to be asked through `app.inject`; the bench seeds the
 * database itself, as the figures depend on what it holds. Both are closed afterwards, whatever happens.
 */
export async function withBenchApp<T>(
  options: { dataDir: string; databaseUrl?: string },
  bench: (app: App, database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(options);
  await database.migrate();
  const app = await buildApp({ config: loadConfig(benchConfigEnv(options.dataDir)), database });
  try {
    await app.ready();
    return await bench(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * A bench's heading, then a table of its scenarios: what each is called (under `nameColumn`), the
 * figure read beside its timing (`figure.field`, under `figure.column`), its percentiles and its budget.
 */
export function printScenarios<Row extends TimedScenario>(heading: string, figure: { column: string; field: keyof Row }, rows: Row[], nameColumn = "request") {
  console.log(`\n${heading}`);
  console.table(
    rows.map((row) => ({
      [nameColumn]: row.name,
      [figure.column]: row[figure.field],
      "p50 ms": row.p50,
      "p95 ms": row.p95,
      "p99 ms": row.p99,
      budget: row.pass ? "pass" : "FAIL",
    })),
  );
}

/**
 * Runs a bench and prints it when its file is the one started (`npx tsx bench/<name>.ts`), and not
 * when bench/run.ts imports it: on PGlite, then on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server.
 */
export async function runAlone<T>(
  moduleUrl: string,
  bench: { pglite: () => Promise<T>; postgres: (serverUrl: string) => Promise<T>; print: (run: T) => void },
): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  bench.print(await bench.pglite());
  if (serverUrl) bench.print(await bench.postgres(serverUrl));
}
