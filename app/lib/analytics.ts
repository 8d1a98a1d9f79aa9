import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { readCookieChoices } from "./cookie-consent";

/**
 * Visitors who ask not to be tracked are not: Do Not Track, Global Privacy Control and Analytics
 * set to Blocked on the cookie policy page are honoured.
 */
export function trackingAllowed(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack !== "1" && nav.globalPrivacyControl !== true && readCookieChoices().analytics;
}

export function reportPageView(path: string, referrer?: string) {
  if (!trackingAllowed()) return;
  const body = JSON.stringify({ path, ...(referrer ? { referrer } : {}) });
  // A beacon survives the page being closed and never delays navigation.
  if (!navigator.sendBeacon?.("/api/analytics/pageview", body)) {
    void fetch("/api/analytics/pageview", { method: "POST", body, keepalive: true, headers: { "content-type": "text/plain" } }).catch(() => {});
  }
}

/** Reports the first page and every client-side navigation after it, once each. */
export function usePageViews() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    reportPageView(pathname, first.current ? document.referrer : undefined);
    first.current = false;
  }, [pathname]);
}
