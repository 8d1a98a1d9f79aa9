import { describe, expect, it } from "vitest";
import { formatPostDate } from "./format";
import { blogListPath, pageWindow, totalPages } from "./paging";

describe("pageWindow", () => {
  it("shows every page when there are at most 5", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows pages 1–5 while the current page is 3 or less", () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the last five when the current page is within 2 of the end", () => {
    expect(pageWindow(7, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(4, 6)).toEqual([2, 3, 4, 5, 6]);
  });

  it("centres the current page otherwise", () => {
    expect(pageWindow(4, 9)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 9)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(50, 100)).toEqual([48, 49, 50, 51, 52]);
  });

  it("follows the spec's order where two rules could apply: pages 1–5 first", () => {
    // Current page 3 of 6 is both "3 or less" and "within 2 of the end": the first rule wins.
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5]);
    // Exactly 2 from the end of a longer list, and exactly 3 from it (which centres).
    expect(pageWindow(8, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
    // Of 7 pages, page 4 is past "3 or less" and 3 from the end, so it centres; page 5 is within 2 of the end.
    expect(pageWindow(4, 7)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(5, 7)).toEqual([3, 4, 5, 6, 7]);
  });

  it("never shows more than 5 buttons, a page outside 1..total, or the same page twice", () => {
    for (let total = 0; total <= 30; total++) {
      for (let current = 1; current <= Math.max(total, 1); current++) {
        const window = pageWindow(current, total);
        expect(window.length).toBe(Math.min(total, 5));
        expect(new Set(window).size).toBe(window.length);
        expect(window.every((page) => page >= 1 && page <= total)).toBe(true);
        if (total > 0) expect(window).toContain(current);
        expect(window).toEqual([...window].sort((a, b) => a - b));
      }
    }
  });

  it("shows nothing when there are no pages", () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("totalPages", () => {
  it("is count divided by page size, rounded up", () => {
    expect([0, 1, 3, 4, 9, 10].map((count) => totalPages(count, 3))).toEqual([0, 1, 1, 2, 3, 4]);
  });
});

describe("blogListPath", () => {
  it("leaves page 1 and All out of the address and encodes the category", () => {
    expect(blogListPath(undefined, 1)).toBe("/blog");
    expect(blogListPath(undefined, 2)).toBe("/blog?page=2");
    expect(blogListPath("Data Science", 3)).toBe("/blog?category=Data+Science&page=3");
    expect(new URL(blogListPath("नेपाल & AI", 1), "https://x").searchParams.get("category")).toBe("नेपाल & AI");
  });
});

describe("formatPostDate", () => {
  it("writes the long US form in UTC whatever the time of day", () => {
    expect(formatPostDate("2026-01-05T00:30:00.000Z")).toBe("January 5, 2026");
    expect(formatPostDate("2026-01-05T23:59:59.000Z")).toBe("January 5, 2026");
    expect(formatPostDate("2025-12-31T12:00:00.000Z")).toBe("December 31, 2025");
    expect(formatPostDate("not a date")).toBe("");
  });
});
