import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    device: text("device", { enum: ["mobile", "desktop"] }).notNull(),
    /** A hash of IP and browser with a salt that changes every day: counts visitors without a cookie. */
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("page_views_created_at_idx").on(table.createdAt), index("page_views_path_idx").on(table.path)],
);
