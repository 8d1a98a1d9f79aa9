import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const SITE_EVENT_KINDS = ["cta_click", "chatbot_question"] as const;
export type SiteEventKind = (typeof SITE_EVENT_KINDS)[number];

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

/** First-party events the dashboard counts: clicks on call-to-action buttons and questions asked of the assistant. */
export const siteEvents = pgTable(
  "site_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: SITE_EVENT_KINDS }).notNull(),
    path: text("path").notNull(),
    /** The button's label or where it leads; empty for assistant questions (their text is not kept). */
    label: text("label").notNull().default(""),
    device: text("device", { enum: ["mobile", "desktop"] }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("site_events_kind_created_idx").on(table.kind, table.createdAt)],
);
