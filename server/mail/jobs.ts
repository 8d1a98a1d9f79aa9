import type { QueueDefinition } from "../jobs/queue";

/** Attempts at a mail before it counts as failed. */
export const MAIL_ATTEMPTS = 10;

/**
 * One job a mail. A refused mail is tried again after 10 s, 20 s, 40 s … at most an hour apart; the mail
 * of a worker that stopped (its heartbeat silent for 10 s) is offered to another within about half a
 * minute, and any mail still unsent after two minutes, twice the SMTP transport's longest wait.
 */
export const MAIL_QUEUE: QueueDefinition = {
  name: "mail",
  queue: { retryLimit: MAIL_ATTEMPTS - 1, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120, heartbeatSeconds: 10, notify: true },
  work: { batchSize: 10, pollingIntervalSeconds: 1 },
};
