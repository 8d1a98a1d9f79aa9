import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { subscriberScreen } from "#contracts/admin-business.ts";
import { roleMayUse, type AdminRole } from "#contracts/admin-roles.ts";
import {
  CARD_METRICS,
  COMPANY_TIME_ZONE,
  METRIC_AREAS,
  RANGE_HOURS,
  type ActivityType,
  type CardMetric,
  type CommunicationsReport,
  type ContentTracking,
  type DashboardOverview,
  type DashboardRange,
  type DatasetExportRequest,
  type DetailMetric,
  type DetailRow,
  type ExportDataset,
  type ExportRange,
  type MetricDetails,
  type PastExport,
  type RecentActivity,
  type UserAnalytics,
} from "#contracts/dashboard.ts";
import type { Database, Executor } from "../../db/client";
import { outbox } from "../../mail/schema";
import { users } from "../accounts/schema";
import { pageViews, siteEvents } from "../analytics/schema";
import { deviceOf } from "../analytics/service";
import { assistantConversations, assistantTurns } from "../assistant/schema";
import { recordAudit, type AuditActor } from "../audit/service";
import { careerApplications } from "../careers/schema";
import type { EnquiriesAdminService } from "../enquiries/admin-service";
import type { CampaignsService } from "../campaigns/service";
import { enquiries, newsletterSubscriptions, type EnquiryType } from "../enquiries/schema";
import { meetings } from "../meetings/schema";
import { csvHeader, csvLines } from "./csv";
import { EXPORTABLE, exportSelection, primaryKeyOf, type ExportableTable } from "./export-columns";
import { dataExports } from "./schema";
import { trafficBetween } from "./traffic";
import { zonedPeriods } from "./zoned";

const HOUR_MS = 60 * 60 * 1000;
export const DETAIL_ROW_LIMIT = 10;
const ACTIVITY_LIMIT = 10;
const TOP_LIMIT = 10;

export interface Window {
  range: DashboardRange;
  from: Date;
  to: Date;
  /** The start of the range before, of the same length. */
  previousFrom: Date;
}

export function windowOf(range: DashboardRange, now: Date): Window {
  const length = RANGE_HOURS[range] * HOUR_MS;
  return { range, to: now, from: new Date(now.getTime() - length), previousFrom: new Date(now.getTime() - 2 * length) };
}

/** Which rows an export covers: a dashboard range, or every row there is. */
const exportSpan = (range: ExportRange, now: Date) => (range === "all" ? { from: new Date(0), to: now } : windowOf(range, now));

/** Percent change, one decimal. Nothing before and something now has no percentage: null, shown as "New". */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const ratePercent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const between = (column: PgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to))!;
const visitor = (hash: PgColumn) => sql<string>`'Visitor ' || left(${hash}, 6)`;

/** Where a metric's rows live: the table, its time column, which rows count, and how a row reads in the overlay. */
interface MetricSource {
  table: PgTable;
  time: PgColumn;
  where?: SQL;
  id: SQL<string>;
  user: SQL<string>;
  /** The stored device, or the user agent it is read from; null where the browser is not known. */
  device: SQL<string | null>;
  /** The table its CSV export reads. */
  exportTable: ExportableTable;
}

const enquirySource = (type: EnquiryType): MetricSource => ({
  table: enquiries,
  time: enquiries.createdAt,
  where: eq(enquiries.type, type),
  id: sql<string>`${enquiries.id}::text`,
  user: sql<string>`coalesce(nullif(${enquiries.name}, ''), ${enquiries.email})`,
  device: sql<string>`${enquiries.userAgent}`,
  exportTable: "enquiries",
});

