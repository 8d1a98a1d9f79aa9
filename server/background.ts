import { CAMPAIGN_CONCURRENCY_MAX } from "#contracts/campaigns.ts";
import type { App } from "./app";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { PLANNER_STATISTICS_CRON, PLANNER_STATISTICS_QUEUE, refreshPlannerStatistics } from "./db/statistics";
import { MAIL_QUEUE } from "./mail/jobs";
import { deliverMail, requeueWaitingMail } from "./mail/outbox";
import { createMailTransport } from "./mail/transport";
import { deliverNewsletter, type NewsletterJob } from "./modules/campaigns/deliver";
import { EMBEDDED_NEWSLETTER_REST_MS, EMBEDDED_NEWSLETTER_WORK, NEWSLETTER_QUEUE, NEWSLETTER_START_QUEUE } from "./modules/campaigns/jobs";
import { APPLICATION_RETENTION_CRON, APPLICATION_RETENTION_QUEUE } from "./modules/careers/jobs";
import { CONTENT_PUBLISH_CRON, CONTENT_PUBLISH_QUEUE } from "./modules/content/jobs";
import { INBOX_DIGEST_QUEUE, inboxDigestCron } from "./modules/enquiries/jobs";
import { MEETINGS_MINUTE_CRON, MEETINGS_MINUTE_QUEUE } from "./modules/meetings/jobs";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The site's background work as jobs of the queue: mail, newsletters, the inbox digest, meeting
 * reminders, retention and statistics. The same in the web process on the embedded database and in
 * `npm run worker` beside PostgreSQL (decisions 061 and 064). `start` begins taking jobs; `stop` lets go
 * of the mail connections once the job queue has stopped with the app.
 */
export async function createBackgroundWork(app: App, config: Config, database: DatabaseHandle) {
  const { services, jobs } = app;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log, publicUrl: config.publicUrl });
  const messageIdDomain = new URL(config.publicUrl).hostname;
  jobs.handle(
    MAIL_QUEUE.name,
    deliverMail({ db: database.db, transport, from: config.mailFrom, messageIdDomain, log: app.log, onFailure: app.metrics.mailFailed }),
  );
  jobs.handle(INBOX_DIGEST_QUEUE.name, async () => void (await services.inboxDigest.runDue()));
  jobs.schedule(INBOX_DIGEST_QUEUE.name, inboxDigestCron(config.inboxDigestHour));
  jobs.handle(MEETINGS_MINUTE_QUEUE.name, () => services.meetings.everyMinute());
  jobs.schedule(MEETINGS_MINUTE_QUEUE.name, MEETINGS_MINUTE_CRON);
  jobs.handle(CONTENT_PUBLISH_QUEUE.name, async () => {
    for (const type of await services.siteContent.publishDue()) app.log.info({ type }, "scheduled content published");
  });
  jobs.schedule(CONTENT_PUBLISH_QUEUE.name, CONTENT_PUBLISH_CRON);
  jobs.handle(APPLICATION_RETENTION_QUEUE.name, async () => void (await services.applicationRetention.sweep()));
  jobs.schedule(APPLICATION_RETENTION_QUEUE.name, APPLICATION_RETENTION_CRON);
  if (database.kind === "pglite") {
    jobs.handle(PLANNER_STATISTICS_QUEUE.name, () => refreshPlannerStatistics(database, app.log));
    jobs.schedule(PLANNER_STATISTICS_QUEUE.name, PLANNER_STATISTICS_CRON);
  }

  // Newsletters keep their connections open from one mail to the next.
  const campaignTransport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log, pool: CAMPAIGN_CONCURRENCY_MAX });
  jobs.handle<{ campaignId: number }>(NEWSLETTER_START_QUEUE.name, async () => {
    for (const id of await services.campaigns.startDue()) app.log.info({ campaignId: id }, "newsletter sending began");
  });
  const deliver = deliverNewsletter({
    db: database.db,
    service: services.campaigns,
    audience: services.enquiries,
    transport: campaignTransport,
    from: config.mailFrom,
    messageIdDomain,
    log: app.log,
  });
  if (database.kind === "pglite") {
    // In the web process, beside visitors: at a modest, even pace (decision 064).
    jobs.handle<NewsletterJob>(
      NEWSLETTER_QUEUE.name,
      async (job) => {
        await deliver(job);
        await delay(EMBEDDED_NEWSLETTER_REST_MS);
      },
      EMBEDDED_NEWSLETTER_WORK,
    );
  } else jobs.handle(NEWSLETTER_QUEUE.name, deliver);

  return {
    async start() {
      const requeued = await database.exclusively(() => requeueWaitingMail(database.db, jobs));
      if (requeued > 0) app.log.info(`${requeued} waiting mail(s) queued again`);
      const newsletters = await database.exclusively(() => services.campaigns.requeueWaiting());
      if (newsletters > 0) app.log.info(`${newsletters} newsletter start(s) and recipient(s) queued again`);
      // The planner's statistics as the server starts, then every six hours.
      if (database.kind === "pglite") await jobs.add(database.db, PLANNER_STATISTICS_QUEUE.name, [{}]);
      await jobs.start();
    },
    async stop() {
      transport.close();
      campaignTransport.close();
    },
  };
}
