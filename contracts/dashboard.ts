import { z } from "./zod";
import { DASHBOARD_RANGES, DEFAULT_RANGE, EXPORT_DATASETS, EXPORT_FORMATS, type DashboardRange } from "./dashboard-options";

export * from "./dashboard-options";

export const RangeQuerySchema = z.object({ range: z.enum(DASHBOARD_RANGES).default(DEFAULT_RANGE) });

/** The figures shown as cards, in the spec's order. */
export const CARD_METRICS = [
  "get_started",
  "talk_to_expert",
  "cta_clicks",
  "discuss_project",
  "careers",
  "blog_views",
  "newsletter_subs",
  "chatbot_interactions",
] as const;
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
