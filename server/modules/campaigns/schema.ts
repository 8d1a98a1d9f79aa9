import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CAMPAIGN_STATUSES } from "../../../contracts/campaigns";

/** A newsletter: written as a draft, then sent once to every confirmed subscriber. */
export const campaigns = pgTable("campaigns", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  subject: text("subject").notNull(),
  preheader: text("preheader").notNull().default(""),
  /** Markdown, as staff wrote it. */
  body: text("body").notNull(),
  status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
  /** Mails per minute across every instance; null sends as fast as the mail server accepts them. */
  ratePerMinute: integer("rate_per_minute"),
  /** Parallel SMTP connections per instance. */
  concurrency: smallint("concurrency").notNull(),
  /**
   * The links the body held when sending began. A tracked click redirects only to one of these, by
   * its index, so the redirect can never send anyone elsewhere.
   */
  links: jsonb("links").$type<string[]>().notNull().default([]),
  scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const RECIPIENT_STATUSES = ["queued", "sending", "sent", "failed", "skipped"] as const;

/**
 * Who a campaign goes to, fixed when sending begins: each row is one subscriber's mail, sent by one job
 * of the newsletter queue (decision 064), and afterwards what the dashboard counts.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    subscriptionId: bigint("subscription_id", { mode: "number" }).notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("queued"),
    attempts: smallint("attempts").notNull().default(0),
    /** While `sending`: the job sending it. Only that job, tried again after its worker died, may take it over. */
    /** While `sending`: the job sending it. Only that job, tried again after its worker stopped, may take it over. */
    jobId: uuid("job_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    /** Set when the subscriber unsubscribed and this was the last campaign they had received. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.subscriptionId] }),
    // Whether a campaign has anyone left to send to, asked after every mail.
    index("campaign_recipients_waiting_idx")
      .on(table.campaignId)
      .where(sql`status in ('queued', 'sending')`),
    index("campaign_recipients_subscription_idx").on(table.subscriptionId, table.sentAt),
  ],
);

/** One row per recipient and link they clicked, with how often. */
export const campaignClicks = pgTable(
  "campaign_clicks",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    subscriptionId: bigint("subscription_id", { mode: "number" }).notNull(),
    link: smallint("link").notNull(),
    clicks: integer("clicks").notNull().default(1),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.subscriptionId, table.link] })],
);
