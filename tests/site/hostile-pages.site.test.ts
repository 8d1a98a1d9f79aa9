import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { encode, hostileHost, hostileQuery, hostileSegment, RUNS, textWithNul } from "../integration/support/hostile";
import { startSite, type TestSite } from "../helpers/site";

/**
 * Every page of the route table, server-rendered with hostile ids in its address and hostile query
 * strings: a page may say "not found" or show its error state, but never answer with a 5xx.
 */

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ seed: true, env: { RATE_LIMITS: "off" } });
});
afterAll(() => site.stop());

/** The route table's paths, nested routes joined to their parents. */
function pagePaths(entries: { path?: string; index?: boolean; children?: unknown[] }[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [path, ...pagePaths((entry.children ?? []) as typeof entries, path)];
  });
}

const paths = pagePaths(routes as never).map((path) => (path === "/*" ? "/no-such-page/*" : path));

describe("hostile page addresses", () => {
  it("reads every page of the route table", () => {
    expect(paths).toEqual(expect.arrayContaining(["/", "/blog/:id", "/careers/apply/:id", "/reset-password/:uid/:token", "/newsletter/unsubscribe/:token"]));
  });

  it("renders each with hostile ids and query strings without a 5xx", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const pattern of paths) {
      const outcome = await fc.check(
        fc.asyncProperty(
          fc.array(hostileSegment, { minLength: 4, maxLength: 4 }),
          fc.option(hostileQuery(["page", "category", "id", "token", "email", "day", "tz", "from", "to", "reschedule", "q"])),
          async (segments, query) => {
            let next = 0;
            const path = pattern.replace(/:\w+|\*/g, () => segments[next++]!);
            const response = await site.app.inject({ method: "GET", url: `${path}${query ? `?${query}` : ""}`, headers: { accept: "text/html" } });
            tried++;
            expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed) failures.push(`${pattern} ${JSON.stringify(outcome.counterexample).slice(0, 300)}: ${String(outcome.errorInstance).slice(0, 300)}`);
    }
    console.info(`hostile page addresses: ${tried} over ${paths.length} pages`);
    expect(failures).toEqual([]);
  });

  it("answers a NUL in any page's path or query, and in its data request, with a 400 before its loader runs", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const pattern of paths) {
      const outcome = await fc.check(
        fc.asyncProperty(textWithNul, fc.constantFrom("path", "query"), fc.boolean(), async (text, where, data) => {
          const inPath = where === "path" && /[:*]/.test(pattern);
          const path = pattern.replace(/:\w+|\*/g, () => (inPath ? encode(text) : "1"));
          const query = inPath ? "" : `?q=${encode(text)}`;
          // React Router's data request for the page: /blog.data, and /_root.data for the home page.
          const url = data ? `${path === "/" ? "/_root" : path}.data${query}` : `${path}${query}`;
          const response = await site.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
          expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(400);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed) failures.push(`${pattern} ${JSON.stringify(outcome.counterexample).slice(0, 200)}: ${String(outcome.errorInstance).slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers every page, and its data request, with a 400 when the Host header names no host", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const pattern of paths) {
      const path = pattern.replace(/:\w+|\*/g, "1");
      const outcome = await fc.check(
        fc.asyncProperty(hostileHost, fc.boolean(), async (host, data) => {
          const url = data ? `${path === "/" ? "/_root" : path}.data` : path;
          const response = await site.app.inject({ method: "GET", url, headers: { accept: "text/html", host } });
          expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(400);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (outcome.failed) failures.push(`${pattern} ${JSON.stringify(outcome.counterexample).slice(0, 200)}: ${String(outcome.errorInstance).slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers a data request for a page (React Router's .data) with hostile ids without a 5xx", async () => {
    for (const segment of ["%00", "%E0%A4%A", encode("\ud800"), "x".repeat(201), "-1", "1e999"]) {
      for (const page of ["/blog", "/careers/apply"]) {
        const response = await site.app.inject({ method: "GET", url: `${page}/${segment}.data` });
        expect(response.statusCode, `${page}/${segment}.data`).toBeLessThan(500);
      }
    }
  });
});
