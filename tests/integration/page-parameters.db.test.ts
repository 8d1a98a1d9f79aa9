import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/app";

/**
 * A kept public list reads a few parameters (decision 028); a value it cannot mean is refused by the
 * list's schema and kept nowhere, and the valid values of one list are kept in bounded number, so a
 * stream of made-up addresses costs no copies and pushes no real page out. The pages' side is in
 * tests/site/page-parameters.site.test.ts, which needs the site's build.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("the blog list's parameters", () => {
  it("keeps no copy for 300 spellings of a page number the pager never writes, and the real list stays kept", async () => {
    expect((await get("/api/blog/posts/")).statusCode).toBe(200);
    const kept = t.app.pageCache.stats().entries;
    for (let n = 0; n < 300; n++) {
      const value = [`0${n}`, `${n}e0`, `0x${n.toString(16)}`, `+${n}`, `abc${n}`][n % 5]!;
      expect((await get(`/api/blog/posts/?page=${encodeURIComponent(value)}`)).statusCode, value).toBeLessThan(500);
    }
    expect(t.app.pageCache.stats().entries).toBe(kept);
    expect(t.app.pageCache.get("/api/blog/posts/")).toBeDefined();
  });

  it("keeps at most a hundred of its valid variants, and the list without parameters among them", async () => {
    await get("/api/blog/posts/");
    for (let page = 1; page <= 150; page++) expect((await get(`/api/blog/posts/?page=${page}`)).statusCode).toBe(200);
    expect(t.app.pageCache.stats().entries).toBeLessThanOrEqual(101);
    expect(t.app.pageCache.get("/api/blog/posts/")).toBeDefined();
    expect(t.app.pageCache.get("/api/blog/posts/?page=150")).toBeDefined();
  });
});
