import { sql } from "drizzle-orm";
import pino from "pino";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "../../db/client";
import { jobQueues } from "../../db/job-queues";
import { openJobQueue } from "../../jobs/queue";
import { createTestDatabase } from "../../../tests/helpers/database";
import { NEWSLETTER_QUEUE } from "./jobs";
import type { NewsletterJob } from "./deliver";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it("takes a newsletter's next batch at once while batches come back full, without waiting out the polling interval", async () => {
  // The queue's clock never moves here: a worker that waited its polling interval between batches would
  // stop after one batch per handler, well short of the whole newsletter.
  const clock = new TestClock(Date.now() + 60_000);
  const queue = await openJobQueue(database.jobConnection, { queues: jobQueues, work: true, log: pino({ level: "silent" }), clock });
  const { batchSize = 1, localConcurrency = 1 } = NEWSLETTER_QUEUE.work;
  const recipients = batchSize * localConcurrency * 3 + 7;
  const sent = new Set<number>();
  queue.handle<NewsletterJob>(NEWSLETTER_QUEUE.name, async (job) => {
    sent.add(job.data.subscriptionId);
  });
  try {
    await queue.add(
      database.db,
      NEWSLETTER_QUEUE.name,
      Array.from({ length: recipients }, (_, n) => ({ data: { campaignId: 1, subscriptionId: n + 1 } })),
    );
    await queue.start();
    await expect.poll(() => sent.size, { timeout: 15_000, interval: 100 }).toBe(recipients);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = ${NEWSLETTER_QUEUE.name} and state = 'created'`,
    );
    expect(left!.n).toBe(0);
  } finally {
    await queue.stop();
  }
});
