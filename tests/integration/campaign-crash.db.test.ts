import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { campaignRecipients, campaigns } from "../../server/modules/campaigns/schema";
import { createTestDatabase, postgresUrlOf, testDatabaseKind } from "../helpers/database";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const SUBSCRIBERS = 30;
const SUBJECT = "Crash-proof newsletter";
let sink: SmtpSink;
let dataDir: string;
/** PostgreSQL: the test database the worker processes share. PGlite: the data directory they open in turn. */
let postgres: DatabaseHandle | undefined;

const open = async () => postgres ?? (await openDatabase({ dataDir }));
const release = async (database: DatabaseHandle) => {
  if (!postgres) await database.close();
};

/** The site's background work in a process of its own, as the site runs it; `output` collects what it logs. */
function workerProcess(): { child: ChildProcess; output: () => string; exited: Promise<unknown> } {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "../helpers/background-process.ts")], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgresUrlOf(postgres) } : {}),
      SMTP_URL: sink.url,
      PUBLIC_URL: "http://localhost:3000",
      SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  return { child, output: () => output, exited: new Promise((resolve) => child.once("exit", resolve)) };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await mkdtemp(path.join(tmpdir(), "himal-campaign-crash-"));
  if (testDatabaseKind === "postgres") postgres = await createTestDatabase();
  const database = await open();
  if (!postgres) await database.migrate();
  const at = new Date();
  await database.db.insert(newsletterSubscriptions).values(
    Array.from({ length: SUBSCRIBERS }, (_, index) => ({
      email: `reader${index + 1}@example.com`,
      status: "confirmed" as const,
      confirmedAt: at,
      ipHash: "test",
      userAgent: "test",
      createdAt: at,
    })),
  );
  await database.db
    .insert(campaigns)
    .values({ subject: SUBJECT, body: "Hello from Kathmandu.", status: "scheduled", scheduledAt: at, concurrency: 1, createdAt: at, updatedAt: at });
  await release(database);
});

afterAll(async () => {
  await sink.close();
  await postgres?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// Each worker starts from the TypeScript sources, compiling the server as it starts, and this file starts early in
// `npm test`, beside the type check, lint and the browser suites: on a slow day (2026-11-30, lint 2.8× its usual
// time) the whole drill took 172 s on PostgreSQL and past 180 s on PGlite. The limits are for a drill that hangs.
it("a worker killed mid-send and started again mails every subscriber exactly once", { timeout: 420_000 }, async () => {
  // The first process is killed while the mail server holds its eleventh mail, not yet acknowledged.
  const held = sink.holdAfter(10);
  const first = workerProcess();
  await held;
  first.child.kill("SIGKILL");
  await first.exited;
  expect(sink.messages).toHaveLength(10);
  sink.release();

  // The jobs it held go back to the queue once their heartbeat has stopped for 10 s, and the next worker takes them.
  const second = workerProcess();
  await expect.poll(() => second.output(), { timeout: 360_000, interval: 200 }).toContain("newsletter sent");
  second.child.kill("SIGKILL");
  await second.exited;

  const delivered = sink.messages.filter((mail) => mail.subject === SUBJECT).map((mail) => (mail.to as { text: string }).text);
  expect(delivered).toHaveLength(SUBSCRIBERS);
  expect(new Set(delivered).size).toBe(SUBSCRIBERS);
  const database = await open();
  const rows = await database.db.select({ status: campaignRecipients.status }).from(campaignRecipients);
  const [campaign] = await database.db.select({ status: campaigns.status }).from(campaigns);
  await release(database);
  expect(rows.map((row) => row.status)).toEqual(Array(SUBSCRIBERS).fill("sent"));
  expect(campaign!.status).toBe("sent");
});
