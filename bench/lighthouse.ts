/**
 * Lighthouse (mobile) on a page of the running site, next to a control in the same run: the same HTML
 * with its scripts removed, served statically beside the site (every other request is passed to the
 * site). The control's figures are what the machine, the browser and the page's markup and styles cost
 * alone; the difference is what the site's scripts add. Lighthouse's simulated throttling scales the
 * tasks it observed, so a busy or slow machine shows in both and the difference stays the site's own.
 *
 * `npm run bench` calls it for every public page type. On its own, against a running site:
 *   tsx bench/lighthouse.ts http://127.0.0.1:3000 / /about   (BENCH_LIGHTHOUSE_RUNS=1 for one round instead of 3)
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Main-thread time by kind (script evaluation, style and layout, …), in ms, as Lighthouse groups it. */
  mainThreadMs: Record<string, number>;
  /** Where the longest main-thread tasks were spent, as Lighthouse attributes them. */
  longTasks: { startMs: number; durationMs: number; url: string }[];
  scripts: string[];
  stylesheets: string[];
}

export interface LighthouseEnvironment {
  lighthouse: string;
  chromium: string;
  /** Lighthouse's measure of the machine's speed at the time of the run (about 1,000 and up on a fast desktop). */
  benchmarkIndex: number;
}

/** The full browser, as visitors run it (the tests use its headless shell); `node scripts/ensure-chromium.mjs --full` installs it. */
const CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The browser's full version: the user agent it reports to pages is reduced to the major one. */
let chromiumVersion: string | undefined;
const chromium = () =>
  (chromiumVersion ??= /[\d.]+/.exec(execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))?.[0] ?? "unknown");

/**
 * Lighthouse's mobile run on a low-end phone: its processor taken as 8 times slower than the machine's
 * (Lighthouse's default is 4, a mid-range phone). Visitors' phones are slower than the machines the
 * site is built on, and a page's scripts must not block them.
 */
export const CPU_SLOWDOWN = 8;

/** What every page must reach on that phone, in every round, beside its control. */
export const LOW_END_PHONE_TARGET = { performanceMin: 95, tbtOverControlMaxMs: 50, lcpMaxMs: 1500, clsMax: 0 };

/** The targets a page missed in one round: none when it met them all. */
export function targetsMissed({ site, control }: { site: LighthouseFigures; control: LighthouseFigures }): string[] {
  const target = LOW_END_PHONE_TARGET;
  return [
    ...(site.performance < target.performanceMin ? [`performance ${site.performance}`] : []),
    ...(site.tbtMs - control.tbtMs > target.tbtOverControlMaxMs ? [`TBT +${site.tbtMs - control.tbtMs} ms`] : []),
    ...(site.lcpMs > target.lcpMaxMs ? [`LCP ${site.lcpMs} ms`] : []),
    ...(site.cls > target.clsMax ? [`CLS ${site.cls}`] : []),
  ];
}

const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run";

/**
 * Runs without blocking this process, which serves the control. Chromium now and then loses the trace of a
 * load (NO_NAVSTART, NO_FCP); such a run is repeated.
 */
