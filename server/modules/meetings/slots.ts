import { tzOffset } from "@date-fns/tz";
import { COMPANY_TIME_ZONE, MEETING_MINUTES } from "#contracts/meeting-options.ts";
import type { MeetingSettings, Slot } from "#contracts/meetings.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
export const MEETING_MS = MEETING_MINUTES * MINUTE_MS;

export type Availability = Pick<MeetingSettings, "availability" | "minNoticeHours" | "horizonDays" | "bufferMinutes" | "blockedDates">;

/** A booked meeting's time, all the slot computation needs of it. */
export interface Busy {
  startsAt: Date;
  endsAt: Date;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dayIn(at: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) dayFormats.set(zone, (format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return format.format(at);
}

const partsOf = (day: string) => day.split("-").map(Number) as [number, number, number];

/**
 * The instant the wall clock in `zone` shows `minutes` past midnight of `day` (minutes may reach 24:00):
 * the same clock reading in UTC, moved by the zone's offset there, then by its offset at the result in
 * case a change of offset lies between the two.
 */
export function wallTime(day: string, minutes: number, zone: string): Date {
  const [year, month, date] = partsOf(day);
  const asIfUtc = Date.UTC(year, month - 1, date, 0, minutes);
  const guess = asIfUtc - tzOffset(zone, new Date(asIfUtc)) * MINUTE_MS;
  return new Date(asIfUtc - tzOffset(zone, new Date(guess)) * MINUTE_MS);
}

/** The day `n` days after `day`, by the calendar (no zone: a date is a date). */
export function addDays(day: string, n: number): string {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

const weekdayOf = (day: string) => {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
};

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The first instant that may be booked, and the instant from which nothing may (the booking horizon). */
export function bookableSpan(settings: Availability, now: Date): { from: Date; until: Date } {
  return { from: new Date(now.getTime() + settings.minNoticeHours * HOUR_MS), until: new Date(now.getTime() + settings.horizonDays * DAY_MS) };
}

/**
 * Every slot the weekly availability offers between `from` and `until` (starts in that span), booked or
 * not: each window of each company day is cut into meetings from its start, and a blocked company day
 * offers none. Ascending, without duplicates where windows overlap.
 */
export function offeredStarts(settings: Availability, from: Date, until: Date): Date[] {
  if (from >= until) return [];
  const blocked = new Set(settings.blockedDates.map((blockedDate) => blockedDate.date));
  const starts = new Set<number>();
  for (let day = dayIn(from, COMPANY_TIME_ZONE), last = dayIn(until, COMPANY_TIME_ZONE); day <= last; day = addDays(day, 1)) {
    if (blocked.has(day)) continue;
    const weekday = weekdayOf(day);
    for (const window of settings.availability) {
      if (window.weekday !== weekday) continue;
      const end = wallTime(day, minutesOf(window.end), COMPANY_TIME_ZONE).getTime();
      for (let start = wallTime(day, minutesOf(window.start), COMPANY_TIME_ZONE).getTime(); start + MEETING_MS <= end; start += MEETING_MS) {
        if (start >= from.getTime() && start < until.getTime()) starts.add(start);
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => new Date(start));
}

/** Whether a meeting at `start` would come within the buffer of a booked one. */
export function clashes(start: Date, busy: Busy[], bufferMinutes: number): boolean {
  return withoutClashes([start], busy, bufferMinutes).length === 0;
}

/**
 * The starts no booked meeting comes within the buffer of. Both lists are sorted by start, so one
 * pass over each does it: a booking that ends before a start's buffer begins cannot reach a later start.
 */
function withoutClashes(starts: Date[], busy: Busy[], bufferMinutes: number): Date[] {
  const buffer = bufferMinutes * MINUTE_MS;
  const free: Date[] = [];
  let first = 0;
  for (const start of starts) {
    const from = start.getTime() - buffer;
    const until = start.getTime() + MEETING_MS + buffer;
    while (first < busy.length && busy[first]!.endsAt.getTime() <= from) first++;
    let clash = false;
    // Meetings do not overlap one another, so past the first that could reach, only those starting before `until` matter.
    for (let next = first; next < busy.length && busy[next]!.startsAt.getTime() < until; next++) {
      if (busy[next]!.endsAt.getTime() > from) {
        clash = true;
        break;
      }
    }
    if (!clash) free.push(start);
  }
  return free;
}

/** The span of instants that make up `days` calendar days from `fromDay` in `zone`. */
export function daysSpan(fromDay: string, days: number, zone: string): { from: Date; until: Date } {
  return { from: wallTime(fromDay, 0, zone), until: wallTime(addDays(fromDay, days), 0, zone) };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * The day (YYYY-MM-DD) and the time ("9:30 AM") each of `starts` (ascending) shows in `zone`, from the
 * zone's offset rather than a formatting of each: a month of slots is a thousand instants, and formatting
 * them one by one took most of the request. The offset is read at the first and last start of each stretch
 * of under a day; where the two differ (the clocks change that day), it is read at each start of it.
 */
export function localDaysAndClocks(starts: Date[], zone: string): { day: string; label: string }[] {
  const local: { day: string; label: string }[] = [];
  for (let first = 0; first < starts.length;) {
    let last = first;
    while (last + 1 < starts.length && starts[last + 1]!.getTime() - starts[first]!.getTime() < DAY_MS) last++;
    const offset = tzOffset(zone, starts[first]!);
    const steady = offset === tzOffset(zone, starts[last]!);
    for (let index = first; index <= last; index++) {
      const at = starts[index]!;
      const clock = new Date(at.getTime() + (steady ? offset : tzOffset(zone, at)) * MINUTE_MS);
      const hour = clock.getUTCHours();
      local.push({
        day: clock.toISOString().slice(0, 10),
        label: `${hour % 12 || 12}:${twoDigits(clock.getUTCMinutes())} ${hour < 12 ? "AM" : "PM"}`,
      });
    }
    first = last + 1;
  }
  return local;
}

/**
 * The free slots of `days` days from `fromDay` in the visitor's `zone`: what the weekly availability
 * offers in that span, after the notice and before the horizon, that no booking (with its buffer) takes.
 */
export function freeSlots(input: { settings: Availability; now: Date; fromDay: string; days: number; zone: string; busy: Busy[] }): Slot[] {
  const { settings, zone } = input;
  const asked = daysSpan(input.fromDay, input.days, zone);
  const bookable = bookableSpan(settings, input.now);
  const from = new Date(Math.max(asked.from.getTime(), bookable.from.getTime()));
  const until = new Date(Math.min(asked.until.getTime(), bookable.until.getTime()));
  const free = withoutClashes(offeredStarts(settings, from, until), input.busy, settings.bufferMinutes);
  const local = localDaysAndClocks(free, zone);
  return free.map((start, index) => ({
    start: start.toISOString(),
    end: new Date(start.getTime() + MEETING_MS).toISOString(),
    ...local[index]!,
  }));
}
