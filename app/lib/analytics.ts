import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { choseToAllow, consentsTo } from "./cookie-consent";

/** Analytics as the visitor chose on the cookie policy page, or as their browser asks (cookie-consent.ts). */
export const trackingAllowed = (): boolean => consentsTo("analytics");

/** A beacon survives the page being closed and never delays navigation; fetch with keepalive where there is none. */
function beacon(url: string, payload: object) {
  const body = JSON.stringify(choseToAllow("analytics") ? { ...payload, chosen: true } : payload);
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
