import { z } from "./zod";

/**
 * The first and last day a date the site is sent may name. Every real date (a filter, a closing day, a
 * meeting, a send time) falls between; past them a day's arithmetic leaves the years a date can be written
 * in (`9999-12-31` and a day is no date at all) and PostgreSQL's `date` and `timestamp` ranges.
 */
export const EARLIEST_DAY = "2000-01-01";
export const LATEST_DAY = "2100-12-31";
const OUT_OF_RANGE = `Use a date between ${EARLIEST_DAY} and ${LATEST_DAY}.`;

/** Piped after the format's check, so a text that is no date at all is told only how to write one. */
const withinRange = (dayOf: (text: string) => string) => z.string().refine((text) => dayOf(text) >= EARLIEST_DAY && dayOf(text) <= LATEST_DAY, OUT_OF_RANGE);

/** A day on the calendar (YYYY-MM-DD) within the site's years; `message` says how to write one. */
export const calendarDay = (message: string) => z.iso.date(message).pipe(withinRange((day) => day));

/** A wall-clock time (YYYY-MM-DDTHH:MM, as a datetime-local field gives it) that exists, within the site's years. */
export const wallClockTime = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, message)
    .pipe(z.iso.datetime({ local: true, message }))
    .pipe(withinRange((time) => time.slice(0, 10)));
