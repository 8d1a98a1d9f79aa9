import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ENQUIRY_MESSAGE_KINDS, ENQUIRY_STATUSES, ENQUIRY_TYPES } from "#contracts/enquiry-inbox.ts";
import { tsvector } from "../../db/columns";
import { admins } from "../admin/schema";

export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

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
    /** A support request's subject line (the /support form); the other forms have none. */
    subject: text("subject"),
    /** new until staff open or answer it; a visitor's answer makes it open again (decision 038). */
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    /** The admin who owns the conversation: one with the support or owner role. */
    assigneeId: integer("assignee_id").references(() => admins.id, { onDelete: "set null" }),
    /** When staff first answered: the figure the 24-hour promise is measured by. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    /** When staff owe the visitor an answer: 24 hours after a visitor's message that has none yet; none while waiting, closed or spam. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /**
     * When the conversation's page was first asked to show it, or the visitor answered there: its link went
     * only to the address, so its owner acted. Until then the page shows nothing the sender typed (decision 053).
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The latest message of the thread, the visitor's or staff's (notes aside). */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** Names, addresses, company and every message of the thread, for the inbox's search. */
    search: tsvector("search"),
  },
  (table) => [
    index("enquiries_created_idx").on(table.createdAt),
    index("enquiries_type_created_idx").on(table.type, table.createdAt),
    index("enquiries_due_idx").on(table.dueAt.asc().nullsLast(), table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("enquiries_status_created_idx").on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The inbox's usual order within a status or an owner: a filtered page is read off the index, however
    // many conversations match and whether or not the planner has statistics (the embedded database gathers none).
    index("enquiries_status_due_idx").on(table.status, table.dueAt.asc().nullsLast(), table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("enquiries_assignee_due_idx").on(table.assigneeId, table.dueAt.asc().nullsLast(), table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("enquiries_search_idx").using("gin", table.search),
  ],
);

/** A conversation's messages after the first (which is the enquiry's own): staff replies, the visitor's answers, internal notes. */
export const enquiryMessages = pgTable(
  "enquiry_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    enquiryId: bigint("enquiry_id", { mode: "number" })
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** reply: staff to the visitor; visitor: the visitor's answer; note: staff only, never shown or sent to the visitor. */
    kind: text("kind", { enum: ENQUIRY_MESSAGE_KINDS }).notNull(),
    /** How a visitor's answer came: by mail or on the conversation page. */
    channel: text("channel", { enum: ["admin", "web", "mail"] }).notNull(),
    authorId: integer("author_id").references(() => admins.id, { onDelete: "set null" }),
    /** Who wrote it, kept as written: an admin's username, or the address a mail came from. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    /** The Message-ID of the mail that carried it (a reply sent, or a mail received), for threading. */
    mailMessageId: text("mail_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("enquiry_messages_thread_idx").on(table.enquiryId, table.createdAt, table.id)],
);

/** One row per Kathmandu day whose inbox digest has gone out: the first instance to insert it sends the mail. */
export const inboxDigests = pgTable("inbox_digests", {
  day: text("day").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});

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
    /** The mail server refused the address for good: no newsletter is sent to it again. */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    ipHash: text("ip_hash").notNull(),
    userAgent: text("user_agent").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("newsletter_subscriptions_email_idx").on(table.email), uniqueIndex("newsletter_subscriptions_token_idx").on(table.confirmTokenHash)],
);