export async function lighthouse(url: string, attempt = 1): Promise<{ figures: LighthouseFigures; environment: LighthouseEnvironment }> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(
      path.join(root, "node_modules/.bin/lighthouse"),
      [
        url,
        "--quiet",
        "--output=json",
        "--form-factor=mobile",
        `--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
    ));
  } catch (failure) {
    const stderr = (failure as { stderr?: string }).stderr ?? String(failure);
    if (attempt < 3 && /NO_NAVSTART|NO_FCP|NO_LCP|TRACING/.test(stderr)) return lighthouse(url, attempt + 1);
    throw new Error(`lighthouse failed on ${url}: ${stderr}`);
  }
  const report = JSON.parse(stdout);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const items = (id: string): Record<string, unknown>[] => report.audits[id]?.details?.items ?? [];
  const requests = items("network-requests") as { resourceType?: string; url: string }[];
  const urls = (type: string) => requests.filter((r) => r.resourceType === type).map((r) => r.url);
  const mainThreadMs = Object.fromEntries(
    (items("mainthread-work-breakdown") as { groupLabel: string; duration: number }[]).map((row) => [row.groupLabel, Math.round(row.duration)]),
  );
  const longTasks = (items("long-tasks") as { url: string; startTime: number; duration: number }[])
    .slice(0, 8)
    .map((task) => ({ startMs: Math.round(task.startTime), durationMs: Math.round(task.duration), url: task.url }));
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue),
      cls: Math.round(report.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
      tbtMs: Math.round(report.audits["total-blocking-time"].numericValue),
      mainThreadMs,
      longTasks,
      scripts: urls("Script"),
      stylesheets: urls("Stylesheet"),
    },
    environment: {
      lighthouse: report.lighthouseVersion,
      chromium: chromium(),
      benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    },
  };
}

/** A page's HTML without what would run: script elements and the module preloads that fetch them. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
}

/** Serves each page of the site with its scripts removed; every other request (styles, images, fonts) goes to the site as is. */
export async function startControl(siteUrl: string, pages: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const site = new URL(siteUrl);
  const html = new Map<string, string>();
  for (const page of pages) html.set(page, withoutScripts(await (await fetch(new URL(page, site), { headers: { accept: "text/html" } })).text()));
  const server: Server = createServer((incoming, outgoing) => {
    const page = html.get(new URL(incoming.url ?? "/", site).pathname);
    if (page !== undefined) {
      outgoing.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      outgoing.end(page);
      return;
    }
    const upstream = httpRequest(
      new URL(incoming.url ?? "/", site),
      { method: incoming.method, headers: { ...incoming.headers, host: site.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface AuditPair {
  page: string;
  site: LighthouseFigures;
  control: LighthouseFigures;
}

/** Each page and its control, one after the other, `rounds` times over: a slow moment of the machine falls on both alike. */
export async function auditWithControls(siteUrl: string, pages: string[], rounds = 1): Promise<{ pairs: AuditPair[]; environment: LighthouseEnvironment }> {
  const control = await startControl(siteUrl, pages);
  const pairs: AuditPair[] = [];
  let environment: LighthouseEnvironment | undefined;
  try {
    for (let round = 0; round < rounds; round++) {
      for (const page of pages) {
        const site = await lighthouse(`${siteUrl}${page}`);
        const bare = await lighthouse(`${control.url}${page}`);
        environment ??= site.environment;
        pairs.push({ page, site: site.figures, control: bare.figures });
      }
    }
  } finally {
    await control.close();
  }
  return { pairs, environment: environment! };
}

/** One row per page and run: the site's figure, the control's, and what the site adds. */
export function auditRows(pairs: AuditPair[]) {
  return pairs.map(({ page, site, control }) => ({
    page,
    perf: site.performance,
    "perf control": control.performance,
    "TBT ms": site.tbtMs,
    "TBT control": control.tbtMs,
    "TBT +": site.tbtMs - control.tbtMs,
    "LCP ms": site.lcpMs,
    "LCP control": control.lcpMs,
    CLS: site.cls,
    missed: targetsMissed({ site, control }).join(", ") || "–",
    a11y: site.accessibility,
    bp: site.bestPractices,
    seo: site.seo,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [siteUrl, ...pages] = process.argv.slice(2);
  if (!siteUrl) throw new Error("usage: tsx bench/lighthouse.ts <site url> [page …]");
  const { pairs, environment } = await auditWithControls(siteUrl, pages.length ? pages : ["/"], Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  console.log(
    `Lighthouse ${environment.lighthouse}, Chromium ${environment.chromium}, benchmarkIndex ${environment.benchmarkIndex}, CPU slowed ${CPU_SLOWDOWN}×`,
  );
  console.table(auditRows(pairs));
  for (const { page, site, control } of pairs) {
    console.log(`${page}: main thread, site`, site.mainThreadMs, "control", control.mainThreadMs);
    console.log(`${page}: longest tasks, site`, site.longTasks);
  }
}
