import { createHash, createHmac } from "node:crypto";
import { isbot } from "isbot";
import type { Database } from "../../db/client";
import { pageViews, siteEvents, type SiteEventKind } from "./schema";

export interface PageViewInput {
  path: string;
  referrer?: string;
  userAgent: string;
  ip: string;
  /** The site's own host, so internal navigation is not counted as a referrer. */
  host: string;
}

export interface SiteEventInput {
  kind: SiteEventKind;
  path: string;
  label: string;
  userAgent: string;
  ip: string;
}

const pathOnly = (path: string) => path.split("?")[0]!.split("#")[0]!;

export function deviceOf(userAgent: string): "mobile" | "desktop" {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? "mobile" : "desktop";
}

export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname;
    return host && host !== ownHost.replace(/:\d+$/, "") ? host : null;
  } catch {
    return null;
  }
}

export function createAnalyticsService(deps: { db: Database; secretKey: string; now: () => Date }) {
  /** The salt changes every UTC day, so a visitor cannot be followed from one day to the next. */
  const visitorHash = (ip: string, userAgent: string) => {
    const day = deps.now().toISOString().slice(0, 10);
    const salt = createHmac("sha256", deps.secretKey).update(`visitor-salt|${day}`).digest();
    return createHash("sha256").update(salt).update(`${ip}|${userAgent}`).digest("base64url").slice(0, 22);
  };

  return {
    /** Stores a page view; returns false when it was not counted (crawlers). */
    async recordPageView(input: PageViewInput): Promise<boolean> {
      if (isbot(input.userAgent)) return false;
      await deps.db.insert(pageViews).values({
        path: pathOnly(input.path),
        referrerHost: referrerHost(input.referrer, input.host),
        device: deviceOf(input.userAgent),
        visitorHash: visitorHash(input.ip, input.userAgent),
        createdAt: deps.now(),
      });
      return true;
    },

    /** Stores a call-to-action click or an assistant question; returns false when it was not counted (crawlers). */
    async recordSiteEvent(input: SiteEventInput): Promise<boolean> {
      if (isbot(input.userAgent)) return false;
      await deps.db.insert(siteEvents).values({
        kind: input.kind,
        path: pathOnly(input.path),
        label: input.label,
        device: deviceOf(input.userAgent),
        visitorHash: visitorHash(input.ip, input.userAgent),
        createdAt: deps.now(),
      });
      return true;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
