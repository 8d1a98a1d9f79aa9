/**
 * A newsletter to 10,000 confirmed subscribers, sent to a local SMTP server with no speed limit: on the
 * embedded database by the production site itself (as `npm start` runs it); beside PostgreSQL by
 * `npm run worker` in a process of its own, killed twice mid-send and started again (decision 064). The
 * send time and mails per second; every subscriber mailed exactly once, checked against what the mail
 * server accepted; the page p99 for a steady stream of visitors while it sends, against the same stream
 * while it does not, and their errors; and the web server's peak memory.
 *
 * On a shared two-core machine the p99 of one minute can be twice that of the next with nothing changed,
 * so sending and not sending are compared in turns, as an A/B benchmark does: the mail server answers for
 * a few seconds, then keeps its answers back for as long (the site's sender waits on it and does no work),
 * and so on until every mail is in. Each visitor's request counts towards the turn it began and ended in.
 * Alone: `npx tsx bench/campaigns.ts` (builds the site into build-bench first if it is not there).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { prepareEmbeddedDatabase } from "../tests/helpers/prepare";
import { onFreshDatabase, runAlone } from "./at-size";
import { countingSink } from "./counting-sink";
import { benchConfigEnv } from "./server-env";
import { sampleRss, startSite, stop } from "./site-process";

const SUBSCRIBERS = 10_000;
const CONCURRENCY = 4;
/** Visitors arrive at a steady pace, as they do, rather than as fast as the load tool can send them. */
const VISITORS_PER_SECOND = 40;
/**
 * How long each turn lasts: short enough that the machine changes little between a turn and the next,
 * and well within a newsletter job's expiry (its heartbeat keeps a mail kept waiting its worker's).
 */
const TURN_MS = 5000;
/** The start of each turn not counted: the mail in hand when the mail server stops or starts answering. */
const SETTLING_MS = 1000;
/** When the newsletter is scheduled, after the bench has written it: time for the site to start and warm up. */
const LEAD_MS = 30_000;
const P99_BUDGET = 1.25;
/** Beside PostgreSQL, with the worker in a process of its own. */
const MAILS_PER_SECOND_BUDGET = 200;
/** Beside PostgreSQL: the worker is killed when a third and when two thirds of the mail is in. */
const KILLS = 2;
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
  workerKills: number;
  /** Visitors' requests that failed or were not answered 2xx. */
  visitorErrors: number;
  /** How many visitors' requests each p99 is taken over. */
  idleRequests: number;
  sendingRequests: number;
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

interface Answer {
  /** When the request began and ended, on the bench's performance clock. */
  from: number;
  to: number;
  ms: number;
}

/** Visitors on the home page and the blog at a steady pace until stopped: when each request began, and how long it took. */
function visitors(url: string, seconds: number) {
  const answers: Answer[] = [];
  let finished: (result: autocannon.Result) => void;
  const result = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon(
    { url, connections: 10, overallRate: VISITORS_PER_SECOND, duration: seconds, requests: [{ path: "/" }, { path: "/blog" }] },
    (error, done) => {
      if (error) throw error;
      finished(done);
    },
  );
  instance.on("response", (_client, _status, _bytes, ms) => {
    const to = performance.now();
    answers.push({ from: to - ms, to, ms });
  });
  return {
    stop: () => instance.stop(),
    answers: async () => {
      const done = await result;
      return { answers, errors: done.errors + done.timeouts + done.non2xx };
    },
  };
}

const p99 = (latencies: number[]) => {
  const sorted = latencies.toSorted((a, b) => a - b);
  return Math.round((sorted[Math.ceil(sorted.length * 0.99) - 1] ?? Number.NaN) * 10) / 10;
};

