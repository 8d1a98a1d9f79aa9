import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { fromDrizzle, PgBoss, type Clock, type ConstructorOptions, type Job, type JobInsert, type JobResult, type Queue, type WorkOptions } from "pg-boss";

/**
 * Background work runs on pg-boss, a maintained PostgreSQL job queue (decision 061): its jobs live in
 * the site's own database, in the `pgboss` schema, on the embedded database and on PostgreSQL alike.
 */
export interface QueueDefinition {
  name: string;
  /** Retries, back-off, expiry and retention of the queue's jobs. */
  queue: Omit<Queue, "name">;
  /** How a worker takes them: how many at once, how often it looks. */
  work: Pick<WorkOptions, "batchSize" | "localConcurrency" | "pollingIntervalSeconds" | "burstWhenBatchFull">;
}

/**
 * A queue for work done on a schedule (a digest, a sweep): one run at a time, with none waiting behind
 * it, and a run that fails is left to the next time rather than tried again at once.
 */
export const periodicQueue = (name: string): QueueDefinition => ({
  name,
  queue: { policy: "stately", retryLimit: 0, expireInSeconds: 15 * 60 },
  work: { batchSize: 1, pollingIntervalSeconds: 10 },
});

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/** A transaction, or the database itself: what the areas' service functions already take. */
type Executor = { execute(query: SQL): PromiseLike<unknown> };

/** How pg-boss reaches the database: PGlite's own instance, or a small pool of its own on PostgreSQL (`DatabaseHandle.jobConnection`). */
export type JobConnection = (connections: number) => ConstructorOptions;

export interface JobQueue {
  /**
   * Queues jobs inside `executor`'s transaction: they exist exactly when the change that causes them
   * does, and a rolled-back change leaves none behind.
   */
  add<T extends object>(executor: Executor, queue: string, jobs: JobInsert<T>[]): Promise<void>;
  /** What a queue's jobs do; each area hands in its own. `work` takes them otherwise than the queue's definition says. */
  handle<T>(queue: string, handler: JobHandler<T>, work?: QueueDefinition["work"]): void;
  /** Sends a job to `queue` at each time `cron` names, in Kathmandu time, once however many instances run. */
  schedule(queue: string, cron: string): void;
  /** Runs every job of `queue` that is due now, here and at once, and says how many ran: for tests and the CLI. */
  drain(queue: string): Promise<number>;
  stop(): Promise<void>;
}

const KATHMANDU = "Asia/Kathmandu";

/**
 * A job queue's error as the log keeps it: what failed, its code and its queue. A connection the database
 * dropped comes with the driver's whole client attached (its buffers, its cancel key), kilobytes a line, and
 * while PostgreSQL is down every worker reports one each time it looks for jobs.
 */
function queueErrorForLog(error: unknown): { message: string; code?: string; queue?: string } {
  const { message, code, queue } = (error ?? {}) as { message?: unknown; code?: unknown; queue?: unknown };
  return {
    message: typeof message === "string" ? message : String(error),
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof queue === "string" ? { queue } : {}),
  };
}

/**
 * Installs or upgrades the queue's tables and creates the site's queues; part of migrating the database,
 * so a backup or a copy of the database carries the jobs waiting in it.
 */
export async function installJobQueue(connection: JobConnection, queues: readonly QueueDefinition[]): Promise<void> {
  const boss = new PgBoss({ ...connection(1), supervise: false, schedule: false, registerInstance: false });
  await boss.start();
  try {
    for (const { name, queue } of queues) {
      // A queue's policy and partitioning are fixed when it is made; the rest follows its definition.
      const { policy: _policy, partition: _partition, ...changeable } = queue;
      if (await boss.getQueue(name)) await boss.updateQueue(name, changeable);
      else await boss.createQueue(name, queue);
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/**
 * The site's job queue on `database`. Every instance can queue jobs; only one made with `work: true`
 * takes them (the web process on the embedded database, `npm run worker` beside PostgreSQL), looking
 * for new ones as each queue's definition says, and it alone sends the scheduled jobs.
 */
export async function openJobQueue(
  connection: JobConnection,
  options: {
    queues: readonly QueueDefinition[];
    work: boolean;
    log: FastifyBaseLogger;
    /** The queue's clock, in JavaScript and in its SQL alike: a test moves it to see retries come due. */
    clock?: Clock;
  },
): Promise<JobQueue & { start(): Promise<void> }> {
  const { log } = options;
  const boss = new PgBoss({
    ...connection(options.work ? 4 : 2),
    ...(options.clock ? { clock: options.clock } : {}),
    supervise: options.work,
    // Jobs whose worker stopped (a newsletter's heartbeat ran out) go back to the queue within 15 s, not a minute.
    superviseIntervalSeconds: 15,
    schedule: options.work,
    registerInstance: false,
  });
  boss.on("error", (error) => log.error({ err: queueErrorForLog(error) }, "job queue"));
  await boss.start();
  const handlers = new Map<string, { handler: JobHandler<unknown>; work: QueueDefinition["work"] }>();
  const schedules: { queue: string; cron: string }[] = [];
  const definitionOf = (queue: string) => {
    const definition = options.queues.find((candidate) => candidate.name === queue);
    if (!definition) throw new Error(`no job queue is named ${queue}`);
    return definition;
  };

  /** Runs a batch as a worker would, each job on its own: one that throws fails alone, to be tried again as its queue says. */
  async function settle(queue: string, jobs: Job<unknown>[]): Promise<JobResult[]> {
    const { handler } = handlers.get(queue) ?? {};
    if (!handler) throw new Error(`no handler for the job queue ${queue}`);
    const results: JobResult[] = [];
    for (const job of jobs) {
      try {
        await handler(job);
        results.push({ id: job.id, status: "completed" });
      } catch (error) {
        results.push({ id: job.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } });
      }
    }
    return results;
  }

  return {
    async add(executor, queue, jobs) {
      if (jobs.length === 0) return;
      definitionOf(queue);
      await boss.insert(queue, jobs, { db: fromDrizzle(executor as Parameters<typeof fromDrizzle>[0], sql) });
    },
    handle(queue, handler, work) {
      handlers.set(queue, { handler: handler as JobHandler<unknown>, work: work ?? definitionOf(queue).work });
    },
    schedule(queue, cron) {
      definitionOf(queue);
      schedules.push({ queue, cron });
    },
    async drain(queue) {
      const work = handlers.get(queue)?.work ?? definitionOf(queue).work;
      let ran = 0;
      for (;;) {
        const jobs = await boss.fetch<unknown>(queue, { batchSize: work.batchSize ?? 1 });
        if (jobs.length === 0) return ran;
        for (const result of await settle(queue, jobs)) {
          if (result.status === "completed") await boss.complete(queue, result.id);
          else await boss.fail(queue, result.id, result.output);
        }
        ran += jobs.length;
      }
    },
    async start() {
      if (!options.work) return;
      for (const { queue, cron } of schedules) await boss.schedule(queue, cron, {}, { tz: KATHMANDU });
      for (const [queue, { work }] of handlers) {
        await boss.work<unknown>(queue, { ...work, perJobResults: true }, (jobs) => settle(queue, jobs));
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
