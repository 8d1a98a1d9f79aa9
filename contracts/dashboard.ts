import { z } from "./zod";

/** The dashboard's time ranges; every figure covers [now − range, now) and compares it with the range before. */
export const DASHBOARD_RANGES = ["24h", "7d", "30d", "90d"] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_RANGE: DashboardRange = "7d";
export const RANGE_HOURS: Record<DashboardRange, number> = { "24h": 24, "7d": 7 * 24, "30d": 30 * 24, "90d": 90 * 24 };

export const RangeQuerySchema = z.object({ range: z.enum(DASHBOARD_RANGES).default(DEFAULT_RANGE) });

/** The figures shown as cards, in the spec's order. */
export const CARD_METRICS = ["get_started", "talk_to_expert", "cta_clicks", "discuss_project", "careers", "blog_views", "newsletter_subs", "chatbot_interactions"] as const;
/** Everything a details overlay can show: the cards, and contact messages and account sign-ups (reached from Recent Activities). */
export const DETAIL_METRICS = [...CARD_METRICS, "contact_messages", "sign_ups"] as const;
export type CardMetric = (typeof CARD_METRICS)[number];
export type DetailMetric = (typeof DETAIL_METRICS)[number];

export const MetricParamsSchema = z.object({ metric: z.enum(DETAIL_METRICS) });

export interface MetricFigure {
  metric: CardMetric;
  count: number;
  previous: number;
  /** Percent against the previous range, one decimal; null when the previous range had none and this one has some. */
  change: number | null;
}

export type ActivityType = "GET_STARTED" | "TALK_TO_EXPERT" | "DISCUSS_PROJECT" | "CTA" | "application" | "newsletter" | "sign_up";

export interface RecentActivity {
  type: ActivityType;
  /** The overlay the row opens. */
  metric: DetailMetric;
  user: string;
  time: string;
}

export interface DashboardOverview {
  range: DashboardRange;
  from: string;
  to: string;
  metrics: MetricFigure[];
  activities: RecentActivity[];
}

export interface DetailRow {
  id: string;
  user: string;
  date: string;
  /** Mobile or Desktop where the browser is known. */
  device: "Mobile" | "Desktop" | null;
}

export interface TrendPoint {
  start: string;
  count: number;
}

export interface MetricDetails {
  metric: DetailMetric;
  range: DashboardRange;
  count: number;
  bucket: "hour" | "day";
  trend: TrendPoint[];
  /** The latest rows, newest first. */
  rows: DetailRow[];
}

export interface UserAnalytics {
  range: DashboardRange;
  pageViews: number;
  /** One per UTC day: the visitor hash changes daily, so a visitor is counted once per day. */
  days: { day: string; visitors: number; pageViews: number }[];
  devices: { mobile: number; desktop: number };
  referrers: { host: string; views: number }[];
}

export interface ContentTracking {
  range: DashboardRange;
  topPages: { path: string; views: number }[];
  conversions: { page: string; form: string; views: number; submissions: number; rate: number | null }[];
}

export interface CommunicationsReport {
  range: DashboardRange;
  mail: { sent: number; failed: number; pending: number };
  newsletter: { signUps: number; confirmed: number; rate: number | null };
}

export const EXPORT_DATASETS = ["enquiries", "applications", "subscribers", "page_views"] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
export const EXPORT_FORMATS = ["csv", "json"] as const;

export const DatasetExportSchema = z.object({
  dataset: z.enum(EXPORT_DATASETS),
  format: z.enum(EXPORT_FORMATS),
  range: z.enum(DASHBOARD_RANGES).default(DEFAULT_RANGE),
});
export type DatasetExportRequest = z.infer<typeof DatasetExportSchema>;

export interface PastExport {
  id: number;
  admin: string;
  dataset: string;
  format: "csv" | "json";
  range: string;
  rows: number;
  createdAt: string;
}
