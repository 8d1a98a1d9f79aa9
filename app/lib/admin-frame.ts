import { useSyncExternalStore } from "react";
import { useMatches, useRouteError, type UIMatch } from "react-router";

export const adminPageMeta = (title: string) => [{ title: `${title} | HimalTech admin` }, { name: "robots", content: "noindex,nofollow" }];

/** What a loader throws for a screen outside the admin's role; the admin layout's error boundary shows it in the admin frame (AdminProblem). */
export const NOT_PERMITTED_PAGE = "not_permitted";

/**
 * A route module's `handle` saying that its page is drawn in the admin frame (side navigation and
 * top bar) instead of the public site's header and footer. A function decides from the route's data,
 * for a page shared with visitors (/dashboard is an admin's or an account's).
 */
export interface FrameHandle {
  adminFrame: boolean | ((data: unknown) => boolean);
}

const inAdminFrame = (match: UIMatch) => {
  const frame = (match.handle as Partial<FrameHandle> | undefined)?.adminFrame;
  return typeof frame === "function" ? frame(match.data) : frame === true;
};

/** Whether the page being shown is an admin screen; an error page is the public site's. */
export function useAdminFrame(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  return !error && matches.some(inAdminFrame);
}

/**
 * Whether this browser has an admin signed in, for the public header. The session cookie is out of
 * the page's reach (httpOnly), and pages are the same for everyone, so the admin frame leaves this
 * mark in storage while it is shown and Sign out takes it away; a session that ran out meanwhile
 * leaves it behind, and its link then leads to the admin login.
 */
const ADMIN_MARK = "adminSignedIn";
const CHANGED = "admin-presence-changed";

export function markAdminPresence(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(ADMIN_MARK, "1");
    else localStorage.removeItem(ADMIN_MARK);
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // Storage refused: the header keeps offering Sign In, nothing else depends on it.
  }
}

function hasAdminPresence(): boolean {
  try {
    return localStorage.getItem(ADMIN_MARK) === "1";
  } catch {
    return false;
  }
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(CHANGED, callback);
  window.addEventListener("storage", callback);
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener("storage", callback);
  };
}

/** Like `useAccountSignedIn`: false on the server and in the first render, the browser's answer once the page is live. */
export function useAdminSignedIn(): boolean {
  return useSyncExternalStore(subscribe, hasAdminPresence, () => false);
}
