import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "./client";

/** Statistics are refreshed this often: a day's writes change a table's shape far less than that. */
const EVERY_MS = 6 * 60 * 60_000;

/**
 * The embedded database runs no autovacuum daemon, so without this its planner has no statistics at
 * all: it cannot tell a search matching one enquiry from one matching thousands, and walks the whole
 * inbox in its usual order to find the one (decision 038). ANALYZE samples each table, so it costs the
 * same on a large database as on a middling one. PostgreSQL keeps its own.
 */
export function keepPlannerStatistics(database: DatabaseHandle, log: FastifyBaseLogger): { stop(): void } {
  if (database.kind !== "pglite") return { stop() {} };
  let timer: NodeJS.Timeout | undefined;
  const analyze = async () => {
    const started = performance.now();
    try {
      await database.db.execute(sql`analyze`);
      log.debug(`planner statistics refreshed in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      log.warn({ err: error }, "could not refresh the planner's statistics");
    }
    timer = setTimeout(() => void analyze(), EVERY_MS).unref();
  };
  void analyze();
  return { stop: () => clearTimeout(timer) };
}
