import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Database } from "../../db/client";
import type { JobHandler } from "../../jobs/queue";
import type { MailTransport } from "../../mail/transport";
import { NEWSLETTER_ATTEMPTS } from "./jobs";
import { prepareCampaign, type PreparedCampaign } from "./render";
import { campaigns } from "./schema";
import type { CampaignsService, NewsletterAudience } from "./service";

export interface NewsletterJob {
  campaignId: number;
  subscriptionId: number;
}

type Campaign = typeof campaigns.$inferSelect;

/**
 * Sends one subscriber their copy of a campaign: the newsletter queue's handler (decision 064). The job
 * first takes the recipient's row, which only a waiting row of a campaign being sent allows, or the row
 * this same job took before its worker stopped; so a second job for the same recipient, a paused
 * campaign or a mail already sent sends nothing. A refusal is thrown, so the queue tries again later;
 * after the last attempt, or at once for a permanent refusal, the row says failed. Every try sends the
 * same Message-ID, so a receiving server that got a copy before a crash can tell the next is the same.
 */
export function deliverNewsletter(options: {
  db: Database;
  service: Pick<CampaignsService, "mailFor" | "finishIfDone">;
  audience: Pick<NewsletterAudience, "stillSubscribed" | "markBounced">;
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}): JobHandler<NewsletterJob> {
  const { db, service, log } = options;
  const now = options.now ?? (() => new Date());
  /** A campaign's words are fixed once it is sent, so each is read and rendered once. */
  const rendered = new Map<number, Promise<{ campaign: Campaign; prepared: PreparedCampaign }>>();
  const campaignOf = (id: number) => {
    let entry = rendered.get(id);
    if (!entry) {
      entry = db
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, id))
        .then(([campaign]) => ({ campaign: campaign!, prepared: prepareCampaign(campaign!) }));
      entry.catch(() => rendered.delete(id));
      rendered.set(id, entry);
    }
    return entry;
  };
  const connections = connectionsPerCampaign();

  return async (job) => {
    const { campaignId, subscriptionId } = job.data;
    const [recipient] = await queryRows<{ email: string; attempts: number }>(
      db,
      sql`update campaign_recipients set status = 'sending', job_id = ${job.id}
        where campaign_id = ${campaignId} and subscription_id = ${subscriptionId}
          and (status = 'queued' or (status = 'sending' and job_id = ${job.id}))
          and exists (select from campaigns where id = ${campaignId} and status = 'sending')
        returning email, attempts`,
    );
    if (!recipient) {
      // A paused campaign: a row this job held (between two tries) waits again, for the job resuming gives it.
      await db.execute(sql`update campaign_recipients set status = 'queued', job_id = null
        where campaign_id = ${campaignId} and subscription_id = ${subscriptionId} and status = 'sending' and job_id = ${job.id}`);
      return;
    }
    const attempts = recipient.attempts + 1;
    const settle = async (change: ReturnType<typeof sql>) => {
      await db.execute(sql`update campaign_recipients set ${change}, attempts = ${attempts}, job_id = null
        where campaign_id = ${campaignId} and subscription_id = ${subscriptionId} and job_id = ${job.id}`);
      if (await service.finishIfDone(campaignId)) {
        rendered.delete(campaignId);
        log.info({ campaignId }, "newsletter sent");
      }
    };

    // Whoever unsubscribed or bounced since sending began gets nothing more.
    if (!(await options.audience.stillSubscribed([subscriptionId])).has(subscriptionId)) return settle(sql`status = 'skipped'`);
    const { campaign, prepared } = await campaignOf(campaignId);
    const mail = service.mailFor(campaign, prepared, { subscriptionId, email: recipient.email });
    try {
      await connections.use(campaignId, campaign.concurrency, () =>
        options.transport.send({
          messageId: `<campaign-${campaignId}-${subscriptionId}@${options.messageIdDomain}>`,
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        }),
      );
    } catch (error) {
      const { responseCode, command, message } = error as { responseCode?: number; command?: string; message?: string };
      const reason = (message ?? String(error)).slice(0, 1000);
      const permanent = (responseCode ?? 0) >= 500;
      if (permanent && command === "RCPT TO") await options.audience.markBounced(subscriptionId, now());
      if (permanent || attempts >= NEWSLETTER_ATTEMPTS) {
        log.warn({ campaignId, subscriptionId, err: reason }, "newsletter failed for good");
        return settle(sql`status = 'failed', last_error = ${reason}`);
      }
      await db.execute(sql`update campaign_recipients set attempts = ${attempts}, last_error = ${reason}
        where campaign_id = ${campaignId} and subscription_id = ${subscriptionId} and job_id = ${job.id}`);
      throw error;
    }
    await settle(sql`status = 'sent', sent_at = ${now()}, last_error = null`);
  };
}

/** At most a campaign's own number of mails at once in this process: the connections staff chose for it. */
function connectionsPerCampaign() {
  const inUse = new Map<number, number>();
  const waiting = new Map<number, (() => void)[]>();
  return {
    async use<T>(campaignId: number, limit: number, send: () => Promise<T>): Promise<T> {
      while ((inUse.get(campaignId) ?? 0) >= limit) {
        const queue = waiting.get(campaignId) ?? [];
        waiting.set(campaignId, queue);
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      inUse.set(campaignId, (inUse.get(campaignId) ?? 0) + 1);
      try {
        return await send();
      } finally {
        inUse.set(campaignId, inUse.get(campaignId)! - 1);
        waiting.get(campaignId)?.shift()?.();
      }
    },
  };
}
