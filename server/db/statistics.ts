import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { periodicQueue } from "../jobs/queue";
import type { DatabaseHandle } from "./client";

/**
 * Every six hours, and as the server starts: a day's writes change a table's shape far less than that.
 * Only on the embedded database, which runs no autovacuum daemon; PostgreSQL keeps its own.
 */
export const PLANNER_STATISTICS_QUEUE = periodicQueue("planner-statistics");
export const PLANNER_STATISTICS_CRON = "0 */6 * * *";

/**
 * Without statistics the embedded database's planner cannot tell a search matching one enquiry from
 * one matching thousands, and walks the whole inbox in its usual order to find the one (decision 038).
 * ANALYZE samples each table, so it costs the same on a large database as on a middling one.
 */
export async function refreshPlannerStatistics(database: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  await database.db.execute(sql`analyze`);
  log.debug(`planner statistics refreshed in ${Math.round(performance.now() - started)} ms`);
}
