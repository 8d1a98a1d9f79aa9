import pino from "pino";
import { createOutboxWorker } from "../../server/mail/outbox";
import { createMailTransport } from "../../server/mail/transport";
import type { TestContext } from "./app";

/** The outbox of a test app, sending through a local SMTP sink on the app's clock; `close` stops both. */
export function testOutbox(t: TestContext, smtpUrl: string) {
  const log = pino({ level: "silent" });
  const transport = createMailTransport({ smtpUrl, dataDir: "/nonexistent", log });
  const worker = createOutboxWorker({
    db: t.database.db,
    transport,
    from: "HimalTech <hello@himaltech.com.np>",
    messageIdDomain: "test",
    log,
    now: () => t.clock.now,
  });
  return {
    runOnce: () => worker.runOnce(),
    async close() {
      await worker.stop();
      transport.close();
    },
  };
}
