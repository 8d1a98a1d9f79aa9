import { periodicQueue } from "../../jobs/queue";

/** Each minute: holds that ran out are released, reminders that are due go out. */
export const MEETINGS_MINUTE_QUEUE = periodicQueue("meetings-minute");
export const MEETINGS_MINUTE_CRON = "* * * * *";
