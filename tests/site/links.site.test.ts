import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ seed: true });
});
afterAll(() => site.stop());

/** Every href in a page's server-rendered HTML that stays on this site, without its fragment. */
function internalLinks(html: string, pageUrl: string, origin: string): string[] {
  const links: string[] = [];
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const decoded = href!.replaceAll("&amp;", "&");
    if (/^(mailto|tel|javascript):/i.test(decoded)) continue;
    const url = new URL(decoded, pageUrl);
    if (url.origin !== origin) continue;
    url.hash = "";
    links.push(url.pathname + url.search);
  }
  return links;
}

describe("links", () => {
  it("no link on any page reachable from the home page leads to a missing page", async () => {
    const origin = new URL(site.url).origin;
    const seen = new Set<string>(["/"]);
    const queue = ["/"];
    const broken: string[] = [];
    const referrers = new Map<string, string>();
    while (queue.length > 0) {
      const path = queue.shift()!;
      const response = await fetch(`${site.url}${path}`, { redirect: "follow" });
      if (response.status === 404) {
        broken.push(`${path} (linked from ${referrers.get(path)})`);
        continue;
      }
      expect(response.status, `${path} (linked from ${referrers.get(path)})`).toBeLessThan(500);
      if (!response.headers.get("content-type")?.includes("text/html")) continue;
      // Only pages of this site are crawled further (a redirect may have left it).
      if (new URL(response.url).origin !== origin) continue;
      for (const link of internalLinks(await response.text(), response.url, origin)) {
        if (seen.has(link)) continue;
        seen.add(link);
        referrers.set(link, path);
        queue.push(link);
      }
    }
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  });
});
