import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPANY_TIME_ZONE, isTimeZone, SPEC_TIME_ZONES } from "./meeting-options";

describe("isTimeZone", () => {
  afterEach(() => vi.restoreAllMocks());

  it("knows the site's own zones without making a date formatter, whose first loads the browser's locale data", () => {
    const formatter = vi.spyOn(Intl, "DateTimeFormat");
    for (const zone of [COMPANY_TIME_ZONE, ...SPEC_TIME_ZONES.map(({ zone }) => zone)]) expect(isTimeZone(zone)).toBe(true);
    expect(formatter).not.toHaveBeenCalled();
  });

  it("asks the runtime about any other zone, and refuses one it does not know", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
