/**
 * `npm run bench`: builds the production site, starts it on a fresh seeded database beside a bare
 * Fastify hello-world, loads each with the same autocannon settings, runs Lighthouse (mobile) on the
 * main pages, each beside a control without its scripts (bench/lighthouse.ts), and reports req/s, latency, errors, the ratio to hello-world, memory, start time and
 * the admin dashboard's reads on a million page views, the inbox's list and search on 100,000 enquiries (bench/inbox.ts), and the
 * site search and the assistant with 10,000 extra posts (bench/search.ts), and free meeting slots with 5,000 future bookings
 * (bench/meetings.ts), the hiring pipeline with 10,000 applications (bench/applications.ts), and a newsletter to
 * 10,000 subscribers sent beside steady visitors (bench/campaigns.ts).
 * Results go to bench/results/latest.json.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { benchDashboard } from "./dashboard";
import { benchInboxPglite, benchInboxPostgres, printInbox } from "./inbox";
import { benchApplicationsPglite, benchApplicationsPostgres, printApplications } from "./applications";
import { benchCampaignsPglite, benchCampaignsPostgres, printCampaigns } from "./campaigns";
import { benchMeetingsPglite, benchMeetingsPostgres, printMeetings } from "./meetings";
import { evaluate, figuresOf, printFigures } from "./eval/run";
import { benchSearchPglite, benchSearchPostgres, printSearch } from "./search";
import { auditRows, auditWithControls, CPU_SLOWDOWN, LOW_END_PHONE_TARGET, targetsMissed, type LighthouseFigures } from "./lighthouse";
import { freePort } from "../tests/helpers/port";
import { withFreshPostgres } from "./postgres";
import { sampleRss, startSite, stop, waitReady } from "./site-process";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "build-bench");
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
/** Rounds of Lighthouse over the pages, each page beside its control: the low-end phone's target holds in every round. */
const lighthouseRounds = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface LoadResult {
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's own CPU time per answered request (user and system), in microseconds. */
  cpuUsPerRequest?: number;
  /** Loaded by many connections, as the baseline is; a page rendered one request at a time is not compared. */
  comparable: boolean;
  ratio?: number;
  cpuRatio?: number;
}

/** The kernel's high-water mark of a process's resident memory: its peak since it started. */
function highWaterRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A process's CPU time so far (user and system), in microseconds; Linux counts it in ticks of 10 ms. */
function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop()!.trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Loads a target after a warm-up. Besides what the load tool sees, it reports the server's own CPU time
 * per request: on this machine the load tool shares the two cores, and for large answers it is the
 * tool, not the server, that runs out of CPU first.
 */
async function load(target: string, options: autocannon.Options, serverPid: number): Promise<LoadResult> {
  await autocannon({ connections, ...options, duration: 2 }); // warm-up
  const cpuBefore = cpuTimeUs(serverPid);
  const result = await autocannon({ connections, duration: durationSeconds, ...options });
  const answered = result.requests.total;
  return {
    target,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUsPerRequest: answered ? Math.round((cpuTimeUs(serverPid) - cpuBefore) / answered) : undefined,
    comparable: (options.connections ?? connections) > 1,
  };
}

/** The gzip bytes of the scripts and styles a page loaded, as Lighthouse saw them on the way. */
async function pageWeight(url: string, figures: LighthouseFigures) {
  const sum = async (list: string[]) => {
    let total = 0;
    for (const item of list) total += await gzipBytes(item);
    return total;
  };
  return {
    page: new URL(url).pathname,
    jsKbGzip: kb(await sum(figures.scripts)),
    cssKbGzip: kb((await sum(figures.stylesheets)) + (await inlineCssGzipBytes(url))),
  };
}

/** Bytes on the wire in an encoding (gzip unless told), read raw (fetch would unpack them), on a connection of its own. */
function gzipBytes(url: string, encoding = "gzip"): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers: { "accept-encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The style elements in a page's head, as gzip bytes: CSS that comes without a request of its own. */
async function inlineCssGzipBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  return css ? gzipSync(css).length : 0;
}

