import { beforeEach, describe, expect, it, vi } from "vitest";
import { reportPageView } from "./analytics";
import { consentsTo, COOKIE_CHOICES_KEY, readCookieChoices, saveCookieChoices } from "./cookie-consent";

beforeEach(() => localStorage.clear());

describe("cookie choices", () => {
  it("allow Analytics and Marketing until the visitor saves otherwise", () => {
    expect(readCookieChoices()).toEqual({ analytics: true, marketing: true });
    saveCookieChoices({ analytics: false, marketing: true });
    expect(readCookieChoices()).toEqual({ analytics: false, marketing: true });
  });

  it("fall back to the defaults when what is stored is not readable", () => {
    localStorage.setItem(COOKIE_CHOICES_KEY, "{not json");
    expect(readCookieChoices()).toEqual({ analytics: true, marketing: true });
    localStorage.setItem(COOKIE_CHOICES_KEY, JSON.stringify({ analytics: "no" }));
    expect(readCookieChoices()).toEqual({ analytics: true, marketing: true });
  });

  it("start Blocked in a browser sending Global Privacy Control, until the visitor allows them", () => {
    Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true });
    try {
      expect(readCookieChoices()).toEqual({ analytics: false, marketing: false });
      expect(consentsTo("analytics")).toBe(false);
      saveCookieChoices({ analytics: true, marketing: false });
      expect(consentsTo("analytics")).toBe(true);
    } finally {
      Object.defineProperty(navigator, "globalPrivacyControl", { value: undefined, configurable: true });
    }
  });

  it("stop page views from being reported while Analytics is Blocked", () => {
    const beacon = vi.fn().mockReturnValue(true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    reportPageView("/one");
    expect(beacon).toHaveBeenCalledTimes(1);
    saveCookieChoices({ analytics: false, marketing: true });
    reportPageView("/two");
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
