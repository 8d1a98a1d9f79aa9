import { useSyncExternalStore } from "react";

/** Where a signed-in account's tokens live in the browser (the spec's names). */
export const ACCESS_KEY = "accessToken";
export const REFRESH_KEY = "refreshToken";

const CHANGED = "account-session-changed";

/** Whether this browser holds an account session; false where storage is missing or refused. */
export function hasAccountSession(): boolean {
  try {
    return Boolean(localStorage.getItem(ACCESS_KEY) || localStorage.getItem(REFRESH_KEY));
  } catch {
    return false;
  }
}

/** Tells the parts of the page that show the session (the header) that this tab signed in or out. */
export function announceAccountSession(): void {
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(CHANGED, callback);
  window.addEventListener("storage", callback); // another tab signed in or out
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener("storage", callback);
  };
}

/**
 * Whether an account is signed in here. The server and the first render say no (pages are the same
 * for every visitor); the answer comes once the page is live.
 */
export function useAccountSignedIn(): boolean {
  return useSyncExternalStore(subscribe, hasAccountSession, () => false);
}
