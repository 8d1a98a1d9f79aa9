/**
 * The visitor's cookie choices, kept in this browser only (never sent to us). Essential cookies are
 * not a choice; Analytics and Marketing are allowed until the visitor blocks them.
 */
export interface CookieChoices {
  analytics: boolean;
  marketing: boolean;
}

export const DEFAULT_COOKIE_CHOICES: CookieChoices = { analytics: true, marketing: true };

export const COOKIE_CHOICES_KEY = "himaltech.cookie-choices";

/** localStorage, or nothing when there is none (server rendering) or it is refused (some private modes). */
function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readCookieChoices(): CookieChoices {
  try {
    const saved = JSON.parse(storage()?.getItem(COOKIE_CHOICES_KEY) ?? "null") as Partial<CookieChoices> | null;
    return {
      analytics: typeof saved?.analytics === "boolean" ? saved.analytics : DEFAULT_COOKIE_CHOICES.analytics,
      marketing: typeof saved?.marketing === "boolean" ? saved.marketing : DEFAULT_COOKIE_CHOICES.marketing,
    };
  } catch {
    return { ...DEFAULT_COOKIE_CHOICES };
  }
}

export function saveCookieChoices(choices: CookieChoices): void {
  try {
    storage()?.setItem(COOKIE_CHOICES_KEY, JSON.stringify({ analytics: choices.analytics, marketing: choices.marketing }));
  } catch {
    // A full or refused storage keeps today's choices for this page only; nothing else to do.
  }
}
