/**
 * A newsletter to 10,000 confirmed subscribers, sent by the production site (as `npm start` runs it) to a
 * local SMTP server with no speed limit: the send time and mails per second; every subscriber mailed
 * exactly once, checked against what the mail server received; the page p99 for a steady stream of
 * visitors while it sends, against the same stream before; and the server's peak memory meanwhile.
 * Alone: `npx tsx bench/campaigns.ts` (builds the site into build-bench first if it is not there).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { onFreshDatabase, runAlone } from "./at-size";
import { countingSink } from "./counting-sink";
import { sampleRss, startSite, stop } from "./site-process";

const SUBSCRIBERS = 10_000;
const CONCURRENCY = 4;
/** Visitors arrive at a steady pace, as they do, rather than as fast as the load tool can send them. */
const VISITORS_PER_SECOND = 40;
/** Long enough that the idle p99 is the 24th slowest of 2,400 requests: as the 8th of 800 it read 10 ms in one run and 20 in the next. */
const IDLE_SECONDS = 60;
/** When the newsletter is scheduled, after the bench has written it: time for the site to start and the idle figure to be taken. */
const LEAD_MS = 95_000;
const P99_BUDGET = 1.25;
const RSS_BUDGET_MB = 300;
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "build-bench");

export interface CampaignRun {
  database: string;
  subscribers: number;
  sendSeconds: number;
  mailsPerSecond: number;
  duplicates: number;
  missing: number;
  idleP99: number;
  sendingP99: number;
  p99Ratio: number;
  peakRssMb: number;
  pass: boolean;
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Visitors on the home page and the blog at a steady pace until `done`; their p99 in ms. */
function visitors(url: string, seconds: number) {
  let finished: (result: autocannon.Result) => void;
  const result = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon(
    { url, connections: 10, overallRate: VISITORS_PER_SECOND, duration: seconds, requests: [{ path: "/" }, { path: "/blog" }] },
    (error, done) => {
      if (error) throw error;
      finished(done);
    },
  );
  return {
    stop: () => instance.stop(),
    p99: async () => {
      const done = await result;
      if (done.errors || done.non2xx) throw new Error(`visitors saw ${done.errors} errors and ${done.non2xx} non-2xx answers`);
      return done.latency.p99;
    },
  };
}

async function benchCampaign(label: string, options: { dataDir: string; databaseUrl?: string }): Promise<CampaignRun> {
  const database = await openDatabase(options);
  await database.migrate();
  const at = new Date();
  await database.db.execute(sql`
    insert into newsletter_subscriptions (email, status, confirmed_at, ip_hash, user_agent, created_at)
    select 'reader' || n || '@example.com', 'confirmed', ${at}, 'bench', 'bench', ${at} from generate_series(1, ${SUBSCRIBERS}) as n`);
  const sendAt = new Date(at.getTime() + LEAD_MS);
  await database.db.execute(sql`
    insert into campaigns (subject, preheader, body, status, concurrency, scheduled_at, created_at, updated_at)
    values ('Notes from the Himalaya', 'This month', ${"# Hello\n\nRead [our guide](https://himaltech.com.np/blog/1) and [the paper](https://example.org/paper).\n\n".repeat(3)},
      'scheduled', ${CONCURRENCY}, ${sendAt}, ${at}, ${at})`);
  await database.close();

  const sink = await countingSink();
  const site = await startSite({ ...options, buildDir, env: { SMTP_URL: sink.url } });
  try {
    await visitors(site.url, 5).p99(); // warm-up
    const idleP99 = await visitors(site.url, IDLE_SECONDS).p99();
    if (sink.total() > 0) throw new Error("the newsletter began before the idle figure was taken: give the site more lead time");

    await until(() => sink.total() > 0, LEAD_MS + 30_000, "the newsletter to begin");
    const memory = sampleRss(site.serverPid);
    const during = visitors(site.url, 600);
    await until(() => sink.total() >= SUBSCRIBERS, 600_000, "every mail");
    during.stop();
    const sendingP99 = await during.p99();
    const peakRssMb = memory.stop();
    // A moment more, so that a duplicate still on its way would be counted.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const received = await sink.close();
    const duplicates = [...received.values()].reduce((sum, count) => sum + count - 1, 0);
    const missing = SUBSCRIBERS - received.size;
    const sendSeconds = Math.round(sink.seconds() * 10) / 10;
    const p99Ratio = Math.round((sendingP99 / idleP99) * 100) / 100;
    return {
      database: label,
      subscribers: SUBSCRIBERS,
      sendSeconds,
      mailsPerSecond: Math.round(SUBSCRIBERS / sink.seconds()),
      duplicates,
      missing,
      idleP99,
      sendingP99,
      p99Ratio,
      peakRssMb,
      pass: duplicates === 0 && missing === 0 && p99Ratio <= P99_BUDGET && peakRssMb <= RSS_BUDGET_MB,
    };
  } finally {
    await stop(site.child);
    await sink.close();
  }
}

export const benchCampaignsPglite = () => onFreshDatabase("campaigns", undefined, (options) => benchCampaign("pglite", options));
export const benchCampaignsPostgres = (serverUrl: string) => onFreshDatabase("campaigns", serverUrl, (options) => benchCampaign("postgres", options));

export function printCampaigns(runs: CampaignRun[]) {
  console.log(
    `\nA newsletter to ${SUBSCRIBERS.toLocaleString("en-US")} subscribers at full speed (${CONCURRENCY} connections), visitors at ${VISITORS_PER_SECOND}/s on / and /blog` +
      ` (budget: none twice, none missed, page p99 within ${Math.round((P99_BUDGET - 1) * 100)} % of idle, RSS ≤ ${RSS_BUDGET_MB} MB)`,
  );
  console.table(
    runs.map((run) => ({
      database: run.database,
      "send s": run.sendSeconds,
      "mails/s": run.mailsPerSecond,
      duplicates: run.duplicates,
      missing: run.missing,
      "idle p99 ms": run.idleP99,
      "sending p99 ms": run.sendingP99,
      "× idle": run.p99Ratio,
      "peak RSS MB": run.peakRssMb,
      budget: run.pass ? "pass" : "FAIL",
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && !existsSync(path.join(buildDir, "client"))) {
  spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

await runAlone(import.meta.url, {
  pglite: benchCampaignsPglite,
  postgres: (serverUrl) => benchCampaignsPostgres(serverUrl),
  print: (run) => printCampaigns([run]),
});
