import { CAMPAIGN_CONCURRENCY_MAX } from "#contracts/campaigns.ts";
import type { QueueDefinition } from "../../jobs/queue";

/** Tries at one subscriber's mail before they count as failed. */
export const NEWSLETTER_ATTEMPTS = 5;

/**
 * A campaign begins at its time: one job, queued with the schedule and due then. A campaign whose
 * schedule changed meanwhile is not due, and the job does nothing; the new schedule has its own.
 */
export const NEWSLETTER_START_QUEUE: QueueDefinition = {
  name: "newsletter-start",
  queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 2 },
};

/**
 * One job a subscriber of a campaign being sent (decision 064). A refused mail is tried again after
 * about 10 s, 20 s, 40 s …; the job of a worker that stopped (no heartbeat for 10 s) goes to another.
 * The queue allows a few more tries than the mail does, so that stopped workers never use up a mail's.
 */
export const NEWSLETTER_QUEUE: QueueDefinition = {
  name: "newsletter",
  queue: {
    retryLimit: NEWSLETTER_ATTEMPTS + 3,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 3600,
    heartbeatSeconds: 10,
    expireInSeconds: 300,
  },
  // As many mails at once as the fastest campaign may have connections; each campaign keeps to its own number.
  // While batches come back full the worker takes the next at once: waiting out the polling interval
  // between them held a newsletter to batchSize × localConcurrency mails a second (200).
  work: { batchSize: 20, localConcurrency: CAMPAIGN_CONCURRENCY_MAX, pollingIntervalSeconds: 1, burstWhenBatchFull: true },
};

/** On the embedded database, in the web process: one mail at a time, with a rest after each (at most 50 a second). */
export const EMBEDDED_NEWSLETTER_WORK: QueueDefinition["work"] = { batchSize: 10, localConcurrency: 1, pollingIntervalSeconds: 1 };
export const EMBEDDED_NEWSLETTER_REST_MS = 20;
