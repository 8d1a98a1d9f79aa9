import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

describe("where a page's copy is kept", () => {
  const { placeOf } = createPageCache();

  it("is one place for an address whatever parameters it carries that the page does not read", () => {
    const keys = new Set(Array.from({ length: 100 }, (_, n) => placeOf(`/blog?utm_source=news${n}&gclid=${n}&x=%00`)?.key));
    expect([...keys]).toEqual(["/blog"]);
    expect(placeOf("/blog/edge-caching?ref=twitter")?.key).toBe("/blog/edge-caching");
    expect(placeOf("/careers?page=9")?.key).toBe("/careers");
  });

  it("keeps a page that loads nothing but the site's words as theirs, and no other page", () => {
    const cache = createPageCache({ sharedPages: ["/contact", "/docs/sdks"] });
    expect(cache.placeOf("/contact?utm_source=news")).toEqual({ area: "content", key: "/contact", misread: [] });
    expect(cache.placeOf("/docs/sdks")?.area).toBe("content");
    expect(cache.placeOf("/signup")).toBeUndefined();
    expect(placeOf("/contact")).toBeUndefined();
  });

  it("is a place of its own for each value of a parameter the page reads, in whatever order they come", () => {
    expect(placeOf("/blog?page=2&category=Cloud&utm=1")?.key).toBe("/blog?category=Cloud&page=2");
    expect(placeOf("/blog?category=Cloud&page=2")?.key).toBe("/blog?category=Cloud&page=2");
    expect(placeOf("/blog?category=AI")?.key).not.toBe(placeOf("/blog?category=Cloud")?.key);
    expect(placeOf("/blog.data?_routes=routes%2Fblog._index&page=3&junk=1")?.key).toBe("/blog.data?_routes=routes%2Fblog._index&page=3");
  });

  it("names the parameters the page reads that hold a value it cannot mean, and leaves them out of the key", () => {
    for (const value of ["abc", "0", "-1", "02", "1e3", "1.5", "100001", "x".repeat(6000), "%ED%A0%80"]) {
      expect(placeOf(`/blog?page=${value}&category=Cloud`), value).toEqual({ area: "blog", key: "/blog?category=Cloud", misread: ["page"] });
    }
    expect(placeOf("/blog?page=2&page=3")?.misread).toEqual(["page"]);
    expect(placeOf(`/blog?category=${"c".repeat(101)}`)?.misread).toEqual(["category"]);
    expect(placeOf("/api/blog/posts/?per_page=51")?.misread).toEqual(["per_page"]);
    expect(placeOf("/blog?page=100000&category=Cloud")?.misread).toEqual([]);
  });

  it("is nowhere for a page that is not kept", () => {
    expect(placeOf("/login?next=/blog")).toBeUndefined();
    expect(placeOf("/api/blog/posts/1/")).toBeUndefined();
  });

  it("is nowhere for a visitor's private conversation, page, data or API", () => {
    for (const address of [
      "/conversation/7-0123456789abcdef0123456789abcdef",
      "/conversation/7-0123456789abcdef0123456789abcdef.data",
      "/api/conversations/7-0123456789abcdef0123456789abcdef/",
    ])
      expect(placeOf(address), address).toBeUndefined();
  });
});

describe("the copies of one page with parameters", () => {
  const copy = (body: string) => ({ headers: [], body: Buffer.from(body), encoding: "identity" as const, encoded: Buffer.from(body) });

  it("are at most the bound, the least recently used going first, and never push out the page without parameters or another page", () => {
    const cache = createPageCache({ maxVariants: 100 });
    cache.put("/blog", "blog", 0, copy("the blog"));
    cache.put("/blog/edge-caching", "blog", 0, copy("a post"));
    cache.put("/blog?category=Cloud", "blog", 0, copy("cloud posts"));
    for (let page = 2; page <= 1500; page++) {
      cache.put(`/blog?page=${page}`, "blog", 0, copy(`page ${page}`));
      if (page % 10 === 0) cache.get("/blog?category=Cloud"); // a variant visitors keep asking for
    }
    expect(cache.stats().entries).toBe(102);
    expect(cache.get("/blog")).toBeDefined();
    expect(cache.get("/blog/edge-caching")).toBeDefined();
    expect(cache.get("/blog?category=Cloud")).toBeDefined();
    expect(cache.get("/blog?page=1500")).toBeDefined();
    expect(cache.get("/blog?page=2")).toBeUndefined();
  });
});
