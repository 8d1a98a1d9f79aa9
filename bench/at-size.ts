/**
 * What the benches of the API at size share: timing one request many times through `app.inject`,
 * and running on a fresh embedded database or a fresh database of its own on a PostgreSQL server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withFreshPostgres } from "./postgres";

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
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
