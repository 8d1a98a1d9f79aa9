/**
 * The dashboard's ranges and export choices. Plain values, kept apart from the schemas so that
 * /dashboard, which every signed-in member opens too, does not load the validation library.
 */

/** The dashboard's time ranges; every figure covers [now − range, now) and compares it with the range before. */
export const DASHBOARD_RANGES = ["24h", "7d", "30d", "90d"] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_RANGE: DashboardRange = "7d";
export const RANGE_HOURS: Record<DashboardRange, number> = { "24h": 24, "7d": 7 * 24, "30d": 30 * 24, "90d": 90 * 24 };

/** Exports may also take every row there is, which no figure on screen covers. */
export const EXPORT_RANGES = [...DASHBOARD_RANGES, "all"] as const;
export type ExportRange = (typeof EXPORT_RANGES)[number];

/**
 * The company's time zone (design §7): the dashboard's trends are cut at its midnights and hours and
 * labelled in it, so an entry made today in Kathmandu is counted and shown under today.
 */
export const COMPANY_TIME_ZONE = "Asia/Kathmandu";

export const EXPORT_DATASETS = ["enquiries", "applications", "subscribers", "page_views"] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
export const EXPORT_FORMATS = ["csv", "json"] as const;
