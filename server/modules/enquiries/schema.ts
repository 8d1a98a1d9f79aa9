import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "../admin/schema";

export const ENQUIRY_TYPES = ["CTA", "GET_STARTED", "TALK_TO_EXPERT", "DISCUSS_PROJECT"] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];
export const ENQUIRY_STATUSES = ["new", "handled"] as const;

/** Every enquiry a visitor sent through a form; the columns a form does not have stay empty. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type", { enum: ENQUIRY_TYPES }).notNull(),
    name: text("name"),
    email: text("email").notNull(),
    company: text("company"),
    /** The message, or a project's details. */
    message: text("message").notNull(),
    userType: text("user_type"),
    helpType: text("help_type"),
    budget: text("budget"),
    timeline: text("timeline"),
    /** HMAC of the sender's IP with the site secret: spots abuse without keeping the address. */
    ipHash: text("ip_hash").notNull(),
    userAgent: text("user_agent").notNull(),
    /** The site page the form was sent from, such as `/contact` or `/cta` (both send request_type CTA). */
    sourcePage: text("source_page"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Staff mark an enquiry handled once it has been answered. */
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: integer("handled_by").references(() => admins.id, { onDelete: "set null" }),
  },
  (table) => [index("enquiries_created_idx").on(table.createdAt), index("enquiries_type_created_idx").on(table.type, table.createdAt)],
);

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;

/** One row per address (lower-cased): subscribing again updates it, never duplicates it. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull(),
    /** SHA-256 of the latest confirmation token; the token itself is only in the mail. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ipHash: text("ip_hash").notNull(),
    userAgent: text("user_agent").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("newsletter_subscriptions_email_idx").on(table.email), uniqueIndex("newsletter_subscriptions_token_idx").on(table.confirmTokenHash)],
);
