import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../tests/helpers/app";
import { freePort } from "../tests/helpers/port";
import { startMetricsServer } from "./metrics";

const TOKEN = "metrics-token-0123456789-abcdefghijklmnop";
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};
/** A sample's value in the scrape, 0 when it has none yet. */
const value = (text: string, sample: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
};

describe("GET /metrics", () => {
  it("is refused without the token, or with another", async () => {
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("http_requests_total");
  });

  it("does not exist when neither a token nor a port is set", async () => {
    const closed = await buildTestApp();
    try {
      expect((await closed.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it("counts requests by route pattern, page-cache hits and misses, queries and the outbox as traffic comes", async () => {
    const route = 'http_requests_total{method="GET",route="/api/blog/posts/",status="200"}';
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: "/api/blog/posts/?page=1" })).statusCode).toBe(200);
    const enquiry = await t.app.inject({
      method: "POST",
      url: "/api/cta/",
      payload: { name: "Asha Gurung", email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" },
    });
    expect(enquiry.statusCode).toBe(201);
    const after = await scrape();

    expect(value(after, route) - value(before, route)).toBe(3);
    expect(after).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/blog/posts/",status="200"}');
    // The first read fills the cache, the two after it are answered from it.
    expect(value(after, 'page_cache_lookups_total{result="hit"}') - value(before, 'page_cache_lookups_total{result="hit"}')).toBe(2);
    expect(value(after, 'page_cache_lookups_total{result="miss"}') - value(before, 'page_cache_lookups_total{result="miss"}')).toBe(1);
    expect(value(after, "db_query_duration_seconds_count")).toBeGreaterThan(value(before, "db_query_duration_seconds_count"));
    // The enquiry queued its acknowledgement and the inbox's mail; nothing sends them here.
    expect(value(after, "outbox_depth") - value(before, "outbox_depth")).toBe(2);
    expect(value(after, "outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(after).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(after).toMatch(/^db_pool_connections\{state="in_use"\} \d/m);
    // Unmatched addresses share one label, so a scanner cannot grow the list without end.
    await t.app.inject({ method: "GET", url: "/api/no-such-route-1" });
    await t.app.inject({ method: "GET", url: "/api/no-such-route-2" });
    expect(await scrape()).not.toContain("no-such-route");
  });

  it("has every series the Grafana dashboard in deploy/ draws", async () => {
    const dashboard = JSON.parse(readFileSync(new URL("../deploy/grafana/himaltech-dashboard.json", import.meta.url), "utf8")) as {
      panels: { targets: { expr: string }[] }[];
    };
    const drawn = new Set(
      dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\b(?:http|page|outbox|db|nodejs)_\w+/g) ?? [])),
    );
    expect(drawn.size).toBeGreaterThan(8);
    const scraped = await scrape();
    for (const series of drawn) expect(scraped, series).toMatch(new RegExp(`^${series}[{ ]`, "m"));
  });

  it("answers on a loopback port of its own, with no token, when METRICS_PORT is set", async () => {
    const port = await freePort();
    const server = await startMetricsServer(t.app.metrics, port);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("http_requests_total");
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("gives every answer its request id, the proxy's when it sent a plain one, and the mail the request queued keeps it", async () => {
    const own = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const fromProxy = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "5f2b9c0e1d7a4b3c" } });
    expect(fromProxy.headers["x-request-id"]).toBe("5f2b9c0e1d7a4b3c");
    const forged = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "x\ninjected log line" } });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    const enquiry = await t.app.inject({
      method: "POST",
      url: "/api/cta/",
      headers: { "x-request-id": "enquiry-request-0001" },
      payload: { name: "Bikash Rai", email: "bikash@example.com", message: "A question about security audits.", request_type: "CTA" },
    });
    expect(enquiry.statusCode).toBe(201);
    const rows = await t.database.db.query.outbox.findMany({ where: (outbox, { eq }) => eq(outbox.requestId, "enquiry-request-0001") });
    expect(rows.map((row) => row.to)).toContain("bikash@example.com");
  });
});