async function firstJobId(url: string): Promise<string | undefined> {
  try {
    return ((await (await fetch(`${url}/api/careers/jobs/`)).json()) as { id: string }[])[0]?.id;
  } catch {
    return undefined;
  }
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

/**
 * Checks the form load against the database: every message answered 2xx is stored exactly once.
 * Requests still in flight when a timed run ends are cut off unanswered; the server may have stored
 * them, so they are counted apart rather than as a mismatch.
 */
async function checkStored(dataDir: string, databaseUrl: string | undefined, answered: Set<string>) {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const result = (await database.db.execute(
      sql`select message, count(*)::int as copies from enquiries where type = 'CTA' and message like 'Benchmark enquiry %' group by message`,
    )) as unknown as { rows: { message: string; copies: number }[] };
    const copies = new Map(result.rows.map((row) => [row.message, Number(row.copies)]));
    const answeredStoredOnce = [...answered].filter((message) => copies.get(message) === 1).length;
    return {
      answered2xx: answered.size,
      answeredStoredOnce,
      storedRows: [...copies.values()].reduce((total, count) => total + count, 0),
      duplicated: [...copies.values()].filter((count) => count > 1).length,
      storedUnanswered: [...copies.keys()].filter((message) => !answered.has(message)).length,
      storedExactlyOnce: answeredStoredOnce === answered.size && [...copies.values()].every((count) => count === 1),
    };
  } finally {
    await database.close();
  }
}

const compressed = { "accept-encoding": "br, gzip" };
/** A request that asks for a fresh copy, so the page is rendered rather than taken from the page cache. */
const fresh = { ...compressed, "cache-control": "no-cache" };

