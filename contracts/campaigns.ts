import { BigserialIdParams, INT4_MAX } from "./ids";
import { wallClockTime } from "./dates";
import { z } from "./zod";

/**
 * draft → scheduled (a time is set) → sending ⇄ paused → sent. A scheduled campaign can go back to
 * draft; one that has started sending cannot, since some subscribers already have it.
 */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_PREHEADER_MAX = 200;
export const CAMPAIGN_BODY_MAX = 50_000;
export const CAMPAIGN_RATE_MAX = 100_000;
export const CAMPAIGN_CONCURRENCY_MAX = 10;
export const CAMPAIGN_DEFAULT_CONCURRENCY = 2;

const optionalWhole = (max: number, message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : typeof value === "string" ? Number(value) : value),
    z.number(message).int(message).min(1, message).max(max, message).optional(),
  );

/** A campaign as staff write it. Sending speed: mails per minute (none: as fast as the mail server takes them) and parallel connections. */
export const CampaignSchema = z.object({
  subject: z
    .string("Write a subject.")
    .trim()
    .min(1, "Write a subject.")
    .max(CAMPAIGN_SUBJECT_MAX, `Use at most ${CAMPAIGN_SUBJECT_MAX} characters.`)
    // A line break in a subject would end the header it is written into.
    .refine((subject) => !/[\r\n]/.test(subject), "Keep the subject on one line."),
  preheader: z
    .string()
    .trim()
    .max(CAMPAIGN_PREHEADER_MAX, `Use at most ${CAMPAIGN_PREHEADER_MAX} characters.`)
    .refine((text) => !/[\r\n]/.test(text), "Keep the preheader on one line.")
    .optional()
    .default(""),
  body: z.string("Write the newsletter.").trim().min(1, "Write the newsletter.").max(CAMPAIGN_BODY_MAX, `Use at most ${CAMPAIGN_BODY_MAX} characters.`),
  rate_per_minute: optionalWhole(CAMPAIGN_RATE_MAX, `Give a whole number of mails per minute from 1 to ${CAMPAIGN_RATE_MAX}, or leave it empty.`),
  concurrency: optionalWhole(CAMPAIGN_CONCURRENCY_MAX, `Give a whole number of connections from 1 to ${CAMPAIGN_CONCURRENCY_MAX}.`),
});
export type CampaignInput = z.input<typeof CampaignSchema>;
export type CampaignFields = z.output<typeof CampaignSchema>;

/** "Start from a blog post": the post whose title, excerpt, cover and link fill a new campaign. */
export const CampaignFromPostSchema = z.object({
  post_id: z.coerce.number("Choose a post.").int("Choose a post.").positive("Choose a post.").max(INT4_MAX, "Choose a post."),
});

/** A wall-clock time in the company's zone (Asia/Kathmandu, UTC+05:45 all year), as a datetime-local field gives it. */
export const CampaignScheduleSchema = z.object({
  send_at: wallClockTime("Choose a date and time."),
});

/** What the screen asks the sender to do with a campaign. */
export const CAMPAIGN_ACTIONS = ["send", "unschedule", "pause", "resume"] as const;
export const CampaignActionSchema = z.object({ action: z.enum(CAMPAIGN_ACTIONS, "Choose what to do with the campaign.") });

export const CampaignIdParams = BigserialIdParams;

export interface CampaignProgress {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

export interface CampaignStats extends CampaignProgress {
  unique_opens: number;
  unique_clicks: number;
  unsubscribes: number;
  /** The most clicked links, by how many recipients clicked each. */
  top_links: { url: string; clicks: number }[];
}

export interface CampaignSummary {
  id: number;
  subject: string;
  status: CampaignStatus;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
  stats: CampaignStats;
}

export interface CampaignDetail extends CampaignSummary {
  preheader: string;
  body: string;
  rate_per_minute: number | null;
  concurrency: number;
  created_by: string | null;
  /** The mail as a subscriber will see it (HTML), for the screen's preview. */
  preview_html: string;
}
