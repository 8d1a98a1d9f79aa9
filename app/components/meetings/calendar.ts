import { isTimeZone, SPEC_TIME_ZONES } from "#contracts/meeting-options.ts";
import { ctaBlock } from "#app/content/contact.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { shortMonthDay, weekdayMonthDay } from "#app/lib/spelled.ts";

/**
 * Calendar days as "YYYY-MM-DD" strings, the way the slots API names them: a day is a name, not a
 * moment, so arithmetic on it runs in UTC where no clock ever changes.
 */
const atNoonUtc = (day: string) => new Date(`${day}T12:00:00Z`);

export const isCalendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(atNoonUtc(value).getTime());

export const addDays = (day: string, days: number) => new Date(atNoonUtc(day).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The calendar day it is at `at` in `zone`. */
export function dayIn(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The spec's days, Monday to Thursday, with their weekday numbers (0 is Sunday). */
export const MEETING_DAYS = ctaBlock.bookMeeting.days.map((name, index) => ({ name, weekday: index + 1, key: name.toLowerCase() }));

/** The first `weekday` on or after `from`, `weeks` weeks later. */
export function nextWeekday(from: string, weekday: number, weeks = 0): string {
  const ahead = (weekday - atNoonUtc(from).getUTCDay() + 7) % 7;
  return addDays(from, ahead + 7 * weeks);
}

/** The dates of the day buttons: each the next such day from `today`, `weeks` weeks on. */
export const weekDates = (today: string, weeks: number) => MEETING_DAYS.map(({ weekday }) => nextWeekday(today, weekday, weeks));

/** Whether the week `weeks` from now has a day the booking horizon still reaches. */
export const weekOpen = (today: string, weeks: number, lastDay: string | undefined) =>
  lastDay === undefined || weekDates(today, weeks).some((day) => day <= lastDay);

/** "Nov 30" for a button, "Monday, November 30" in a sentence. */
export const shortDate = (day: string) => shortMonthDay(atNoonUtc(day));
export const longDate = (day: string) => weekdayMonthDay(atNoonUtc(day));

/** A day the visitor asked for by its name ("monday") or its date, or else the first meeting day from today. */
export function requestedDay(value: string | null, today: string): string {
  const named = MEETING_DAYS.find(({ key }) => key === value);
  if (named) return nextWeekday(today, named.weekday);
  if (value && isCalendarDay(value) && value >= today) return value;
  return weekDates(today, 0).sort()[0]!;
}

export interface ZoneOption {
  label: string;
  zone: string;
}

/** The zones offered: the visitor's own first when it is none of the spec's three. */
export function zoneOptions(detected: string | undefined): ZoneOption[] {
  const spec = SPEC_TIME_ZONES.map(({ label, zone }) => ({ label, zone }));
  return detected && isTimeZone(detected) && !spec.some(({ zone }) => zone === detected)
    ? [{ label: meetingCopy.yourZone(detected), zone: detected }, ...spec]
    : spec;
}

export const DEFAULT_ZONE = SPEC_TIME_ZONES[0].zone;

/** A zone named in a link, or the default one. */
export const zoneOrDefault = (value: string | null | undefined) => (value && isTimeZone(value) ? value : DEFAULT_ZONE);

/** The short name a zone goes by in the select ("EST"), or its IANA name. */
export const zoneLabel = (zone: string) => SPEC_TIME_ZONES.find((option) => option.zone === zone)?.label ?? zone;

/**
 * A link the API gave as an address on the site (built from its public URL, for mail) kept on the
 * site the visitor is on: the same path, whatever the host.
 */
export function sitePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
