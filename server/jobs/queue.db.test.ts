import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKind } from "../../tests/helpers/database";
import type { DatabaseHandle } from "../db/client";
import { jobQueues } from "../db/job-queues";
import { MAIL_QUEUE } from "../mail/jobs";
import { openJobQueue } from "./queue";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("the job queue's log", () => {
  // Only PostgreSQL can drop the queue's connections from outside, as a restart or a crash of the database does.
  it.runIf(testDatabaseKind === "postgres")(
    "says in one short line that the database dropped a connection, without the driver's client or its cancel key",
    async () => {
      const lines: Record<string, unknown>[] = [];
      const log = pino({ level: "error" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
      const queue = await openJobQueue(database.jobConnection, { queues: jobQueues, work: false, log });
      try {
        // A connection of the queue's pool, used and left idle.
        await queue.drain(MAIL_QUEUE.name);
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pgboss' and datname = current_database()`,
        );
        await expect.poll(() => lines.length).toBeGreaterThan(0);
        for (const line of lines) {
          expect(line.msg).toBe("job queue");
          expect(line.err).toMatchObject({ message: expect.stringMatching(/terminat/i) });
          expect(line.err).not.toHaveProperty("client");
          expect(JSON.stringify(line).length).toBeLessThan(500);
        }
      } finally {
        await queue.stop();
      }
    },
  );
});
