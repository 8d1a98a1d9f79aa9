import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import Fastify from "fastify";
import { openServices } from "../server/services";
import { benchConfigEnv } from "./server-env";

const DAYS = 180;

export interface DashboardBench {
  pageViews: number;
  days: number;
  /** User Analytics over 90 days: the first read, which keeps each closed day's figures, then the next ones. */
  usersFirstMs: number;
  usersAgainMs: number[];
  contentMs: number;
  overviewMs: number;
}

const timed = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return Math.round(performance.now() - start);
};

/**
 * The admin dashboard on a site with months of traffic: `pageViews` views spread over the last 180
 * days (3,000 visitors a day, a seventh of them from a search engine), read through the dashboard's
 * own service on the given database.
 */
export async function benchDashboard(options: { dataDir: string; databaseUrl?: string; pageViews: number }): Promise<DashboardBench> {
  const database = await openDatabase(options);
  try {
    const spacingMs = (DAYS * 24 * 60 * 60 * 1000) / options.pageViews;
    await database.db.execute(sql`
      insert into page_views (path, referrer_host, device, visitor_hash, created_at)
      select '/blog/' || (g % 40),
        case when g % 7 = 0 then 'www.google.com' when g % 29 = 0 then 'news.ycombinator.com' end,
        case when g % 3 = 0 then 'mobile' else 'desktop' end,
        'visitor-' || (g % 3000) || '-' || floor(g * ${spacingMs}::float8 / 86400000),
        now() - g * ${spacingMs}::float8 * interval '1 millisecond'
      from generate_series(1, ${options.pageViews}) as g`);
    await database.db.execute(sql`analyze page_views`);
    const config = loadConfig(benchConfigEnv(options.dataDir));
    const opened = await openServices(database, config, Fastify({ logger: false }).log);
    const { dashboard } = opened.services;
    try {
      const usersFirstMs = await timed(() => dashboard.userAnalytics("90d"));
      const usersAgainMs = [await timed(() => dashboard.userAnalytics("90d")), await timed(() => dashboard.userAnalytics("90d"))];
      return {
        pageViews: options.pageViews,
        days: DAYS,
        usersFirstMs,
        usersAgainMs,
        contentMs: await timed(() => dashboard.contentTracking("90d")),
        overviewMs: await timed(() => dashboard.overview("90d", "owner")),
      };
    } finally {
      await opened.close();
    }
  } finally {
    await database.close();
  }
}
