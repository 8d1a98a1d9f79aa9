import { describe, expect, it } from "vitest";
import { periodLabel } from "./parts";

describe("trend labels", () => {
  it("name the Kathmandu day and hour a period starts in, not the UTC ones", () => {
    // 18:15 UTC on 24 November is midnight starting 25 November in Kathmandu.
    expect(periodLabel("2026-11-24T18:15:00.000Z", "day")).toBe("Nov 25");
    expect(periodLabel("2026-11-24T18:14:00.000Z", "day")).toBe("Nov 24");
    expect(periodLabel("2026-11-24T18:15:00.000Z", "hour")).toBe("00:00");
  });
});
