import { periodicQueue } from "../../jobs/queue";

/** Each minute: drafts scheduled for a time that has come are published. */
export const CONTENT_PUBLISH_QUEUE = periodicQueue("content-publish");
export const CONTENT_PUBLISH_CRON = "* * * * *";
