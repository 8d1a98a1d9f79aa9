// Every job queue of the product; each area defines its own next to its code, as schema.ts gathers the tables.
import { MAIL_QUEUE } from "../mail/jobs";
import { NEWSLETTER_QUEUE, NEWSLETTER_START_QUEUE } from "../modules/campaigns/jobs";
import { APPLICATION_RETENTION_QUEUE } from "../modules/careers/jobs";
import { CONTENT_PUBLISH_QUEUE } from "../modules/content/jobs";
import { INBOX_DIGEST_QUEUE } from "../modules/enquiries/jobs";
import { MEETINGS_MINUTE_QUEUE } from "../modules/meetings/jobs";
import { PLANNER_STATISTICS_QUEUE } from "./statistics";

export const jobQueues = [
  MAIL_QUEUE,
  NEWSLETTER_START_QUEUE,
  NEWSLETTER_QUEUE,
  INBOX_DIGEST_QUEUE,
  MEETINGS_MINUTE_QUEUE,
  APPLICATION_RETENTION_QUEUE,
  CONTENT_PUBLISH_QUEUE,
  PLANNER_STATISTICS_QUEUE,
];
