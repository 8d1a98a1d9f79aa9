import pino from "pino";
import { deliverNewsletter } from "../../server/modules/campaigns/deliver";
import { NEWSLETTER_QUEUE, NEWSLETTER_START_QUEUE } from "../../server/modules/campaigns/jobs";
import type { MailTransport } from "../../server/mail/transport";
import type { TestContext } from "./app";

/**
 * The newsletter queues of a test app, as the site's background work runs them (server/background.ts),
 * sending through `transport` on the app's clock.
 */
export function testNewsletters(t: TestContext, transport: MailTransport) {
  const log = pino({ level: "silent" });
  t.app.jobs.handle(NEWSLETTER_START_QUEUE.name, async () => void (await t.app.services.campaigns.startDue()));
  const deliver = deliverNewsletter({
    db: t.database.db,
    service: t.app.services.campaigns,
    audience: t.app.services.enquiries,
    transport,
    from: "HimalTech <news@himaltech.com.np>",
    messageIdDomain: "himaltech.test",
    log,
    now: () => t.clock.now,
  });
  t.app.jobs.handle(NEWSLETTER_QUEUE.name, deliver);
  return {
    /** The queue's handler itself, for a test to hand a job of its making (one tried again under its own id). */
    deliver,
    /** Starts the campaigns that are due and sends every mail that is due, the job queue's clock having caught up with the app's. */
    async runOnce() {
      await t.catchUpJobClock();
      await t.app.jobs.drain(NEWSLETTER_START_QUEUE.name);
      return t.app.jobs.drain(NEWSLETTER_QUEUE.name);
    },
  };
}
