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

/** A beacon survives the page being closed and never delays navigation; fetch with keepalive where there is none. */
function beacon(url: string, payload: object) {
  const body = JSON.stringify(payload);
  if (!navigator.sendBeacon?.(url, body)) {
    void fetch(url, { method: "POST", body, keepalive: true, headers: { "content-type": "text/plain" } }).catch(() => {});
  }
}

/** Staff screens and the account page are not site content: visits to them would only blur the figures. */
const PRIVATE_PATHS = /^\/(admin-login|adminPanel|admin|postblog|dashboard)(\/|$)/;

export function reportPageView(path: string, referrer?: string) {
  if (!trackingAllowed() || PRIVATE_PATHS.test(path)) return;
  beacon("/api/analytics/pageview", { path, ...(referrer ? { referrer } : {}) });
}

/** The site's calls to action: a click on a link to one of these pages counts as a CTA click. */
const CTA_PATHS = new Set(["/getStarted", "/talktoexpert", "/discussProject", "/cta"]);

function reportCtaClick(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || !trackingAllowed()) return;
  const target = new URL(link.href, location.href);
  const destination = target.pathname.replace(/\/+$/, "") || "/";
  if (target.origin !== location.origin || !CTA_PATHS.has(destination)) return;
  beacon("/api/events/", { kind: "cta_click", path: location.pathname, label: destination });
}

/**
 * Reports the first page and every client-side navigation after it, once each, and every click on a
 * call to action: one listener on the document sees them all, whichever component drew the link.
 */
export function usePageViews() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    reportPageView(pathname, first.current ? document.referrer : undefined);
    first.current = false;
  }, [pathname]);
  useEffect(() => {
    document.addEventListener("click", reportCtaClick, { capture: true });
    return () => document.removeEventListener("click", reportCtaClick, { capture: true });
  }, []);
}
