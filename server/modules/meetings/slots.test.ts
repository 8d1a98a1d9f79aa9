import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "./service";
import { freeSlots, localDaysAndClocks, type Busy } from "./slots";

/** Long before the days asked about, so neither notice nor horizon trims them unless a test says so. */
const LONG_BEFORE = new Date("2026-02-20T00:00:00Z");
const settings = { ...DEFAULT_SETTINGS, horizonDays: 365 };

const slotsOf = (fromDay: string, zone: string, options: { now?: Date; busy?: Busy[]; settings?: typeof settings; days?: number } = {}) =>
  freeSlots({ settings: options.settings ?? settings, now: options.now ?? LONG_BEFORE, fromDay, days: options.days ?? 1, zone, busy: options.busy ?? [] });

describe("free slots", () => {
  it("cuts Kathmandu's working hours into half hours that start at a quarter past the UTC hour", () => {
    const monday = slotsOf("2026-03-02", "Asia/Kathmandu");
    expect(monday).toHaveLength(16);
    expect(monday[0]).toEqual({ start: "2026-03-02T03:15:00.000Z", end: "2026-03-02T03:45:00.000Z", label: "9:00 AM", day: "2026-03-02" });
    expect(monday.at(-1)).toMatchObject({ start: "2026-03-02T10:45:00.000Z", label: "4:30 PM" });
    expect(slotsOf("2026-03-02", "UTC")[0]).toMatchObject({ label: "3:15 AM", day: "2026-03-02" });
  });

  it("offers nothing on a day with no availability, nor on a blocked date", () => {
    expect(slotsOf("2026-03-06", "Asia/Kathmandu")).toEqual([]); // a Friday
    expect(slotsOf("2026-03-01", "Asia/Kathmandu")).toEqual([]); // a Sunday
    const blocked = { ...settings, blockedDates: [{ date: "2026-03-03", note: "Holi" }] };
    expect(slotsOf("2026-03-03", "Asia/Kathmandu", { settings: blocked })).toEqual([]);
    expect(slotsOf("2026-03-04", "Asia/Kathmandu", { settings: blocked })).toHaveLength(16);
  });

  it("follows New York across the March change to daylight saving time", () => {
    // Kathmandu's Monday 9:00 is Sunday evening in New York: 10:15 PM in winter, 11:15 PM once clocks go forward on 8 March.
    expect(slotsOf("2026-03-01", "America/New_York").map((slot) => slot.label)).toEqual(["10:15 PM", "10:45 PM", "11:15 PM", "11:45 PM"]);
    const changeDay = slotsOf("2026-03-08", "America/New_York");
    expect(changeDay.map((slot) => slot.label)).toEqual(["11:15 PM", "11:45 PM"]);
    expect(changeDay[0]!.start).toBe("2026-03-09T03:15:00.000Z");
    // The slots a New York Monday holds are the rest of Kathmandu's Monday, shown an hour later than a week before.
    expect(slotsOf("2026-03-02", "America/New_York")[0]!.label).toBe("12:15 AM");
    expect(slotsOf("2026-03-09", "America/New_York")[0]!.label).toBe("12:15 AM");
    expect(slotsOf("2026-03-09", "America/New_York").at(-1)!.label).toBe("11:45 PM");
  });

  it("follows New York across the November change back to standard time, on its 25-hour day", () => {
    expect(slotsOf("2026-10-25", "America/New_York").map((slot) => slot.label)).toEqual(["11:15 PM", "11:45 PM"]);
    const changeDay = slotsOf("2026-11-01", "America/New_York");
    expect(changeDay.map((slot) => slot.label)).toEqual(["10:15 PM", "10:45 PM", "11:15 PM", "11:45 PM"]);
    expect(changeDay[0]!.start).toBe("2026-11-02T03:15:00.000Z");
  });

  it("keeps the minimum notice and the booking horizon", () => {
    // 8:00 on Monday in Kathmandu: twelve hours' notice leaves nothing that day.
    const mondayMorning = new Date("2026-03-02T02:15:00Z");
    expect(slotsOf("2026-03-02", "Asia/Kathmandu", { now: mondayMorning })).toEqual([]);
    expect(slotsOf("2026-03-03", "Asia/Kathmandu", { now: mondayMorning })).toHaveLength(16);
    const week = { ...settings, horizonDays: 7, minNoticeHours: 0 };
    const fortnight = slotsOf("2026-03-02", "Asia/Kathmandu", { now: mondayMorning, settings: week, days: 14 });
    expect(new Set(fortnight.map((slot) => slot.day))).toEqual(new Set(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]));
  });

  it("leaves out booked slots and those within the buffer around them", () => {
    const busy = [{ startsAt: new Date("2026-03-02T05:15:00Z"), endsAt: new Date("2026-03-02T05:45:00Z") }];
    const labels = (buffer: number) =>
      slotsOf("2026-03-02", "Asia/Kathmandu", { busy, settings: { ...settings, bufferMinutes: buffer } }).map((slot) => slot.label);
    expect(labels(0)).not.toContain("11:00 AM");
    expect(labels(0)).toContain("10:30 AM");
    expect(labels(0)).toContain("11:30 AM");
    expect(labels(15)).not.toContain("10:30 AM");
    expect(labels(15)).not.toContain("11:30 AM");
    expect(labels(15)).toContain("10:00 AM");
  });
});

describe("a slot's local day and time", () => {
  /** What the browser's own formatting says, the reference the arithmetic must agree with. */
  const byIntl = (at: Date, zone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "numeric",
        minute: "2-digit",
        hourCycle: "h12",
      })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    );
    return { day: `${parts.year}-${parts.month}-${parts.day}`, label: `${parts.hour}:${parts.minute} ${parts.dayPeriod}` };
  };

  it("agrees with the zone's own clock every half hour of a month, across changes of clock and odd offsets", () => {
    for (const [zone, from] of [
      ["America/New_York", "2026-10-20T00:00:00Z"],
      ["America/New_York", "2027-03-01T00:00:00Z"],
      ["Europe/London", "2026-10-10T00:00:00Z"],
      ["Australia/Lord_Howe", "2026-09-20T00:00:00Z"],
      ["Asia/Kathmandu", "2026-11-01T00:00:00Z"],
      ["Pacific/Chatham", "2027-03-20T00:00:00Z"],
    ] as const) {
      const starts = Array.from({ length: 31 * 48 }, (_, n) => new Date(Date.parse(from) + n * 30 * 60_000));
      expect(localDaysAndClocks(starts, zone), zone).toEqual(starts.map((start) => byIntl(start, zone)));
    }
  });
});