const SOURCES: Record<DetailMetric, MetricSource> = {
  get_started: enquirySource("GET_STARTED"),
  talk_to_expert: enquirySource("TALK_TO_EXPERT"),
  discuss_project: enquirySource("DISCUSS_PROJECT"),
  contact_messages: enquirySource("CTA"),
  cta_clicks: {
    table: siteEvents,
    time: siteEvents.createdAt,
    where: eq(siteEvents.kind, "cta_click"),
    id: sql<string>`${siteEvents.id}::text`,
    user: visitor(siteEvents.visitorHash),
    device: sql<string>`${siteEvents.device}`,
    exportTable: "site_events",
  },
  // Each question put to the assistant, as stored with its answer; the device is its conversation's.
  chatbot_interactions: {
    table: assistantTurns,
    time: assistantTurns.askedAt,
    id: sql<string>`${assistantTurns.conversationId}::text || '-' || ${assistantTurns.position}`,
    user: sql<string>`'Visitor ' || left(${assistantTurns.conversationId}::text, 8)`,
    device: sql<
      string | null
    >`(select ${assistantConversations.device} from ${assistantConversations} where ${assistantConversations.id} = ${assistantTurns.conversationId})`,
    exportTable: "assistant_turns",
  },
  careers: {
    table: careerApplications,
    time: careerApplications.createdAt,
    id: sql<string>`${careerApplications.id}::text`,
    user: sql<string>`${careerApplications.name}`,
    device: sql<null>`null`,
    exportTable: "career_applications",
  },
  blog_views: {
    table: pageViews,
    time: pageViews.createdAt,
    // A post's page, not the list at /blog.
    where: sql`${pageViews.path} like '/blog/_%'`,
    id: sql<string>`${pageViews.id}::text`,
    user: visitor(pageViews.visitorHash),
    device: sql<string>`${pageViews.device}`,
    exportTable: "page_views",
  },
  // Subscribers are the addresses that confirmed: a sign-up counts when its confirmation comes (pending ones are shown apart).
  newsletter_subs: {
    table: newsletterSubscriptions,
    time: newsletterSubscriptions.confirmedAt,
    id: sql<string>`${newsletterSubscriptions.id}::text`,
    user: sql<string>`${newsletterSubscriptions.email}`,
    device: sql<string>`${newsletterSubscriptions.userAgent}`,
    exportTable: "newsletter_subscriptions",
  },
  // A meeting counts when it is booked, whenever it takes place, and stays counted if it is called off.
  meetings_booked: {
    table: meetings,
    time: meetings.createdAt,
    id: sql<string>`${meetings.id}::text`,
    user: sql<string>`${meetings.name}`,
    device: sql<null>`null`,
    exportTable: "meetings",
  },
  sign_ups: {
    table: users,
    time: users.dateJoined,
    id: sql<string>`${users.id}::text`,
    user: sql<string>`${users.email}`,
    device: sql<null>`null`,
    exportTable: "users",
  },
};

/** A stored device (mobile/desktop) or a user agent, as the overlay shows it. */
function deviceLabel(value: string | null): DetailRow["device"] {
  if (!value) return null;
  const device = value === "mobile" || value === "desktop" ? value : deviceOf(value);
  return device === "mobile" ? "Mobile" : "Desktop";
}

/** What Recent Activities lists, and the admin screen of each row's record. */
const enquiryScreen = (row: { id: string }) => `/admin/enquiries/${row.id}`;
const ACTIVITY_SOURCES: { type: ActivityType; metric: DetailMetric; href: (row: { id: string; user: string }) => string }[] = [
  { type: "GET_STARTED", metric: "get_started", href: enquiryScreen },
  { type: "TALK_TO_EXPERT", metric: "talk_to_expert", href: enquiryScreen },
  { type: "DISCUSS_PROJECT", metric: "discuss_project", href: enquiryScreen },
  { type: "CTA", metric: "contact_messages", href: enquiryScreen },
  { type: "application", metric: "careers", href: (row) => `/admin/applications/${row.id}` },
  // The subscribers screen has no page per address: it opens found by the address, with that row marked.
  { type: "newsletter", metric: "newsletter_subs", href: (row) => subscriberScreen({ id: row.id, email: row.user }) },
  { type: "meeting", metric: "meetings_booked", href: () => "/admin/meetings" },
  { type: "sign_up", metric: "sign_ups", href: (row) => `/admin/users?q=${encodeURIComponent(row.user)}` },
];

/** The tables behind each export data set, and which rows fall in a range. */
const DATASETS: Record<ExportDataset, { table: ExportableTable; time: PgColumn }> = {
  enquiries: { table: "enquiries", time: enquiries.createdAt },
  applications: { table: "career_applications", time: careerApplications.createdAt },
  subscribers: { table: "newsletter_subscriptions", time: newsletterSubscriptions.createdAt },
  page_views: { table: "page_views", time: pageViews.createdAt },
};

