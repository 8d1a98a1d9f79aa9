import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { TestClock } from "pg-boss";
import { buildApp, type App, type AppOptions } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { createTestDatabase } from "./database";

const JOB_CLOCK_AHEAD_MS = 60_000;

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** Moves the clock the app sees. */
  clock: { now: Date; advance(ms: number): void };
  /**
   * The job queue's clock. It starts a minute ahead: on PostgreSQL a job queued on the site's own connection
   * is stamped with the real time.
   */
  jobClock: TestClock;
  /** Moves the job queue's clock on as far as the app's has moved forward since the last call: before running jobs. */
  catchUpJobClock(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The API on a fresh database, for requests through app.inject; or on `database`, as a second instance
 * of the site would be (tests/helpers/database.ts secondInstanceOf), which `close` closes too.
 */
export async function buildTestApp(
  options: { env?: Record<string, string>; rateLimitsDisabled?: boolean; database?: DatabaseHandle; httpTimeouts?: AppOptions["httpTimeouts"] } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "himal-app-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
    ...(options.rateLimitsDisabled ? { RATE_LIMITS: "off" } : {}),
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const jobClock = new TestClock(Date.now() + JOB_CLOCK_AHEAD_MS);
  let appTimeSeen = clock.now.getTime();
  const app = await buildApp({ config, database, now: () => clock.now, httpTimeouts: options.httpTimeouts, jobClock });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    jobClock,
    async catchUpJobClock() {
      const moved = clock.now.getTime() - appTimeSeen;
      appTimeSeen = clock.now.getTime();
      if (moved > 0) await jobClock.setTime(jobClock.now() + moved);
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
