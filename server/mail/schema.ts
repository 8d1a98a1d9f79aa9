import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    replyTo: text("reply_to"),
    /** A Message-ID chosen by the sender, so that later mail can thread on it; otherwise one is made from the row's id. */
    messageId: text("message_id"),
    /** An iCalendar invitation sent as the mail's calendar part, which mail clients offer to add, update or remove. */
    calendar: jsonb("calendar").$type<{ method: "REQUEST" | "CANCEL"; content: string }>(),
    /** pending → sent, or failed after the last attempt; the mail queue's job sends it (server/mail/jobs.ts). */
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The request whose work queued it, so its log lines and the mail's can be read together. */
    requestId: text("request_id"),
    /** A mail telling someone their data is erased: once it has gone, its row goes too, address and all. */
    forgetOnceSent: boolean("forget_once_sent").notNull().default(false),
    /** For a mail to an address a visitor typed: the address as the daily cap counts it (`recipientKeyOf`, decision 053). */
    recipientKey: text("recipient_key"),
  },
  (table) => [
    index("outbox_recipient_cap_idx")
      .on(table.recipientKey, table.createdAt)
      .where(sql`recipient_key is not null`),
  ],
);