/** The form pages whose visits can end in a submission, and where their submissions are stored. */
const FORM_PAGES: { page: string; form: string; views: SQL; submissions: MetricSource }[] = [
  { page: "/getStarted", form: "Get Started", views: sql`${pageViews.path} in ('/getStarted', '/getStarted/')`, submissions: SOURCES.get_started },
  { page: "/talktoexpert", form: "Talk to Expert", views: sql`${pageViews.path} in ('/talktoexpert', '/talktoexpert/')`, submissions: SOURCES.talk_to_expert },
  {
    page: "/discussProject",
    form: "Discuss Project",
    views: sql`${pageViews.path} in ('/discussProject', '/discussProject/')`,
    submissions: SOURCES.discuss_project,
  },
  {
    page: "/cta, /contact",
    form: "Contact",
    views: sql`${pageViews.path} in ('/cta', '/cta/', '/contact', '/contact/')`,
    submissions: SOURCES.contact_messages,
  },
  { page: "/careers/apply/*", form: "Job application", views: sql`${pageViews.path} like '/careers/apply/_%'`, submissions: SOURCES.careers },
];

/** An export written to a file, which the sender deletes once it is sent. */
export type ExportFile = { fileName: string; contentType: string; rows: number; path: string };

/**
 * Exports read their tables this many rows at a time and write them to a file as they go: tables
 * such as the page views grow without end, and the process's memory must not grow with them.
 */
const EXPORT_PAGE_ROWS = 2000;
const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" } as const;

type Write = (text: string) => Promise<void>;

const fileStamp = (now: Date) => now.toISOString().slice(0, 16).replace(":", "").replace("T", "-");

/**
 * An export file lives only while its download streams, far less than this. One older was left by a
 * process that stopped mid-download; it holds personal data, so it goes.
 */
export const ABANDONED_EXPORT_MS = 60 * 60 * 1000;

