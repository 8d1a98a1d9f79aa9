import pino from "pino";
import { MAIL_QUEUE } from "../../server/mail/jobs";
import { deliverMail } from "../../server/mail/outbox";
import { createMailTransport } from "../../server/mail/transport";
import { JOB_CLOCK_AHEAD_MS, type TestContext } from "./app";

/** The mail queue of a test app, sending through a local SMTP sink on the app's clock; `close` lets the connection go. */
export function testOutbox(t: TestContext, smtpUrl: string) {
  const log = pino({ level: "silent" });
  const transport = createMailTransport({ smtpUrl, dataDir: "/nonexistent", log });
  t.app.jobs.handle(
    MAIL_QUEUE.name,
    deliverMail({ db: t.database.db, transport, from: "HimalTech <hello@himaltech.com.np>", messageIdDomain: "test", log, now: () => t.clock.now }),
  );
  return {
    /** Sends every mail that is due at the app's time now; resolves with how many were tried. */
    async runOnce() {
      const appTime = t.clock.now.getTime() + JOB_CLOCK_AHEAD_MS;
      if (appTime > t.jobClock.now()) await t.jobClock.setTime(appTime);
      return t.app.jobs.drain(MAIL_QUEUE.name);
    },
    async close() {
      transport.close();
    },
  };
}
