import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileDate, hostileHost, textWithLoneSurrogate } from "../integration/support/hostile";
import type { ServerProcess } from "../helpers/site";
import { FULL, newDataDir, recordFigures, startServer } from "./support/site";

/**
 * Strange input against the built server in its own process, through Node's own HTTP parser as a
 * visitor's bytes arrive: Host headers that name no host, dates far in the future and the past, half of a
 * character in a form's JSON, and a stream of made-up blog page numbers. None may answer 5xx, and the
 * page numbers must cost neither renderings nor copies in the page cache.
 */

const METRICS_TOKEN = "verify-metrics-token-0123456789-abcdefgh";
const SAMPLES = FULL ? 200 : 20;
const BAD_PAGES = 1500;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ dataDir: await newDataDir(), env: { METRICS_TOKEN } });
});
afterAll(() => server.stop("SIGKILL"));

/** A GET with the Host header as given, which fetch() would not send. */
function getWithHost(path: string, host: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, path, method: "GET", setHost: false, headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function pageCacheHits(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^page_cache_lookups_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

const statuses = new Map<number, number>();
const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

describe("strange input to the built server", () => {
  it("answers Host headers that name no host with 400, on pages and calls", async () => {
    for (const host of fc.sample(hostileHost, SAMPLES)) {
      for (const path of ["/", "/blog", "/careers", "/api/csrf/"]) {
        const status = await getWithHost(path, host);
        count(status);
        expect(status, `${path} with Host ${JSON.stringify(host)}`).toBe(400);
      }
    }
  });

  it("answers far-off dates below 500, and those outside 2000–2100 with 400", async () => {
    for (const from of fc.sample(hostileDate, SAMPLES)) {
      const response = await fetch(`${server.url}/api/meetings/slots/?from=${encodeURIComponent(from)}&days=31&tz=UTC`);
      count(response.status);
      expect(response.status, from).toBeLessThan(500);
      if (/^\d{4}-\d{2}-\d{2}$/.test(from) && (from < "2000-01-01" || from > "2100-12-31")) expect(response.status, from).toBe(400);
    }
  });

  it("answers half of a character in a form's JSON with 400", async () => {
    for (const name of fc.sample(textWithLoneSurrogate, SAMPLES)) {
      const response = await fetch(`${server.url}/api/cta/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" }),
      });
      count(response.status);
      expect(response.status, JSON.stringify(name)).toBe(400);
    }
  });

  it(`sends ${BAD_PAGES} made-up blog page numbers to the blog unrendered, and the blog stays kept`, async () => {
    await fetch(`${server.url}/blog`);
    const started = performance.now();
    for (let n = 0; n < BAD_PAGES; n++) {
      const value = n % 10 === 0 ? `${n}${"x".repeat(6000)}` : `p${n}`;
      const response = await fetch(`${server.url}/blog?page=${value}`, { redirect: "manual" });
      await response.arrayBuffer();
      count(response.status);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("/blog");
    }
    const badPagesSeconds = (performance.now() - started) / 1000;
    const hitsBefore = await pageCacheHits();
    expect((await fetch(`${server.url}/blog`)).status).toBe(200);
    const blogStillKept = (await pageCacheHits()) === hitsBefore + 1;
    expect(blogStillKept).toBe(true);
    const answered = [...statuses.entries()].sort(([a], [b]) => a - b);
    recordFigures({
      suite: "strange-input",
      backend: "pglite",
      full: FULL,
      samples: SAMPLES,
      badPages: BAD_PAGES,
      badPagesSeconds: Number(badPagesSeconds.toFixed(1)),
      blogStillKept,
      statuses: Object.fromEntries(answered),
      fiveHundreds: answered.filter(([status]) => status >= 500).reduce((total, [, n]) => total + n, 0),
    });
  });
});
