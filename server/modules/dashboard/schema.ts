import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { admins } from "../admin/schema";

/** Every data export an admin downloaded: who, when, what and how many rows. */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    adminUsername: text("admin_username").notNull(),
    /** enquiries, applications, subscribers, page_views, or `dump` for the full database dump. */
    dataset: text("dataset").notNull(),
    format: text("format", { enum: ["csv", "json"] }).notNull(),
    /** The time range the export covered, such as `7d`; empty for the full dump. */
    range: text("range").notNull().default(""),
    rows: integer("rows").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("data_exports_created_idx").on(table.createdAt)],
);

/**
 * Each closed UTC day's page-view figures, kept the first time the dashboard reads that day. A day's
 * figures never change once it is over: a view is stored as it arrives, and the visitor hash's salt
 * changes daily, so even its distinct visitors can be counted once. The 90-day view then reads
 * about ninety rows instead of every view.
 */
export const pageViewDays = pgTable("page_view_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  pageViews: integer("page_views").notNull(),
  visitors: integer("visitors").notNull(),
  mobile: integer("mobile").notNull(),
  desktop: integer("desktop").notNull(),
});

/** The views each referring site sent on a closed day, kept with the day's figures. */
export const pageViewDayReferrers = pgTable(
  "page_view_day_referrers",
  {
    day: date("day", { mode: "string" })
      .notNull()
      .references(() => pageViewDays.day, { onDelete: "cascade" }),
    host: text("host").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.host] })],
);
