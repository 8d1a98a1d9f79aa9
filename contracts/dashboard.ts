import { z } from "./zod";
import type { AdminArea } from "./admin-roles";
import { DASHBOARD_RANGES, DEFAULT_RANGE, EXPORT_DATASETS, EXPORT_FORMATS, EXPORT_RANGES, type DashboardRange } from "./dashboard-options";

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
  "contact_messages",
  "meetings_booked",
] as const;
/** Everything a details overlay can show: the cards, and account sign-ups. */
export const DETAIL_METRICS = [...CARD_METRICS, "sign_ups"] as const;
export type CardMetric = (typeof CARD_METRICS)[number];
export type DetailMetric = (typeof DETAIL_METRICS)[number];

/**
 * The admin area each figure belongs to: a role sees the cards, overlays and recent activities of the
 * areas it may use (`roleMayUse`). Clicks and assistant questions are the enquiry funnel's first steps.
 */
export const METRIC_AREAS: Record<DetailMetric, AdminArea> = {
  get_started: "enquiries",
  talk_to_expert: "enquiries",
  cta_clicks: "enquiries",
  discuss_project: "enquiries",
  careers: "applications",
  blog_views: "posts",
  newsletter_subs: "subscribers",
  chatbot_interactions: "assistant",
  contact_messages: "enquiries",
  meetings_booked: "meetings",
  sign_ups: "users",
};

export const MetricParamsSchema = z.object({ metric: z.enum(DETAIL_METRICS) });

export interface MetricFigure {
  metric: CardMetric;
  count: number;
  previous: number;
  /** Percent against the previous range, one decimal; null when the previous range had none and this one has some. */
  change: number | null;
  /** Newsletter Subs only: sign-ups in the range still waiting for their confirmation (the count is confirmations). */
  pending?: number;
}

export type ActivityType = "GET_STARTED" | "TALK_TO_EXPERT" | "DISCUSS_PROJECT" | "CTA" | "application" | "newsletter" | "sign_up" | "meeting";

export interface RecentActivity {
  type: ActivityType;
  /** The overlay the row opens. */
  metric: DetailMetric;
  user: string;
  time: string;
  /** The admin screen of this very record. */
  href: string;
}

/** How the 24-hour promise to answer an enquiry was kept, for enquiries that came in the range. */
export interface ResponseFigures {
  /** Median time from an enquiry's arrival to staff's first answer, of those answered; null when none was. */
  medianSeconds: number | null;
  /**
   * Percent answered within 24 hours, one decimal rounded down, of the range's enquiries (spam aside) that
   * were answered or are over 24 hours old; null when there is none of those.
   */
  withinDayPercent: number | null;
  /** Conversations owed an answer whose due time has passed, now, whenever they came. */
  overdue: number;
}

export interface DashboardOverview {
  range: DashboardRange;
  from: string;
  to: string;
  metrics: MetricFigure[];
  /** Only for roles that work the enquiries. */
  responseTimes?: ResponseFigures;
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
  /** Newsletters mailed in the range: the share opened and the share with a link clicked, of those sent. */
  campaigns: {
    sent: number;
    openRate: number | null;
    clickRate: number | null;
    list: { id: number; subject: string; started_at: string; sent: number; opens: number; clicks: number; unsubscribes: number }[];
  };
}

/** An overlay's CSV: its metric's rows in a range, or all of them. */
export const MetricExportSchema = z.object({ range: z.enum(EXPORT_RANGES).default(DEFAULT_RANGE) });

export const DatasetExportSchema = z.object({
  dataset: z.enum(EXPORT_DATASETS),
  format: z.enum(EXPORT_FORMATS),
  range: z.enum(EXPORT_RANGES).default(DEFAULT_RANGE),
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
