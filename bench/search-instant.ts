// The header's instant results, timed as a visitor sees them: `npx tsx bench/search-instant.ts` (after
// `npm run build`; BUILD_DIR for another build). Starts the built site on a fresh database with its sample
// content, types queries into the header's box in Chromium, keys 40 ms apart as a quick typist does, and
// reads the combobox's own `search:results` measure: from the moment the 150 ms pause after the last
// keystroke ends to the results being in the document. After a pass to warm up, BENCH_ROUNDS passes over the queries (default 5);
// BENCH_CPU_SLOWDOWN slows the page's CPU as Lighthouse's phone does (e.g. 4).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../tests/helpers/chromium";
import { freePort } from "../tests/helpers/port";
import { startEnv, startNodeOptions } from "../tests/helpers/start-options";
import { benchServerEnv } from "./server-env";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
/** What visitors look for on the site: services, topics of the sample posts and jobs, a misspelling, and misses. */
const queries = [
  "cloud",
  "cybersecurity",
  "data science",
  "machine learning",
  "software development",
  "pricing",
  "kathmandu",
  "careers",
  "security audit",
  "api",
  "cybersecurty",
  "machne lerning",
  "migration",
  "support",
  "zqxjvw",
  "blockchain",
];

/** p50, p95 and max of a list of milliseconds. */
function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "himal-search-bench-"));
const port = await freePort();
const server = spawn(process.execPath, [...startNodeOptions, path.join(buildDir, "server-app/main.mjs")], {
  cwd: root,
  env: { ...process.env, ...startEnv, ...benchServerEnv({ port, dataDir, buildDir }) },
  stdio: ["ignore", "inherit", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the site exited with ${server.exitCode}`);
  try {
    if ((await fetch(`${url}/readyz`)).ok) break;
  } catch {
    // not yet listening
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (cpuSlowdown > 1) await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await page.goto(url);
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  await page.getByRole("button", { name: "Open search" }).click();
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.waitFor();

  const measured = () => page.evaluate(() => performance.getEntriesByName("search:results", "measure").length);
  const pass = async () => {
    for (const query of queries) {
      const before = await measured();
      await box.fill("");
      await box.pressSequentially(query, { delay: 40 });
      await page.waitForFunction((count) => performance.getEntriesByName("search:results", "measure").length > count, before);
    }
  };
  // A first pass, not counted, warms the server's database and the browser's connection.
  await pass();
  await page.evaluate(() => {
    performance.clearMeasures("search:results");
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(10_000);
  });
  for (let round = 0; round < rounds; round++) await pass();
  const { results, requests } = await page.evaluate(() => ({
    results: performance.getEntriesByName("search:results", "measure").map((entry) => entry.duration),
    // The requests' share of it: from asking to the answer's last byte, as the browser timed them.
    requests: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/api/search/"))
      .map((entry) => ({ query: new URL(entry.name).searchParams.get("q"), ms: (entry as PerformanceResourceTiming).responseEnd - entry.startTime })),
  }));
  console.log(`Instant results (${queries.length} queries × ${rounds}, keys 40 ms apart, CPU ×${cpuSlowdown}):`);
  console.log(`  debounce to results in the document (${results.length}): ${summary(results)}`);
  console.log(`  of which the request to /api/search/ (${requests.length}): ${summary(requests.map((request) => request.ms))}`);
  const slowest = requests.sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`  slowest requests: ${slowest.map((request) => `"${request.query}" ${request.ms.toFixed(0)} ms`).join(", ")}`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
