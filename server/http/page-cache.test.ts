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

  it("is a place of its own for each value of a parameter the page reads, in whatever order they come", () => {
    expect(placeOf("/blog?page=2&category=Cloud&utm=1")?.key).toBe("/blog?category=Cloud&page=2");
    expect(placeOf("/blog?category=Cloud&page=2")?.key).toBe("/blog?category=Cloud&page=2");
    expect(placeOf("/blog?category=AI")?.key).not.toBe(placeOf("/blog?category=Cloud")?.key);
    expect(placeOf("/blog.data?_routes=routes%2Fblog._index&page=3&junk=1")?.key).toBe("/blog.data?_routes=routes%2Fblog._index&page=3");
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
