import { mayTrack } from "#contracts/consent.ts";

/**
 * The visitor's cookie choices, kept in this browser only (never sent to us), and the one place that
 * decides whether anything may track them (`consentsTo`). Essential cookies are not a choice;
 * Analytics and Marketing are allowed until the visitor blocks them, and start Blocked in a browser
 * that asks not to be tracked (Global Privacy Control, Do Not Track) unless the visitor allows them.
 */
export interface CookieChoices {
  analytics: boolean;
  marketing: boolean;
}

export const DEFAULT_COOKIE_CHOICES: CookieChoices = { analytics: true, marketing: true };

/** What "Reject All" chooses. */
export const REJECTED_COOKIE_CHOICES: CookieChoices = { analytics: false, marketing: false };

/** Whether the browser says its user does not want to be tracked. */
function asksNotToBeTracked(): boolean {
  if (typeof navigator === "undefined") return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

export const COOKIE_CHOICES_KEY = "himaltech.cookie-choices";

/** localStorage, or nothing when there is none (server rendering) or it is refused (some private modes). */
function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** What the visitor chose and kept in this browser, category by category. */
function savedChoices(): Partial<CookieChoices> {
  try {
    const saved = JSON.parse(storage()?.getItem(COOKIE_CHOICES_KEY) ?? "null") as Partial<CookieChoices> | null;
    return {
      analytics: typeof saved?.analytics === "boolean" ? saved.analytics : undefined,
      marketing: typeof saved?.marketing === "boolean" ? saved.marketing : undefined,
    };
  } catch {
    return {};
  }
}

export function readCookieChoices(): CookieChoices {
  const saved = savedChoices();
  return { analytics: mayTrack(saved.analytics, asksNotToBeTracked()), marketing: mayTrack(saved.marketing, asksNotToBeTracked()) };
}

/** Whether this visitor lets the site use a category of cookies and tracking: every tracking call asks here. */
export const consentsTo = (category: keyof CookieChoices): boolean => mayTrack(savedChoices()[category], asksNotToBeTracked());

/** Whether the visitor allowed a category themselves (which the server honours even where the browser asks not to be tracked). */
export const choseToAllow = (category: keyof CookieChoices): boolean => savedChoices()[category] === true;

export function saveCookieChoices(choices: CookieChoices): void {
  try {
    storage()?.setItem(COOKIE_CHOICES_KEY, JSON.stringify({ analytics: choices.analytics, marketing: choices.marketing }));
  } catch {
    // A full or refused storage keeps today's choices for this page only; nothing else to do.
  }
}