/** `npm run worker` as production runs it beside PostgreSQL, on the bench's build. */
function startWorker(options: { dataDir: string; databaseUrl: string; smtpUrl: string }): ChildProcess {
  return spawn(process.execPath, ["scripts/worker.mjs"], {
    cwd: root,
    env: { ...process.env, ...benchConfigEnv(options.dataDir), BUILD_DIR: buildDir, DATABASE_URL: options.databaseUrl, SMTP_URL: options.smtpUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

async function benchCampaign(label: string, options: { dataDir: string; databaseUrl?: string }): Promise<CampaignRun> {
  if (!options.databaseUrl) await prepareEmbeddedDatabase({ dataDir: options.dataDir, buildDir, env: benchConfigEnv(options.dataDir) });
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
  const { databaseUrl } = options;
  const site = await startSite({ ...options, buildDir, env: { SMTP_URL: sink.url, ...(databaseUrl ? { JOBS: "worker" } : {}) } });
  let worker = databaseUrl ? startWorker({ dataDir: options.dataDir, databaseUrl, smtpUrl: sink.url }) : undefined;
  let kills = 0;
  try {
    await visitors(site.url, 5).answers(); // warm-up
    const crowd = visitors(site.url, 1800);
    await until(() => sink.total() > 0, LEAD_MS + 30_000, "the newsletter to begin");
    const memory = sampleRss(site.serverPid);
    const turns: { sending: boolean; from: number; to: number }[] = [];
    const everyMail = () => sink.total() >= SUBSCRIBERS;
    while (!everyMail()) {
      const sending = turns.length % 2 === 0;
      if (sending) sink.answer();
      else sink.hold();
      const from = performance.now();
      await until(() => everyMail() || performance.now() - from >= TURN_MS, TURN_MS + 1000, "the turn to end");
      turns.push({ sending, from, to: performance.now() });
      // Killed while the mail server keeps its answers back, as most of a worker's time is spent: the
      // mails in hand were never accepted, and the jobs holding them go to the next worker.
      if (worker && !sending && kills < KILLS && sink.total() >= ((kills + 1) * SUBSCRIBERS) / (KILLS + 1)) {
        await kill(worker);
        kills++;
        // The mails its connections held were never accepted; answering them before the mail server
        // has seen those connections close would count them, and their second sending as duplicates.
        await until(() => sink.connections() === 0, 10_000, "the killed worker's connections to close");
        worker = startWorker({ dataDir: options.dataDir, databaseUrl: databaseUrl!, smtpUrl: sink.url });
      }
    }
    sink.answer();
    crowd.stop();
    const { answers, errors: visitorErrors } = await crowd.answers();
    const peakRssMb = memory.stop();
    // A moment more, so that a duplicate still on its way would be counted.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const within = (sending: boolean) =>
      answers
        .filter((answer) => turns.some((turn) => turn.sending === sending && answer.from >= turn.from + SETTLING_MS && answer.to <= turn.to))
        .map((answer) => answer.ms);
    const idle = within(false);
    const whileSending = within(true);
    const idleP99 = p99(idle);
    const sendingP99 = p99(whileSending);
    const sendingSeconds = turns.filter((turn) => turn.sending).reduce((sum, turn) => sum + (turn.to - turn.from) / 1000, 0);

    const received = await sink.close();
    const duplicates = [...received.values()].reduce((sum, count) => sum + count - 1, 0);
    const missing = SUBSCRIBERS - received.size;
    const p99Ratio = Math.round((sendingP99 / idleP99) * 100) / 100;
    return {
      database: label,
      subscribers: SUBSCRIBERS,
      sendSeconds: Math.round(sendingSeconds * 10) / 10,
      mailsPerSecond: Math.round(SUBSCRIBERS / sendingSeconds),
      duplicates,
      missing,
      workerKills: kills,
      visitorErrors,
      idleRequests: idle.length,
      sendingRequests: whileSending.length,
      idleP99,
      sendingP99,
      p99Ratio,
      peakRssMb,
      pass:
        duplicates === 0 &&
        missing === 0 &&
        visitorErrors === 0 &&
        peakRssMb <= RSS_BUDGET_MB &&
        // With its own worker, the web process keeps its pace and the mail goes fast; on the embedded
        // database the site sends at a modest fixed pace beside its visitors, and owes them no errors.
        (!databaseUrl || (p99Ratio <= P99_BUDGET && SUBSCRIBERS / sendingSeconds >= MAILS_PER_SECOND_BUDGET)),
    };
  } finally {
    if (worker) await kill(worker);
    await stop(site.child);
    await sink.close();
  }
}

export const benchCampaignsPglite = () => onFreshDatabase("campaigns", undefined, (options) => benchCampaign("pglite", options));
export const benchCampaignsPostgres = (serverUrl: string) => onFreshDatabase("campaigns", serverUrl, (options) => benchCampaign("postgres", options));

export function printCampaigns(runs: CampaignRun[]) {
  console.log(
    `\nA newsletter to ${SUBSCRIBERS.toLocaleString("en-US")} subscribers at full speed (${CONCURRENCY} connections), visitors at ${VISITORS_PER_SECOND}/s on / and /blog` +
      ` (budget: none twice, none missed, no visitor's request failed, RSS ≤ ${RSS_BUDGET_MB} MB; beside PostgreSQL, with the worker killed ${KILLS} times,` +
      ` also page p99 within ${Math.round((P99_BUDGET - 1) * 100)} % of idle and ≥ ${MAILS_PER_SECOND_BUDGET} mails/s;` +
      ` sending and idle in turns of ${TURN_MS / 1000} s, requests counted in brackets)`,
  );
  console.table(
    runs.map((run) => ({
      database: run.database,
      "send s": run.sendSeconds,
      "mails/s": run.mailsPerSecond,
      duplicates: run.duplicates,
      missing: run.missing,
      "worker killed": run.workerKills,
      "visitor errors": run.visitorErrors,
      "idle p99 ms": `${run.idleP99} (${run.idleRequests})`,
      "sending p99 ms": `${run.sendingP99} (${run.sendingRequests})`,
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
