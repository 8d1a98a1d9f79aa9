import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { DATA_REQUEST_RIGHTS, DATA_REQUEST_STATUSES } from "#contracts/privacy.ts";

/**
 * A data request from the privacy page: who asks (confirmed by a mailed link, so nobody acts on
 * someone else's data), for which right, and how staff answered it within the 30 days.
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: serial("id").primaryKey(),
    /** Emptied once the person's data is erased; the request stays as the record that it was answered. */
    email: text("email").notNull(),
    right: text("right", { enum: DATA_REQUEST_RIGHTS }).notNull(),
    details: text("details").notNull().default(""),
    status: text("status", { enum: DATA_REQUEST_STATUSES }).notNull().default("unconfirmed"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by"),
    /** What staff told the requester when answering or declining. */
    note: text("note").notNull().default(""),
    /** The access archive's link: only its hash is kept, and it stops working at the expiry. */
    archiveTokenHash: text("archive_token_hash"),
    archiveExpiresAt: timestamp("archive_expires_at", { withTimezone: true }),
  },
  (table) => [index("data_requests_queue_idx").on(table.status, table.dueAt)],
);
