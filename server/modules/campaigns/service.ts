import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AuditTargetNames } from "#contracts/admin-audit.ts";
import type { BlogPost } from "#contracts/blog.ts";
import {
  CAMPAIGN_DEFAULT_CONCURRENCY,
  CAMPAIGN_PREHEADER_MAX,
  type CampaignDetail,
  type CampaignFields,
  type CampaignStats,
  type CampaignSummary,
} from "#contracts/campaigns.ts";
import { queryRows, type Database, type Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { JobQueue } from "../../jobs/queue";
import type { MailOutbox } from "../../mail/outbox";
import { auditIds, recordAudit, type AuditActor } from "../audit/service";
import { NEWSLETTER_QUEUE, NEWSLETTER_START_QUEUE } from "./jobs";
import { prepareCampaign, type PreparedCampaign } from "./render";
import { campaignClicks, campaignRecipients, campaigns } from "./schema";

type CampaignRow = typeof campaigns.$inferSelect;

/** What the newsletter's subscriber list, kept by the enquiries area, offers a campaign. */
export interface NewsletterAudience {
  newsletterAudience(): Promise<{ id: number; email: string }[]>;
  stillSubscribed(ids: number[]): Promise<Set<number>>;
  markBounced(subscriptionId: number, at: Date): Promise<void>;
  unsubscribeLinksOf(subscriptionId: number): { page: string; headers: Record<string, string> };
}

const TOP_LINKS = 5;

const emptyStats = (): CampaignStats => ({
  recipients: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unique_opens: 0,
  unique_clicks: 0,
  unsubscribes: 0,
  top_links: [],
});

/**
 * Newsletters: written and previewed as drafts, sent once to every confirmed subscriber by the
 * newsletter queue, one job a subscriber (./deliver.ts, decision 064), and measured through signed open
 * and click links (decision 043).
 */
export function createCampaignsService(deps: {
  db: Database;
  outbox: MailOutbox;
  jobs: Pick<JobQueue, "add">;
  now: () => Date;
  secretKey: string;
  publicUrl: string;
  audience: NewsletterAudience;
  postById: (id: number) => Promise<BlogPost | null>;
}) {
  const { db, now, audience } = deps;
  const sign = (purpose: string, ...parts: number[]) =>
    createHmac("sha256", deps.secretKey)
      .update(`campaign-${purpose}|${parts.join("|")}`)
      .digest("base64url")
      .slice(0, 22);
  const signedBy = (signature: string, purpose: string, ...parts: number[]) => {
    const expected = Buffer.from(sign(purpose, ...parts));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const api = `${deps.publicUrl}/api/newsletter`;

  /** One recipient's copy of a campaign: links and pixel signed for them, their own unsubscribe link and headers. */
  function mailFor(campaign: Pick<CampaignRow, "id" | "subject">, prepared: PreparedCampaign, recipient: { subscriptionId: number; email: string }) {
    const { id } = campaign;
    const { subscriptionId } = recipient;
    const unsubscribe = audience.unsubscribeLinksOf(subscriptionId);
    const copy = prepared.personalise({
      link: (index) => `${api}/click/${id}/${subscriptionId}/${index}/${sign("click", id, subscriptionId, index)}/`,
      openPixel: `${api}/open/${id}/${subscriptionId}/${sign("open", id, subscriptionId)}/`,
      unsubscribe: unsubscribe.page,
    });
    return { to: recipient.email, subject: campaign.subject, ...copy, headers: unsubscribe.headers };
  }

  /** A copy with plain links and no pixel, as a preview or a test shows it: nothing in it is counted. */
  const untracked = (row: Pick<CampaignRow, "subject" | "preheader" | "body">) =>
    prepareCampaign(row).personalise({ link: (_index, url) => url, unsubscribe: `${deps.publicUrl}/newsletter` });

  async function statsOf(ids: number[]): Promise<Map<number, CampaignStats>> {
    const stats = new Map(ids.map((id) => [id, emptyStats()]));
    if (ids.length === 0) return stats;
    const [counts, links, clicked] = await Promise.all([
      db
        .select({
          id: campaignRecipients.campaignId,
          recipients: sql<number>`count(*)`.mapWith(Number),
          queued: sql<number>`count(*) filter (where ${campaignRecipients.status} in ('queued', 'sending'))`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'sent')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'failed')`.mapWith(Number),
          skipped: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'skipped')`.mapWith(Number),
          opens: sql<number>`count(${campaignRecipients.openedAt})`.mapWith(Number),
          clicks: sql<number>`count(${campaignRecipients.clickedAt})`.mapWith(Number),
          unsubscribes: sql<number>`count(${campaignRecipients.unsubscribedAt})`.mapWith(Number),
        })
        .from(campaignRecipients)
        .where(inArray(campaignRecipients.campaignId, ids))
        .groupBy(campaignRecipients.campaignId),
      db.select({ id: campaigns.id, links: campaigns.links }).from(campaigns).where(inArray(campaigns.id, ids)),
      db
        .select({ id: campaignClicks.campaignId, link: campaignClicks.link, clicks: sql<number>`count(*)`.mapWith(Number) })
        .from(campaignClicks)
        .where(inArray(campaignClicks.campaignId, ids))
        .groupBy(campaignClicks.campaignId, campaignClicks.link)
        .orderBy(sql`count(*) desc`, campaignClicks.link),
    ]);
    for (const row of counts) {
      Object.assign(stats.get(row.id)!, {
        recipients: row.recipients,
        queued: row.queued,
        sent: row.sent,
        failed: row.failed,
        skipped: row.skipped,
        unique_opens: row.opens,
        unique_clicks: row.clicks,
        unsubscribes: row.unsubscribes,
      });
    }
    const linksOf = new Map(links.map((row) => [row.id, row.links]));
    for (const row of clicked) {
      const top = stats.get(row.id)!.top_links;
      const url = linksOf.get(row.id)?.[row.link];
      if (url && top.length < TOP_LINKS) top.push({ url, clicks: row.clicks });
    }
    return stats;
  }

  const summaryOf = (row: CampaignRow, stats: CampaignStats): CampaignSummary => ({
    id: row.id,
    subject: row.subject,
    status: row.status,
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    stats,
  });

  async function find(id: number): Promise<CampaignRow> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw new HttpError(404, "Campaign not found.");
    return row;
  }

  async function detail(row: CampaignRow): Promise<CampaignDetail> {
    const stats = (await statsOf([row.id])).get(row.id)!;
    return {
      ...summaryOf(row, stats),
      preheader: row.preheader,
      body: row.body,
      rate_per_minute: row.ratePerMinute,
      concurrency: row.concurrency,
      created_by: row.createdBy,
      preview_html: untracked(row).html,
    };
  }

  const fieldsOf = (fields: CampaignFields) => ({
    subject: fields.subject,
    preheader: fields.preheader,
    body: fields.body,
    ratePerMinute: fields.rate_per_minute ?? null,
    concurrency: fields.concurrency ?? CAMPAIGN_DEFAULT_CONCURRENCY,
  });

  /**
   * Changes a campaign's state only from the states given, under its row lock; anything else is a 409 with
   * the reason. `then` does what the change causes in the same transaction (it queues the jobs).
   */
  async function move(
    id: number,
    from: CampaignRow["status"][],
    change: Partial<typeof campaigns.$inferInsert>,
    actor: AuditActor,
    action: string,
    then?: (tx: Executor, row: CampaignRow) => Promise<void>,
  ) {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
      if (!current) throw new HttpError(404, "Campaign not found.");
      if (!from.includes(current.status)) throw new HttpError(409, conflictMessage(current.status));
      const [updated] = await tx
        .update(campaigns)
        .set({ ...change, updatedAt: now() })
        .where(eq(campaigns.id, id))
        .returning();
      await recordAudit(tx, actor, action, `campaign:${id}`, { subject: current.subject });
      await then?.(tx, updated!);
      return updated!;
    });
    return detail(row);
  }

  /** Marks a sending campaign sent once no recipient is left to try. */
  async function finishIfDone(id: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`update campaigns set status = 'sent', finished_at = ${now()}, updated_at = ${now()}
        where id = ${id} and status = 'sending'
          and not exists (select 1 from campaign_recipients where campaign_id = ${id} and status in ('queued', 'sending'))
        returning id`,
    );
    return rows.length > 0;
  }

  /** The job that begins a campaign at its time. */
  const queueStart = (tx: Executor, row: CampaignRow) =>
    deps.jobs.add(tx, NEWSLETTER_START_QUEUE.name, [
      { data: { campaignId: row.id }, startAfter: Math.max(0, (row.scheduledAt!.getTime() - now().getTime()) / 1000) },
    ]);

  /**
   * A job for each recipient of a campaign who is still waiting, all due now, or with a speed set, one
   * every 60/speed seconds from now: the queue keeps the pace however many workers take them.
   */
  async function queueRecipients(tx: Executor, row: Pick<CampaignRow, "id" | "ratePerMinute">): Promise<number> {
    const waiting = await queryRows<{ subscription_id: number }>(
      tx,
      sql`select subscription_id from campaign_recipients where campaign_id = ${row.id} and status in ('queued', 'sending') order by subscription_id`,
    );
    const gap = row.ratePerMinute ? 60 / row.ratePerMinute : 0;
    await deps.jobs.add(
      tx,
      NEWSLETTER_QUEUE.name,
      waiting.map(({ subscription_id }, index) => ({
        data: { campaignId: row.id, subscriptionId: Number(subscription_id) },
        ...(gap ? { startAfter: index * gap } : {}),
      })),
    );
    return waiting.length;
  }

  async function create(fields: CampaignFields, actor: AuditActor): Promise<CampaignDetail> {
    const at = now();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(campaigns)
        .values({ ...fieldsOf(fields), createdBy: actor.username, createdAt: at, updatedAt: at })
        .returning();
      await recordAudit(tx, actor, "campaign.created", `campaign:${created!.id}`, { subject: created!.subject });
      return created!;
    });
    return detail(row);
  }

  return {
    mailFor,

    async list(): Promise<CampaignSummary[]> {
      const rows = await db.select().from(campaigns).orderBy(desc(campaigns.updatedAt), desc(campaigns.id));
      const stats = await statsOf(rows.map((row) => row.id));
      return rows.map((row) => summaryOf(row, stats.get(row.id)!));
    },

    get: async (id: number) => detail(await find(id)),

    async progress(id: number): Promise<CampaignStats & { status: CampaignRow["status"] }> {
      const row = await find(id);
      return { status: row.status, ...(await statsOf([id])).get(id)! };
    },

    create,

    /** A draft filled in from a published post: its title, excerpt, cover and a link to read it. */
    async createFromPost(postId: number, actor: AuditActor): Promise<CampaignDetail> {
      const post = await deps.postById(postId);
      if (!post) throw new HttpError(404, "Post not found.");
      const cover = post.image_url ? new URL(post.image_url, deps.publicUrl).href : null;
      const link = `${deps.publicUrl}/blog/${post.id}`;
      const body = [`# ${post.title}`, ...(cover ? [`![${post.title}](${cover})`] : []), post.excerpt, `[Read the full post](${link})`].join("\n\n");
      return create({ subject: post.title, preheader: post.excerpt.slice(0, CAMPAIGN_PREHEADER_MAX), body }, actor);
    },

    /** Only a draft is edited: once scheduled, its words are what subscribers will get. */
    update: (id: number, fields: CampaignFields, actor: AuditActor) => move(id, ["draft"], fieldsOf(fields), actor, "campaign.saved"),

    schedule(id: number, at: Date, actor: AuditActor) {
      if (at.getTime() <= now().getTime()) throw new HttpError(400, "Choose a time in the future.");
      return move(id, ["draft", "scheduled"], { status: "scheduled", scheduledAt: at }, actor, "campaign.scheduled", queueStart);
    },

    /** "Send now": a schedule that is already due. */
    sendNow: (id: number, actor: AuditActor) =>
      move(id, ["draft", "scheduled"], { status: "scheduled", scheduledAt: now() }, actor, "campaign.sent_now", queueStart),
    unschedule: (id: number, actor: AuditActor) => move(id, ["scheduled"], { status: "draft", scheduledAt: null }, actor, "campaign.unscheduled"),
    /** The jobs of a paused campaign send nothing; resuming gives each recipient still waiting a job again. */
    pause: (id: number, actor: AuditActor) => move(id, ["sending"], { status: "paused" }, actor, "campaign.paused"),
    async resume(id: number, actor: AuditActor) {
      const resumed = await move(id, ["paused"], { status: "sending" }, actor, "campaign.resumed", async (tx, row) => void (await queueRecipients(tx, row)));
      if (await finishIfDone(id)) return detail(await find(id));
      return resumed;
    },

    /** Sends the campaign as it stands to the signed-in admin, with plain links: a test is never counted. */
    async sendTest(id: number, actor: AuditActor & { email: string }): Promise<{ message: string }> {
      const row = await find(id);
      const copy = untracked(row);
      await db.transaction(async (tx) => {
        await deps.outbox.enqueue(tx, { to: actor.email, subject: `[Test] ${row.subject}`, text: copy.text, html: copy.html }, now());
        await recordAudit(tx, actor, "campaign.test_sent", `campaign:${id}`, { subject: row.subject });
      });
      return { message: `A test was sent to ${actor.email}.` };
    },

    /**
     * Starts every campaign whose time has come: it moves to `sending` with its recipients (the
     * confirmed subscribers at this moment) and links fixed, in one transaction. Of two instances,
     * the one whose update wins starts it; the other finds it no longer scheduled.
     */
    async startDue(): Promise<number[]> {
      const due = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.status, "scheduled"), sql`${campaigns.scheduledAt} <= ${now()}`));
      const started: number[] = [];
      for (const { id } of due) {
        const subscribers = await audience.newsletterAudience();
        const at = now();
        const began = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(campaigns)
            .set({ status: "sending", startedAt: at, updatedAt: at })
            .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
            .returning();
          if (!row) return false;
          await tx
            .update(campaigns)
            .set({ links: prepareCampaign(row).links })
            .where(eq(campaigns.id, id));
          if (subscribers.length > 0) {
            await tx.execute(sql`
              insert into campaign_recipients (campaign_id, subscription_id, email)
              select ${id}, subscription_id, email
              from unnest(${sql.param(subscribers.map((subscriber) => subscriber.id))}::bigint[], ${sql.param(subscribers.map((subscriber) => subscriber.email))}::text[])
                as subscriber(subscription_id, email)`);
            await queueRecipients(tx, row);
          }
          return true;
        });
        if (!began) continue;
        started.push(id);
        // A campaign with no one to send to is sent at once.
        await finishIfDone(id);
        // The planner's figures still describe the table before thousands of recipients arrived: without
        // fresh ones it marks each mail sent by scanning the campaign's due recipients (2.9 ms a mail on
        // the embedded database) rather than finding the one row by its key (0.9 ms).
        if (subscribers.length > 0) await db.execute(sql`analyze campaign_recipients`);
      }
      return started;
    },

    finishIfDone,

    /**
     * Gives a job to what has none: a scheduled campaign's start, and each recipient still waiting of a
     * campaign being sent (queued before the newsletter queue existed, or in a copy of the database made
     * without its jobs). Run once at start, by one instance at a time.
     */
    async requeueWaiting(): Promise<number> {
      const live = (queue: string, match: SQL) => sql`exists (select from pgboss.job where name = ${queue} and state < 'completed' and ${match})`;
      return db.transaction(async (tx) => {
        const scheduled = await tx
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.status, "scheduled"), sql`not ${live(NEWSLETTER_START_QUEUE.name, sql`(data->>'campaignId')::bigint = ${campaigns.id}`)}`));
        for (const row of scheduled) await queueStart(tx, row);
        const sending = await tx
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.status, "sending"), sql`not ${live(NEWSLETTER_QUEUE.name, sql`(data->>'campaignId')::bigint = ${campaigns.id}`)}`));
        let recipients = 0;
        for (const row of sending) {
          // A recipient whose job is gone is nobody's: its job is the new one.
          await tx.execute(sql`update campaign_recipients set status = 'queued', job_id = null where campaign_id = ${row.id} and status = 'sending'`);
          recipients += await queueRecipients(tx, row);
        }
        return scheduled.length + recipients;
      });
    },

    /** Counts a recipient's first open; a forged or unknown pixel counts nothing. */
    async recordOpen(campaignId: number, subscriptionId: number, signature: string): Promise<boolean> {
      if (!signedBy(signature, "open", campaignId, subscriptionId)) return false;
      const at = now();
      await db
        .update(campaignRecipients)
        .set({ openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${at})` })
        .where(
          and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.subscriptionId, subscriptionId), eq(campaignRecipients.status, "sent")),
        );
      return true;
    },

    /**
     * Where a tracked link leads: one of the links the campaign held when it was sent, by index, and
     * only with the recipient's signature. A click counts as an open too: many readers block images.
     */
    async recordClick(campaignId: number, subscriptionId: number, link: number, signature: string): Promise<string | null> {
      if (!signedBy(signature, "click", campaignId, subscriptionId, link)) return null;
      const [campaign] = await db.select({ links: campaigns.links }).from(campaigns).where(eq(campaigns.id, campaignId));
      const url = campaign?.links[link];
      if (!url) return null;
      const at = now();
      await db.transaction(async (tx) => {
        const [recipient] = await tx
          .update(campaignRecipients)
          .set({ openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${at})`, clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, ${at})` })
          .where(
            and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.subscriptionId, subscriptionId), eq(campaignRecipients.status, "sent")),
          )
          .returning({ id: campaignRecipients.subscriptionId });
        if (!recipient) return;
        await tx
          .insert(campaignClicks)
          .values({ campaignId, subscriptionId, link, firstAt: at })
          .onConflictDoUpdate({
            target: [campaignClicks.campaignId, campaignClicks.subscriptionId, campaignClicks.link],
            set: { clicks: sql`${campaignClicks.clicks} + 1` },
          });
      });
      return url;
    },

    /** An unsubscribe counts against the last campaign the subscriber was sent. */
    async noteUnsubscribe(subscriptionId: number, at: Date): Promise<void> {
      await db.execute(sql`update campaign_recipients set unsubscribed_at = coalesce(unsubscribed_at, ${at})
        where (campaign_id, subscription_id) = (
          select campaign_id, subscription_id from campaign_recipients
          where subscription_id = ${subscriptionId} and status = 'sent' order by sent_at desc limit 1)`);
    },

    /** The newsletters sent in a window, for the dashboard's Communications tab: how many were opened and clicked. */
    async rates(window: { from: Date; to: Date }): Promise<{ sent: number; opened: number; clicked: number }> {
      const [row] = await db
        .select({
          sent: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'sent')`.mapWith(Number),
          opened: sql<number>`count(${campaignRecipients.openedAt})`.mapWith(Number),
          clicked: sql<number>`count(${campaignRecipients.clickedAt})`.mapWith(Number),
        })
        .from(campaignRecipients)
        .where(sql`${campaignRecipients.sentAt} between ${window.from} and ${window.to}`);
      return row ?? { sent: 0, opened: 0, clicked: 0 };
    },

    async auditNames(ids: string[]): Promise<AuditTargetNames> {
      const numbers = auditIds(ids);
      if (numbers.length === 0) return {};
      const rows = await db.select({ id: campaigns.id, subject: campaigns.subject }).from(campaigns).where(inArray(campaigns.id, numbers));
      return Object.fromEntries(rows.map((row) => [row.id, { label: `Campaign: ${row.subject}`, href: `/admin/campaigns/${row.id}` }]));
    },
  };
}

function conflictMessage(status: CampaignRow["status"]): string {
  switch (status) {
    case "draft":
      return "This campaign is a draft: schedule or send it first.";
    case "scheduled":
      return "This campaign is scheduled: take it off the schedule to edit it.";
    case "sending":
      return "This campaign is being sent.";
    case "paused":
      return "This campaign is paused: resume it to go on sending.";
    case "sent":
      return "This campaign has been sent.";
  }
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
