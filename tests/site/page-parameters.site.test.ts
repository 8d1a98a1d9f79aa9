import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "../helpers/site";

/**
 * Strange input where the pages meet it, served from the build as `npm start` serves them: a Host header
 * that names no host, and a parameter a kept page reads holding a value it cannot mean. Neither is
 * rendered; the second is sent to the page itself, and costs no copy in the page cache.
 */

let site: TestSite;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMITS: "off" } });
});
afterAll(() => site.stop());

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: "GET", url, headers });

describe("a page asked for with a Host header that names no host", () => {
  it.each(["a b", "[::1", "a@b", ":"])("%j is a 400, not a failed rendering", async (host) => {
    for (const url of ["/", "/blog", "/careers", "/about"]) {
      const response = await get(url, { host });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe("a page number the blog cannot mean", () => {
  it("sends the visitor to the page without it, keeping the category", async () => {
    const response = await get("/blog?page=abc&category=Cloud&utm_source=news");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/blog?category=Cloud");
    expect((await get("/blog?page=0")).headers.location).toBe("/blog");
  });

  it("costs no rendering and no copy 1,500 times over, and the blog stays kept", async () => {
    expect((await get("/blog")).statusCode).toBe(200);
    const kept = site.app.pageCache.stats().entries;
    expect(site.app.pageCache.get("/blog")).toBeDefined();
    for (let n = 0; n < 1500; n++) {
      const value = n % 2 === 0 ? `x${n}${"y".repeat(n % 7 === 0 ? 6000 : 8)}` : `-${n}`;
      const response = await get(`/blog?page=${value}`);
      expect(response.statusCode, value.slice(0, 40)).toBe(301);
    }
    expect(site.app.pageCache.stats().entries).toBe(kept);
    expect(site.app.pageCache.get("/blog")).toBeDefined();
    expect((await get("/blog?page=2")).statusCode).toBe(200);
  });
});
