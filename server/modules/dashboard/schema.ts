import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
