import { describe, expect, it } from "vitest";
import { shortMonthDay, spelledDate, weekdayMonthDay, withThousands } from "./spelled";

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

describe("dates and counts spelled without Intl", () => {
  it("spell every day from 1999 to 2041 as en-US does, at any hour of the day in UTC", () => {
    const long = utc({ dateStyle: "long" });
    const short = utc({ month: "short", day: "numeric" });
    const withWeekday = utc({ weekday: "long", month: "long", day: "numeric" });
    for (let at = Date.UTC(1999, 0, 1); at < Date.UTC(2041, 0, 1); at += 86_400_000) {
      for (const moment of [new Date(at), new Date(at + 86_399_999)]) {
        expect(spelledDate(moment)).toBe(long.format(moment));
        expect(shortMonthDay(moment)).toBe(short.format(moment));
        expect(weekdayMonthDay(moment)).toBe(withWeekday.format(moment));
      }
    }
  });

  it("group a count's thousands as en-US does", () => {
    for (const count of [0, 7, 999, 1000, 1234, 99_999, 100_000, 1_234_567, -1234, Number.MAX_SAFE_INTEGER])
      expect(withThousands(count)).toBe(count.toLocaleString("en-US"));
  });
});
