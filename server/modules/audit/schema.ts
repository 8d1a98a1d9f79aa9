import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { admins } from "../admin/schema";

/** What each admin did and when: written in the same transaction as the change it describes. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** The admin's name when it happened, so the entry still reads right if the account goes. */
    adminUsername: text("admin_username").notNull(),
    /** A dotted verb such as `enquiry.handled` or `job.closed`. */
    action: text("action").notNull(),
    /** What the action was done to, such as `enquiry:42`. */
    target: text("target").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt)],
);