export function createDashboardService(deps: {
  db: Database;
  now: () => Date;
  exportDir: string;
  /** The inbox's own figures come from its service: how the enquiries were answered is its business. */
  enquiries: Pick<EnquiriesAdminService, "responseFigures">;
  /** Newsletter figures come from the campaigns area. */
  campaigns: Pick<CampaignsService, "rates" | "list">;
}) {
  const { db } = deps;

  async function countWindows(source: MetricSource, window: Window) {
    const [row] = await db
      .select({
        current: sql<number>`count(*) filter (where ${source.time} >= ${at(window.from)})`.mapWith(Number),
        previous: sql<number>`count(*) filter (where ${source.time} < ${at(window.from)})`.mapWith(Number),
      })
      .from(source.table)
      .where(and(between(source.time, window.previousFrom, window.to), source.where));
    return row ?? { current: 0, previous: 0 };
  }

  async function recentActivities(window: Window, role: AdminRole): Promise<RecentActivity[]> {
    const lists = await Promise.all(
      ACTIVITY_SOURCES.filter(({ metric }) => roleMayUse(role, METRIC_AREAS[metric])).map(async ({ type, metric, href }) => {
        const source = SOURCES[metric];
        const rows = await db
          .select({ id: source.id, user: source.user, at: source.time })
          .from(source.table)
          .where(and(between(source.time, window.from, window.to), source.where))
          .orderBy(desc(source.time))
          .limit(ACTIVITY_LIMIT);
        return rows.map((row) => ({ type, metric, user: row.user, href: href(row), at: row.at as Date }));
      }),
    );
    return lists
      .flat()
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, ACTIVITY_LIMIT)
      .map(({ at, ...activity }) => ({ ...activity, time: at.toISOString() }));
  }

  /**
   * Writes one export to a file while reading it, and records who took it, in one transaction: no
   * export goes unrecorded, and a failed one leaves no file behind.
   */
  async function exportFile(
    actor: AuditActor,
    what: { dataset: string; format: "csv" | "json"; range: string },
    fileName: string,
    produce: (tx: Executor, write: Write) => Promise<number>,
  ): Promise<ExportFile> {
    await mkdir(deps.exportDir, { recursive: true });
    const file = path.join(deps.exportDir, `${randomUUID()}.${what.format}`);
    const out = createWriteStream(file, { mode: 0o600 });
    const write: Write = async (text) => {
      if (!out.write(text)) await once(out, "drain");
    };
    try {
      const rows = await db.transaction(
        async (tx) => {
          const rows = await produce(tx, write);
          await tx.insert(dataExports).values({ adminId: actor.id, adminUsername: actor.username, ...what, rows, createdAt: deps.now() });
          await recordAudit(tx, actor, what.dataset === "dump" ? "export.dump" : `export.${what.format}`, `dataset:${what.dataset}`, {
            range: what.range,
            rows,
          });
          return rows;
        },
        { isolationLevel: "repeatable read" },
      );
      out.end();
      await once(out, "finish");
      return { fileName, contentType: CONTENT_TYPES[what.format], rows, path: file };
    } catch (error) {
      out.destroy();
      await unlink(file).catch(() => undefined);
      throw error;
    }
  }

  /** A table's exportable rows in primary-key order, a page at a time, each page starting after the last. */
  async function* pagesOf(tx: Executor, name: ExportableTable, where?: SQL) {
    const key = primaryKeyOf(name);
    let after: unknown[] | undefined;
    for (;;) {
      const page = (await tx
        .select(exportSelection(name))
        .from(EXPORTABLE[name].table as PgTable)
        .where(
          and(
            where,
            after &&
              sql`(${sql.join(key, sql`, `)}) > (${sql.join(
                after.map((value) => sql`${value}`),
                sql`, `,
              )})`,
          ),
        )
        .orderBy(...key.map((column) => asc(column)))
        .limit(EXPORT_PAGE_ROWS)) as Record<string, unknown>[];
      if (page.length > 0) yield page;
      if (page.length < EXPORT_PAGE_ROWS) return;
      const last = page.at(-1)!;
      after = key.map((column) => last[column.name]);
    }
  }

  /** One table's rows as CSV (with its header) or as a JSON array; `indent` places the JSON inside a larger document. */
  async function writeTable(tx: Executor, write: Write, name: ExportableTable, format: "csv" | "json", where?: SQL, indent = "") {
    const columns = Object.keys(exportSelection(name));
    let written = 0;
    await write(format === "csv" ? csvHeader(columns) : "[");
    for await (const page of pagesOf(tx, name, where)) {
      await write(
        format === "csv" ? csvLines(page, columns) : page.map((row, i) => `${written + i === 0 ? "" : ","}\n${indent}  ${JSON.stringify(row)}`).join(""),
      );
      written += page.length;
    }
    if (format === "json") await write(written === 0 ? "]" : `\n${indent}]`);
    return written;
  }

  return {
    /** Deletes the export files a stopped process left behind (run at start); returns how many. */
    async sweepAbandonedExports(): Promise<number> {
      const names = await readdir(deps.exportDir).catch(() => [] as string[]);
      const cutoff = Date.now() - ABANDONED_EXPORT_MS; // the files' own clock, not the business clock
      let removed = 0;
      for (const name of names) {
        const file = path.join(deps.exportDir, name);
        const info = await stat(file).catch(() => undefined);
        if (
          info?.isFile() &&
          info.mtimeMs < cutoff &&
          (await unlink(file).then(
            () => true,
            () => false,
          ))
        )
          removed += 1;
      }
      return removed;
    },

    /** The cards and recent activities of the areas the role may use. */
    async overview(range: DashboardRange, role: AdminRole): Promise<DashboardOverview> {
      const window = windowOf(range, deps.now());
      const shown = CARD_METRICS.filter((metric) => roleMayUse(role, METRIC_AREAS[metric]));
      const [figures, [pending], responseTimes] = await Promise.all([
        Promise.all(shown.map((metric) => countWindows(SOURCES[metric], window))),
        db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(newsletterSubscriptions)
          .where(and(between(newsletterSubscriptions.createdAt, window.from, window.to), eq(newsletterSubscriptions.status, "pending"))),
        roleMayUse(role, "enquiries") ? deps.enquiries.responseFigures(window) : undefined,
      ]);
      return {
        range,
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        metrics: shown.map((metric, index) => {
          const { current, previous } = figures[index]!;
          return {
            metric: metric as CardMetric,
            count: current,
            previous,
            change: percentChange(current, previous),
            ...(metric === "newsletter_subs" ? { pending: pending?.count ?? 0 } : {}),
          };
        }),
        ...(responseTimes ? { responseTimes } : {}),
        activities: await recentActivities(window, role),
      };
    },

    async details(metric: DetailMetric, range: DashboardRange): Promise<MetricDetails> {
      const window = windowOf(range, deps.now());
      const source = SOURCES[metric];
      const bucket = range === "24h" ? "hour" : "day";
      const starts = zonedPeriods(window.from, window.to, bucket, COMPANY_TIME_ZONE);
      // width_bucket numbers the periods from 1 by their starts (the first is the range's own start).
      const thresholds = sql.raw(`array[${starts.map((start) => start.getTime() / 1000).join(",")}]::float8[]`);
      const inRange = and(between(source.time, window.from, window.to), source.where);
      const [counts, rows] = await Promise.all([
        db
          .select({
            bucket: sql<number>`width_bucket(extract(epoch from ${source.time})::float8, ${thresholds}) - 1`.mapWith(Number),
            count: sql<number>`count(*)`.mapWith(Number),
          })
          .from(source.table)
          .where(inRange)
          .groupBy(sql`1`),
        db
          .select({ id: source.id, user: source.user, date: source.time, device: source.device })
          .from(source.table)
          .where(inRange)
          .orderBy(desc(source.time), desc(source.id))
          .limit(DETAIL_ROW_LIMIT),
      ]);
      const trend = starts.map((start) => ({ start: start.toISOString(), count: 0 }));
      for (const { bucket, count } of counts) trend[bucket]!.count += count;
      return {
        metric,
        range,
        count: trend.reduce((sum, point) => sum + point.count, 0),
        bucket,
        trend,
        rows: rows.map((row) => ({ id: row.id, user: row.user, date: (row.date as Date).toISOString(), device: deviceLabel(row.device) })),
      };
    },

    async userAnalytics(range: DashboardRange): Promise<UserAnalytics> {
      const now = deps.now();
      const window = windowOf(range, now);
      const traffic = await trafficBetween(db, window.from, window.to, now);
      const byDay = new Map(traffic.days.map((row) => [row.day, row]));
      const days: UserAnalytics["days"] = [];
      for (let cursor = new Date(window.from.toISOString().slice(0, 10)); cursor < window.to; cursor = new Date(cursor.getTime() + 24 * HOUR_MS)) {
        const key = cursor.toISOString().slice(0, 10);
        days.push({ day: key, visitors: byDay.get(key)?.visitors ?? 0, pageViews: byDay.get(key)?.pageViews ?? 0 });
      }
      const devices = { mobile: 0, desktop: 0 };
      for (const row of traffic.days) {
        devices.mobile += row.mobile;
        devices.desktop += row.desktop;
      }
      const referrers = [...traffic.referrers]
        .map(([host, views]) => ({ host, views }))
        .sort((a, b) => b.views - a.views || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0))
        .slice(0, TOP_LIMIT);
      return { range, pageViews: devices.mobile + devices.desktop, days, devices, referrers };
    },

    async contentTracking(range: DashboardRange): Promise<ContentTracking> {
      const window = windowOf(range, deps.now());
      const inRange = between(pageViews.createdAt, window.from, window.to);
      const topPages = await db
        .select({ path: pageViews.path, views: sql<number>`count(*)`.mapWith(Number) })
        .from(pageViews)
        .where(inRange)
        .groupBy(pageViews.path)
        .orderBy(sql`2 desc`, pageViews.path)
        .limit(TOP_LIMIT);
      const conversions = await Promise.all(
        FORM_PAGES.map(async ({ page, form, views: pageFilter, submissions: source }) => {
          const [[views], { current: submissions }] = await Promise.all([
            db
              .select({ count: sql<number>`count(*)`.mapWith(Number) })
              .from(pageViews)
              .where(and(inRange, pageFilter)),
            countWindows(source, window),
          ]);
          const viewed = views?.count ?? 0;
          // A form can be sent by someone whose visit was not counted (analytics declined or blocked): those
          // sends are listed, but at most one conversion is counted per counted view, so the rate stays a share.
          return { page, form, views: viewed, submissions, rate: ratePercent(Math.min(submissions, viewed), viewed) };
        }),
      );
      return { range, topPages, conversions };
    },

    async communications(range: DashboardRange): Promise<CommunicationsReport> {
      const window = windowOf(range, deps.now());
      const [[mail], [newsletter], rates, campaigns] = await Promise.all([
        db
          .select({
            sent: sql<number>`count(*) filter (where ${outbox.status} = 'sent')`.mapWith(Number),
            failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
            pending: sql<number>`count(*) filter (where ${outbox.status} in ('pending', 'sending'))`.mapWith(Number),
          })
          .from(outbox)
          .where(between(outbox.createdAt, window.from, window.to)),
        db
          .select({
            signUps: sql<number>`count(*)`.mapWith(Number),
            confirmed: sql<number>`count(${newsletterSubscriptions.confirmedAt})`.mapWith(Number),
          })
          .from(newsletterSubscriptions)
          .where(between(newsletterSubscriptions.createdAt, window.from, window.to)),
        deps.campaigns.rates(window),
        deps.campaigns.list(),
      ]);
      const signUps = newsletter?.signUps ?? 0;
      const confirmed = newsletter?.confirmed ?? 0;
      const startedInRange = campaigns.filter(
        (campaign) => campaign.started_at && new Date(campaign.started_at) >= window.from && new Date(campaign.started_at) < window.to,
      );
      return {
        range,
        mail: mail ?? { sent: 0, failed: 0, pending: 0 },
        newsletter: { signUps, confirmed, rate: ratePercent(confirmed, signUps) },
        campaigns: {
          sent: rates.sent,
          openRate: ratePercent(rates.opened, rates.sent),
          clickRate: ratePercent(rates.clicked, rates.sent),
          list: startedInRange.map(({ id, subject, started_at, stats }) => ({
            id,
            subject,
            started_at: started_at!,
            sent: stats.sent,
            opens: stats.unique_opens,
            clicks: stats.unique_clicks,
            unsubscribes: stats.unsubscribes,
          })),
        },
      };
    },

    /** Every row of one metric in the range, as CSV, with the columns its table may export. */
    async exportMetric(actor: AuditActor, metric: DetailMetric, range: ExportRange): Promise<ExportFile> {
      const now = deps.now();
      const window = exportSpan(range, now);
      const source = SOURCES[metric];
      return exportFile(actor, { dataset: metric, format: "csv", range }, `himaltech-${metric}-${range}-${fileStamp(now)}.csv`, (tx, write) =>
        writeTable(tx, write, source.exportTable, "csv", and(between(source.time, window.from, window.to), source.where)),
      );
    },

    async exportDataset(actor: AuditActor, request: DatasetExportRequest): Promise<ExportFile> {
      const now = deps.now();
      const window = exportSpan(request.range, now);
      const { table, time } = DATASETS[request.dataset];
      return exportFile(actor, request, `himaltech-${request.dataset}-${request.range}-${fileStamp(now)}.${request.format}`, (tx, write) =>
        writeTable(tx, write, table, request.format, between(time, window.from, window.to)),
      );
    },

    /** Every business table, each with only its exportable columns, read in one snapshot. */
    async dump(actor: AuditActor): Promise<ExportFile> {
      const now = deps.now();
      return exportFile(actor, { dataset: "dump", format: "json", range: "" }, `himaltech-database-${fileStamp(now)}.json`, async (tx, write) => {
        let rows = 0;
        await write(`{\n  "exportedAt": ${JSON.stringify(now.toISOString())},\n  "tables": {`);
        for (const [index, name] of (Object.keys(EXPORTABLE) as ExportableTable[]).entries()) {
          await write(`${index === 0 ? "" : ","}\n    ${JSON.stringify(name)}: `);
          rows += await writeTable(tx, write, name, "json", undefined, "    ");
        }
        await write("\n  }\n}\n");
        return rows;
      });
    },

    async pastExports(): Promise<PastExport[]> {
      const rows = await db.select().from(dataExports).orderBy(desc(dataExports.createdAt), desc(dataExports.id)).limit(50);
      return rows.map((row) => ({
        id: row.id,
        admin: row.adminUsername,
        dataset: row.dataset,
        format: row.format,
        range: row.range,
        rows: row.rows,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
