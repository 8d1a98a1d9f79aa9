import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "./db/client";
import { queryRows } from "./db/client";
import { sql } from "drizzle-orm";

/**
 * What the site measures of itself, in the Prometheus text format (prom-client). One registry per
 * app: tests build several. Gauges that describe the database (the outbox) are read when scraped.
 */
export function createMetrics(database: DatabaseHandle) {
  const registry = new Registry();
  // Event-loop lag, heap, garbage collection, CPU and memory of the process.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_lookups_total",
    help: "Public pages and answers looked up in the page cache, by result (hit or miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: "outbox_send_failures_total",
    help: "Attempts to send a mail that the mail server refused or that failed on the way.",
    registers: [registry],
  });
  const queries = new Histogram({
    name: "db_query_duration_seconds",
    help: "Time of each database statement.",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  new Gauge({
    name: "outbox_depth",
    help: "Mails waiting to be sent (pending, or being sent).",
    registers: [registry],
    async collect() {
      this.set((await outboxState()).depth);
    },
  });
  new Gauge({
    name: "outbox_oldest_pending_age_seconds",
    help: "How long the oldest mail still waiting has waited; 0 when none waits.",
    registers: [registry],
    async collect() {
      this.set((await outboxState()).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: "outbox_failed",
    help: "Mails given up on after their last attempt.",
    registers: [registry],
    async collect() {
      this.set((await outboxState()).failed);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (in use, idle, requests waiting for one); the embedded database has one connection.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.pool?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  // The three outbox gauges share one query per scrape.
  let outbox: Promise<{ depth: number; oldestAgeSeconds: number; failed: number }> | undefined;
  function outboxState() {
    outbox ??= queryRows<{ depth: number; oldest: string | null; failed: number }>(
      database.db,
      sql`select count(*) filter (where status in ('pending', 'sending'))::int as depth,
        min(created_at) filter (where status in ('pending', 'sending')) as oldest,
        count(*) filter (where status = 'failed')::int as failed from outbox`,
    )
      .then(([row]) => ({
        depth: row?.depth ?? 0,
        oldestAgeSeconds: row?.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0,
        failed: row?.failed ?? 0,
      }))
      .finally(() => setTimeout(() => (outbox = undefined), 0));
    return outbox;
  }

  database.observeQueries?.((seconds) => queries.observe(seconds));

  return {
    registry,
    pageCacheLookup: (hit: boolean) => pageCache.inc({ result: hit ? "hit" : "miss" }),
    mailFailed: () => mailFailures.inc(),
    /** Counts and times every answered request under its route pattern, never its raw address. */
    register(app: FastifyInstance) {
      app.addHook("onResponse", async (request, reply) => {
        const labels = { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
    },
    text: () => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `GET /metrics` on the site's own port, for a scraper holding METRICS_TOKEN as its bearer token. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string) {
  app.get("/metrics", async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) return reply.code(401).header("www-authenticate", "Bearer").send({ message: "A metrics token is required." });
    return reply
      .header("content-type", metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await metrics.text());
  });
}

/** Or a port of its own on loopback, where only the machine's own scraper can reach it, with no token. */
export function startMetricsServer(metrics: Metrics, port: number, host = "127.0.0.1"): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
