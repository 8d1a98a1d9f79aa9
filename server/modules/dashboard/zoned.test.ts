import { describe, expect, it } from "vitest";
import { zonedPeriods, zonedStart, zoneOffsetMs } from "./zoned";

const KATHMANDU = "Asia/Kathmandu";

describe("periods in the company's time zone", () => {
  it("read Kathmandu as 5 h 45 min ahead of UTC, and UTC as no offset", () => {
    expect(zoneOffsetMs(KATHMANDU, new Date("2026-11-24T18:20:00Z"))).toBe((5 * 60 + 45) * 60_000);
    expect(zoneOffsetMs("UTC", new Date("2026-11-24T18:20:00Z"))).toBe(0);
  });

  it("start a Kathmandu day at 18:15 UTC the evening before, and an hour at a quarter past", () => {
    expect(zonedStart(new Date("2026-11-24T18:20:00Z"), "day", KATHMANDU).toISOString()).toBe("2026-11-24T18:15:00.000Z");
    expect(zonedStart(new Date("2026-11-24T18:10:00Z"), "day", KATHMANDU).toISOString()).toBe("2026-11-23T18:15:00.000Z");
    expect(zonedStart(new Date("2026-11-24T18:20:00Z"), "hour", KATHMANDU).toISOString()).toBe("2026-11-24T18:15:00.000Z");
  });

  it("cover a week with a partial first day, the whole days, and today so far", () => {
    const to = new Date("2026-11-24T18:20:00Z"); // 00:05 on 25 November in Kathmandu
    const starts = zonedPeriods(new Date(to.getTime() - 7 * 86_400_000), to, "day", KATHMANDU).map((start) => start.toISOString());
    expect(starts).toHaveLength(8);
    expect(starts[0]).toBe("2026-11-17T18:20:00.000Z");
    expect(starts[1]).toBe("2026-11-18T18:15:00.000Z");
    expect(starts.at(-1)).toBe("2026-11-24T18:15:00.000Z");
  });

  it("cut across a daylight-saving change at the zone's own midnights", () => {
    const starts = zonedPeriods(new Date("2026-03-28T12:00:00Z"), new Date("2026-03-31T12:00:00Z"), "day", "Europe/Berlin").map((s) => s.toISOString());
    expect(starts).toEqual(["2026-03-28T12:00:00.000Z", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z", "2026-03-30T22:00:00.000Z"]);
  });
});

describe("hours in the company's time zone", () => {
  it("cover a day with 25 periods: the partial hour it starts in, whole hours, and the hour so far", () => {
    const to = new Date("2026-06-15T12:00:00Z");
    const starts = zonedPeriods(new Date(to.getTime() - 86_400_000), to, "hour", KATHMANDU).map((start) => start.toISOString());
    expect(starts).toHaveLength(25);
    expect(starts.slice(0, 3)).toEqual(["2026-06-14T12:00:00.000Z", "2026-06-14T12:15:00.000Z", "2026-06-14T13:15:00.000Z"]);
    expect(starts.at(-1)).toBe("2026-06-15T11:15:00.000Z");
  });
});
