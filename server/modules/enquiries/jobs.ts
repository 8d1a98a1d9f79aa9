import { periodicQueue } from "../../jobs/queue";

/** Run at the digest's Kathmandu hour each day; the digest's `runDue` makes sure one instance sends it, once. */
export const INBOX_DIGEST_QUEUE = periodicQueue("inbox-digest");
export const inboxDigestCron = (hour: number) => `0 ${hour} * * *`;
