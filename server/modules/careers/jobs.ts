import { periodicQueue } from "../../jobs/queue";

/** Each hour: applications past their retention are deleted (./retention.ts). */
export const APPLICATION_RETENTION_QUEUE = periodicQueue("application-retention");
export const APPLICATION_RETENTION_CRON = "0 * * * *";
