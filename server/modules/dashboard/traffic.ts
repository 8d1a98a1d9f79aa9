import { and, gte, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pageViews } from "../analytics/schema";
import { pageViewDayReferrers, pageViewDays } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long after midnight a day counts as closed. A view is stored as it arrives; this leaves time
 * for the last requests of the day before to be written before its figures are kept for good.
 */
const DAY_SETTLED_MS = 5 * 60 * 1000;

export interface DayTraffic {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  pageViews: number;
  visitors: number;
  mobile: number;
  desktop: number;
}

export interface Traffic {
  /** The days that had views, or that are kept (those may show zero). */
  days: DayTraffic[];
  /** Views per referring host. */
  referrers: Map<string, number>;
}

const startOfDay = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const byHost = (rows: { host: string; views: number }[]) => new Map(rows.map((row) => [row.host, row.views]));
const count = (filter?: SQL) => (filter ? sql<number>`count(*) filter (where ${filter})` : sql<number>`count(*)`).mapWith(Number);

/** Counts the views themselves: for the parts of a range whose day is not closed. */
async function countViews(db: Database, where: SQL): Promise<Traffic> {
  const [days, referrers] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(${pageViews.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        pageViews: count(),
        visitors: sql<number>`count(distinct ${pageViews.visitorHash})`.mapWith(Number),
        mobile: count(sql`${pageViews.device} = 'mobile'`),
        desktop: count(sql`${pageViews.device} = 'desktop'`),
      })
      .from(pageViews)
      .where(where)
      .groupBy(sql`1`),
    db
      .select({ host: sql<string>`${pageViews.referrerHost}`, views: count() })
      .from(pageViews)
      .where(and(where, isNotNull(pageViews.referrerHost)))
      .groupBy(pageViews.referrerHost),
  ]);
  return { days, referrers: byHost(referrers) };
}

/**
 * Counts every closed day in [first, last] that is not kept yet and keeps it, in one statement: two
 * dashboards reading at once keep each day once. A day without views is kept too, as zeros.
 */
async function keepClosedDays(db: Database, first: string, last: string) {
  await db.execute(sql`
    with kept as (
      insert into page_view_days (day, page_views, visitors, mobile, desktop)
      select closed.start::date, count(view.id), count(distinct view.visitor_hash),
        count(view.id) filter (where view.device = 'mobile'), count(view.id) filter (where view.device = 'desktop')
      from generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') as closed(start)
      left join page_views as view
        on view.created_at >= closed.start at time zone 'UTC' and view.created_at < (closed.start + interval '1 day') at time zone 'UTC'
      where not exists (select from page_view_days as known where known.day = closed.start::date)
      group by closed.start
      on conflict (day) do nothing
      returning day
    )
    insert into page_view_day_referrers (day, host, views)
    select kept.day, view.referrer_host, count(*)
    from kept
    join page_views as view
      on view.created_at >= kept.day::timestamp at time zone 'UTC' and view.created_at < (kept.day + 1)::timestamp at time zone 'UTC'
    where view.referrer_host is not null
    group by 1, 2`);
}

/** The kept figures of the closed days from `start` (a UTC midnight) for `count` days, keeping any not kept yet. */
async function closedDays(db: Database, start: number, count: number): Promise<Traffic> {
  const first = dayOf(start);
  const last = dayOf(start + (count - 1) * DAY_MS);
  const inDays = (column: typeof pageViewDays.day | typeof pageViewDayReferrers.day) => and(gte(column, first), sql`${column} <= ${last}`);
  const readDays = () => db.select().from(pageViewDays).where(inDays(pageViewDays.day));
  let days = await readDays();
  if (days.length < count) {
    await keepClosedDays(db, first, last);
    days = await readDays();
  }
  const referrers = await db
    .select({ host: pageViewDayReferrers.host, views: sql<number>`sum(${pageViewDayReferrers.views})`.mapWith(Number) })
    .from(pageViewDayReferrers)
    .where(inDays(pageViewDayReferrers.day))
    .groupBy(pageViewDayReferrers.host);
  return { days, referrers: byHost(referrers) };
}

/**
 * The page views in [from, to), per UTC day, and per referring host. The whole days in it that are
 * closed come from their kept figures; the rest (the range's first, partial day, and today) is
 * counted from the views.
 */
export async function trafficBetween(db: Database, from: Date, to: Date, now: Date): Promise<Traffic> {
  const firstWholeDay = Math.min(startOfDay(from.getTime() + DAY_MS - 1), to.getTime());
  const closedEnd = Math.max(firstWholeDay, startOfDay(Math.min(to.getTime(), now.getTime() - DAY_SETTLED_MS)));
  const between = (start: number, end: number) => and(gte(pageViews.createdAt, new Date(start)), lt(pageViews.createdAt, new Date(end)))!;
  const [closed, open] = await Promise.all([
    closedEnd > firstWholeDay ? closedDays(db, firstWholeDay, (closedEnd - firstWholeDay) / DAY_MS) : { days: [], referrers: new Map<string, number>() },
    countViews(db, or(between(from.getTime(), firstWholeDay), between(closedEnd, to.getTime()))!),
  ]);
  const referrers = new Map(closed.referrers);
  for (const [host, views] of open.referrers) referrers.set(host, (referrers.get(host) ?? 0) + views);
  return { days: [...closed.days, ...open.days], referrers };
}
