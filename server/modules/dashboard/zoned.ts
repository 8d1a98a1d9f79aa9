const MINUTE_MS = 60 * 1000;
const UNIT_MS = { hour: 60 * MINUTE_MS, day: 24 * 60 * MINUTE_MS } as const;
/**
 * A step of one unit and this much past a period's start lands inside the next period: a day is 23 to
 * 25 hours long where clocks change, an hour is always one (a clock change skips or repeats whole ones).
 */
const PAST_NEXT_START_MS = { hour: 30 * MINUTE_MS, day: 2 * 60 * MINUTE_MS } as const;

/** How far a time zone's clock is ahead of UTC at an instant, in ms (Intl names it, e.g. "GMT+05:45"). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? "");
  if (!match) return 0; // "GMT": the zone is on UTC
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * MINUTE_MS;
}

/** The instant the zone's calendar hour or day holding `at` began. */
export function zonedStart(at: Date, unit: keyof typeof UNIT_MS, timeZone: string): Date {
  const offset = zoneOffsetMs(timeZone, at);
  const local = Math.floor((at.getTime() + offset) / UNIT_MS[unit]) * UNIT_MS[unit];
  // The offset at the start itself, should a clock change fall between it and `at`.
  return new Date(local - zoneOffsetMs(timeZone, new Date(local - offset)));
}

/**
 * The starts of the periods that cover [from, to), cut at the zone's hours or midnights: the first
 * starts at `from` and the last ends at `to`, so either may be shorter than the rest.
 */
export function zonedPeriods(from: Date, to: Date, unit: keyof typeof UNIT_MS, timeZone: string): Date[] {
  const after = (start: Date) => zonedStart(new Date(start.getTime() + UNIT_MS[unit] + PAST_NEXT_START_MS[unit]), unit, timeZone);
  const starts = [from];
  for (let next = after(zonedStart(from, unit, timeZone)); next < to; next = after(next)) starts.push(next);
  return starts;
}
