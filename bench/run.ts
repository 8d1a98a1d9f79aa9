/**
 * `npm run bench`: builds the production site, starts it on a fresh seeded database beside a bare
 * Fastify hello-world, loads each with the same autocannon settings, runs Lighthouse (mobile) on the
 * main pages, and reports req/s, latency, errors, the ratio to hello-world, memory and start time.
 * Results go to bench/results/latest.json.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../tests/helpers/port";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "build-bench");
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

interface LoadResult {
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio?: number;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startSite(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SECRET_KEY: "bench-secret-key-0123456789-abcdefghijklmnop",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: "off",
      LOG_LEVEL: "error",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const readyMs = await waitReady(`http://127.0.0.1:${port}/readyz`, child, () => output);
  return { url: `http://127.0.0.1:${port}`, child, readyMs };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Peak resident memory of a process so far, from the kernel's high-water mark. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function load(target: string, options: autocannon.Options): Promise<LoadResult> {
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ connections, duration: durationSeconds, ...options });
  return {
    target,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

interface PageAudit {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKbGzip: number;
  cssKbGzip: number;
}

function lighthouse(url: string, page: string): PageAudit {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/lighthouse"),
    [url, "--quiet", "--output=json", "--form-factor=mobile", "--only-categories=performance,accessibility,best-practices,seo", "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run"],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${page}: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const requests: { resourceType?: string; transferSize?: number }[] = report.audits["network-requests"]?.details?.items ?? [];
  const kb = (type: string) => Math.round((requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024) * 10) / 10;
  return {
    page,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue),
    cls: Math.round(report.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    tbtMs: Math.round(report.audits["total-blocking-time"].numericValue),
    jsKbGzip: kb("Script"),
    cssKbGzip: kb("Stylesheet"),
  };
}

async function firstPostId(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${url}/api/blog/posts/?page=1&per_page=1`);
    const body = (await response.json()) as { results?: { id: number | string }[] };
    return body.results?.[0]?.id?.toString();
  } catch {
    return undefined;
  }
}

async function benchDatabase(label: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "himal-bench-"));
  try {
    const site = await startSite(dataDir, databaseUrl);
    const postId = await firstPostId(site.url);
    const results: LoadResult[] = [];
    results.push(await load(`${label} GET / (prerendered)`, { url: `${site.url}/`, headers: { "accept-encoding": "br, gzip" } }));
    results.push(await load(`${label} GET /blog (rendered)`, { url: `${site.url}/blog`, headers: { "accept-encoding": "br, gzip" } }));
    if (postId) results.push(await load(`${label} GET /blog/${postId}`, { url: `${site.url}/blog/${postId}`, headers: { "accept-encoding": "br, gzip" } }));
    results.push(await load(`${label} GET /api/blog/posts/`, { url: `${site.url}/api/blog/posts/`, headers: { "accept-encoding": "br, gzip" } }));
    results.push(
      await load(`${label} POST /api/cta/ (32 conn.)`, {
        url: `${site.url}/api/cta/`,
        connections: 32,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Load Test", email: "load@example.com", message: "Benchmark enquiry", request_type: "CTA" }),
      }),
    );
    const peakMb = peakRssMb(site.child.pid!);
    const pages = ["/", "/about", "/blog", ...(postId ? [`/blog/${postId}`] : []), "/careers", "/contact"];
    const audits = label === "pglite" ? pages.map((page) => lighthouse(`${site.url}${page}`, page)) : [];
    await stop(site.child);
    const again = await startSite(dataDir, databaseUrl);
    await stop(again.child);
    return { results, peakMb, readyExistingMs: Math.round(again.readyMs), audits };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log("Building the production site…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (build.status !== 0) process.exit(1);

  const helloPort = await freePort();
  const hello = spawn(process.execPath, [path.join(root, "bench/hello.mjs")], { env: { ...process.env, PORT: String(helloPort) }, stdio: "ignore" });
  await waitReady(`http://127.0.0.1:${helloPort}/`, hello, () => "");
  const baseline = await load("hello-world (Fastify)", { url: `http://127.0.0.1:${helloPort}/` });
  await stop(hello);

  const runs = [{ label: "pglite", ...(await benchDatabase("pglite")) }];
  if (process.env.BENCH_DATABASE_URL) runs.push({ label: "postgres", ...(await benchDatabase("postgres", process.env.BENCH_DATABASE_URL)) });

  const rows = [baseline, ...runs.flatMap((run) => run.results)].map((row) => ({ ...row, ratio: Math.round((row.reqPerSec / baseline.reqPerSec) * 100) / 100 }));
  console.log(`\nLoad: ${connections} connections (32 for the form POST), ${durationSeconds} s each after a 2 s warm-up`);
  console.table(rows.map((row) => ({ target: row.target, "req/s": row.reqPerSec, "p50 ms": row.p50, "p99 ms": row.p99, errors: row.errors, "non-2xx": row.non2xx, "× hello": row.ratio })));
  for (const run of runs) console.log(`${run.label}: peak RSS ${run.peakMb} MB; ready on an existing data directory in ${run.readyExistingMs} ms`);
  const audits = runs.flatMap((run) => run.audits);
  if (audits.length) {
    console.log("\nLighthouse 12, mobile:");
    console.table(audits);
  }
  const file = path.join(root, "bench/results/latest.json");
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), connections, durationSeconds, baseline, load: rows, runs: runs.map(({ results: _r, ...rest }) => rest) }, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(root, file)}`);
}

await main();
