import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import serverProcess from "../../scripts/server-process.json";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { outbox } from "../../server/mail/schema";
import { openServices } from "../../server/services";
import { createTestDatabase, postgresUrlOf, testDatabaseKind } from "../helpers/database";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const SECRET_KEY = "test-secret-key-that-is-long-enough-0123456789";
let dataDir: string;
let sink: SmtpSink;

/** `npm run worker` from the sources, with the site's variables; resolves with its exit code and what it printed. */
function worker(env: Record<string, string>) {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, "../../server/worker.ts")], {
    env: { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", SECRET_KEY, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  return { child, output: () => output, exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "himal-worker-"));
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run worker", () => {
  it("refuses to start on the embedded database, where the site runs its background work itself", async () => {
    const refused = worker({});
    expect(await refused.exited).toBe(serverProcess.refusedToStartExitCode);
    expect(refused.output()).toContain("npm start is enough");
  });

  describe.skipIf(testDatabaseKind !== "postgres")("beside PostgreSQL", () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    it("sends the mail a web process queued, and stops when told, finishing the jobs in hand", { timeout: 90_000 }, async () => {
      const url = postgresUrlOf(database)!;
      // What a web process with JOBS=worker does: it queues, and sends nothing itself.
      const site = await openServices(database, loadConfig({ NODE_ENV: "test", DATABASE_URL: url, DATA_DIR: dataDir, SECRET_KEY }), pino({ level: "silent" }));
      await site.outbox.enqueue(database.db, { to: "asha@example.com", subject: "Queued by the site", text: "Hello," });
      await site.close();

      const running = worker({ DATABASE_URL: url, SMTP_URL: sink.url });
      try {
        await sink.waitFor((mail) => mail.subject === "Queued by the site", 60_000);
      } finally {
        running.child.kill("SIGTERM");
      }
      expect(await running.exited).toBe(0);
      expect((await database.db.select().from(outbox)).map((row) => row.status)).toEqual(["sent"]);
      expect(sink.messages.filter((mail) => mail.subject === "Queued by the site")).toHaveLength(1);
    });
  });
});