async function benchDatabase(label: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "himal-bench-"));
  try {
    const site = await startSite({ dataDir, databaseUrl, buildDir });
    const postId = await firstPostId(site.url);
    const memory = sampleRss(site.serverPid);
    const results: LoadResult[] = [];
    const pid = site.serverPid;
    const get = async (name: string, urlPath: string) =>
      results.push(await load(`${label} GET ${name}`, { url: `${site.url}${urlPath}`, headers: compressed }, pid));
    // A page rendered for each request, one request at a time: the latency of a render, not of a queue.
    const render = async (urlPath: string) =>
      results.push(await load(`${label} GET ${urlPath} (rendered, 1 conn.)`, { url: `${site.url}${urlPath}`, headers: fresh, connections: 1 }, pid));
    await get("/ (page cache)", "/");
    await get("/about (page cache)", "/about");
    await get("/blog (page cache)", "/blog");
    await render("/blog");
    if (postId) {
      await get(`/blog/${postId} (page cache)`, `/blog/${postId}`);
      await render(`/blog/${postId}`);
    }
    await get("/careers (page cache)", "/careers");
    await render("/careers");
    await get("/api/blog/posts/", "/api/blog/posts/");
    await get("/api/careers/jobs/", "/api/careers/jobs/");
    // Lighthouse runs before the form load: afterwards the server spends a while sending the tens of
    // thousands of mails that load queued, on the cores the browser being measured needs.
    // Every public page type: home, about, a service, pricing, contact, the blog and a post, careers and a job, search, booking.
    const jobId = await firstJobId(site.url);
    const pages = [
      "/",
      "/about",
      "/services/ai",
      "/pricing",
      "/contact",
      "/blog",
      ...(postId ? [`/blog/${postId}`] : []),
      "/careers",
      ...(jobId ? [`/careers/apply/${jobId}`] : []),
      "/search?q=cloud",
      "/meetings/book",
    ];
    const audits = label === "pglite" ? await auditWithControls(site.url, pages, lighthouseRounds) : undefined;
    const weights = [];
    for (const pair of audits?.pairs.slice(0, pages.length) ?? []) weights.push(await pageWeight(`${site.url}${pair.page}`, pair.site));
    let sequence = 0;
    const answered = new Set<string>();
    const form = await load(
      `${label} POST /api/cta/ (32 conn.)`,
      {
        url: `${site.url}/api/cta/`,
        connections: 32,
        requests: [
          {
            method: "POST",
            path: "/api/cta/",
            headers: { "content-type": "application/json" },
            setupRequest: (request, context) => {
              const message = `Benchmark enquiry ${++sequence}`;
              (context as { message?: string }).message = message;
              return { ...request, body: JSON.stringify({ name: "Load Test", email: "load@example.com", message, request_type: "CTA" }) };
            },
            onResponse: (status, _body, context) => {
              if (status >= 200 && status < 300) answered.add((context as { message: string }).message);
            },
          },
        ],
      },
      pid,
    );
    results.push(form);
    const peakMb = memory.stop();
    const highWaterMb = highWaterRssMb(site.serverPid);
    await stop(site.child);
    const stored = await checkStored(dataDir, databaseUrl, answered);
    const again = await startSite({ dataDir, databaseUrl, buildDir });
    await stop(again.child);
    const dashboard = await benchDashboard({ dataDir, databaseUrl, pageViews: 1_000_000 });
    return {
      results,
      peakMb,
      highWaterMb,
      readyFreshMs: Math.round(site.readyMs),
      readyExistingMs: Math.round(again.readyMs),
      form: stored,
      dashboard,
      audits,
      weights,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Pages rendered from staff's words and served from the page cache, each measured beside a bare server sending as many bytes. */
const CACHED_CONTENT_PAGES = ["/", "/about"] as const;

/** Each of those pages' size in brotli as the site sends it. */
async function contentPageBytes(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "himal-bench-pages-"));
  try {
    const site = await startSite({ dataDir, buildDir });
    const sizes: Record<string, number> = {};
    for (const page of CACHED_CONTENT_PAGES) sizes[page] = await gzipBytes(`${site.url}${page}`, "br");
    await stop(site.child);
    return sizes;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare Fastify hello-world, and the same server answering a body as large as each content page in brotli. */
async function loadHello(when: string, pageBytes: Record<string, number>): Promise<{ hello: LoadResult; sized: Record<string, LoadResult> }> {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, "bench/hello.mjs")], { env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  await waitReady(`http://127.0.0.1:${port}/`, server, () => "");
  const hello = await load(`hello-world (Fastify), ${when}`, { url: `http://127.0.0.1:${port}/` }, server.pid!);
  const sized: Record<string, LoadResult> = {};
  for (const [page, bytes] of Object.entries(pageBytes))
    sized[page] = await load(
      `hello-world, ${Math.round(bytes / 1024)} KB body (as ${page} in br), ${when}`,
      { url: `http://127.0.0.1:${port}/sized/${bytes}` },
      server.pid!,
    );
  await stop(server);
  return { hello, sized };
}

async function main() {
  // Lighthouse audits with the full browser, as visitors run it.
  if (spawnSync(process.execPath, ["scripts/ensure-chromium.mjs", "--full"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
  console.log("Building the production site…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (build.status !== 0) process.exit(1);

  const pageBytes = await contentPageBytes();
  const before = await loadHello("before", pageBytes);

  const runs = [{ label: "pglite", ...(await benchDatabase("pglite")) }];
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) runs.push({ label: "postgres", ...(await withFreshPostgres(postgresUrl, (url) => benchDatabase("postgres", url))) });

  // The inbox at size, each on a fresh database of its own.
  const inbox = [await benchInboxPglite(), ...(postgresUrl ? [await benchInboxPostgres(postgresUrl)] : [])];
  // Search and the assistant with 10,000 extra posts.
  const search = [await benchSearchPglite(), ...(postgresUrl ? [await benchSearchPostgres(postgresUrl)] : [])];
  // Free meeting slots with 5,000 future bookings.
  const meetings = [await benchMeetingsPglite(), ...(postgresUrl ? [await benchMeetingsPostgres(postgresUrl)] : [])];
  // The hiring pipeline with 10,000 applications.
  const applications = [await benchApplicationsPglite(), ...(postgresUrl ? [await benchApplicationsPostgres(postgresUrl)] : [])];
  // A newsletter to 10,000 subscribers, sent by the production site while visitors come.
  const campaigns = [await benchCampaignsPglite(), ...(postgresUrl ? [await benchCampaignsPostgres(postgresUrl)] : [])];

  // The baseline is measured before the sites and again after them, and the faster of the two is the
  // one every ratio divides by: a slow moment of the machine during the baseline cannot flatter the site.
  const after = await loadHello("after", pageBytes);
  const baseline = [before.hello, after.hello].reduce((faster, row) => (row.reqPerSec > faster.reqPerSec ? row : faster));

  const hundredths = (value: number) => Math.round(value * 100) / 100;
  const rows = [before.hello, ...Object.values(before.sized), after.hello, ...Object.values(after.sized), ...runs.flatMap((run) => run.results)].map((row) => ({
    ...row,
    ratio: row.comparable ? hundredths(row.reqPerSec / baseline.reqPerSec) : undefined,
    cpuRatio: row.comparable && row.cpuUsPerRequest && baseline.cpuUsPerRequest ? hundredths(baseline.cpuUsPerRequest / row.cpuUsPerRequest) : undefined,
  }));
  console.log(
    `\nLoad: ${connections} connections (32 for the form POST, 1 for pages rendered without the page cache), ${durationSeconds} s each after a 2 s warm-up`,
  );
  console.log("× hello: req/s divided by those of the faster hello-world run (before or after the sites)");
  console.log("server µs/req: the server's CPU time per request; × hello (CPU): that hello-world run's CPU time per request divided by the target's");
  console.table(
    rows.map((row) => ({
      target: row.target,
      "req/s": row.reqPerSec,
      "p50 ms": row.p50,
      "p99 ms": row.p99,
      errors: row.errors,
      "non-2xx": row.non2xx,
      "× hello": row.ratio ?? "–",
      "server µs/req": row.cpuUsPerRequest,
      "× hello (CPU)": row.cpuRatio ?? "–",
    })),
  );
  // Staff's pages come from the page cache: each beside the faster bare server sending as many bytes (target ≥ 0.9×).
  for (const run of runs) {
    const ratios = CACHED_CONTENT_PAGES.map((page) => {
      const served = run.results.find((row) => row.target === `${run.label} GET ${page} (page cache)`)!;
      const bare = Math.max(before.sized[page]!.reqPerSec, after.sized[page]!.reqPerSec);
      return `${page} ${hundredths(served.reqPerSec / bare)}×`;
    });
    console.log(`${run.label}: content pages from the page cache beside a bare server sending the same bytes (target ≥ 0.9×): ${ratios.join(", ")}`);
  }
  for (const run of runs) {
    console.log(
      `${run.label}: peak RSS under load ${run.peakMb} MB (${run.highWaterMb} MB since start); ready in ${run.readyFreshMs} ms on a fresh database, ${run.readyExistingMs} ms on an existing one; ` +
        `form: ${run.form.answered2xx} answered 2xx, ${run.form.answeredStoredOnce} of them stored exactly once, ${run.form.duplicated} duplicated, ` +
        `${run.form.storedUnanswered} stored from requests cut off at the end of a run: ${run.form.storedExactlyOnce ? "OK" : "MISMATCH"}`,
    );
  }
  for (const { label, dashboard } of runs) {
    console.log(
      `${label}: dashboard on ${dashboard.pageViews.toLocaleString("en-US")} page views over ${dashboard.days} days, 90-day range: User Analytics ${dashboard.usersFirstMs} ms on the first read ` +
        `(which keeps each closed day's figures), then ${dashboard.usersAgainMs.join(" and ")} ms; Content Tracking ${dashboard.contentMs} ms; overview ${dashboard.overviewMs} ms`,
    );
  }
  for (const { audits, weights } of runs) {
    if (!audits) continue;
    const { lighthouse, chromium, benchmarkIndex } = audits.environment;
    console.log(
      `\nLighthouse ${lighthouse} (mobile, simulated throttling, processor slowed ${CPU_SLOWDOWN}×: a low-end phone), Chromium ${chromium}, benchmarkIndex ${benchmarkIndex}.`,
    );
    console.log('Each page beside its control: the same HTML with its scripts removed, served statically; "TBT +" is what the scripts add.');
    console.table(auditRows(audits.pairs));
    const missing = audits.pairs.filter((pair) => targetsMissed(pair).length > 0);
    const { performanceMin, tbtOverControlMaxMs, lcpMaxMs } = LOW_END_PHONE_TARGET;
    console.log(
      `Low-end phone target (performance ≥ ${performanceMin}, TBT within ${tbtOverControlMaxMs} ms of the control, LCP ≤ ${lcpMaxMs} ms, CLS 0, every page in every round): ` +
        (missing.length === 0
          ? "met"
          : `missed in ${missing.length} of ${audits.pairs.length} audits (${[...new Set(missing.map((pair) => pair.page))].join(", ")})`),
    );
    console.table(weights);
  }
  for (const run of inbox) printInbox(run);
  for (const run of search) printSearch(run);
  // How well search and the assistant understand visitors (`npm run eval`), beside how fast they answer.
  const verdicts = await evaluate();
  const understanding = (["dev", "test", "heldout"] as const).map((split) =>
    figuresOf(
      split,
      verdicts.filter((verdict) => verdict.question.split === split),
    ),
  );
  printFigures(understanding);
  for (const run of meetings) printMeetings(run);
  for (const run of applications) printApplications(run);
  printCampaigns(campaigns);
  const file = path.join(root, "bench/results/latest.json");
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), connections, durationSeconds, baseline, load: rows, runs: runs.map(({ results: _r, ...rest }) => rest), inbox, search, understanding, meetings, applications, campaigns }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${path.relative(root, file)}`);
}

await main();
