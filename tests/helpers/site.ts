import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { ServerBuild } from "react-router";
import { afterAll, inject } from "vitest";
import { startEnv, startNodeOptions } from "./start-options";
import { builtSinceSources } from "../../scripts/build-freshness.mjs";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { loadServerBuild } from "../../server/http/pages";
import { startInboundMail, type InboundMailListener } from "../../server/mail/inbound";
import { createBackgroundWork } from "../../server/background";
import { MAIL_QUEUE } from "../../server/mail/jobs";
import { seedSampleContent } from "../../server/seed";
import { createTestDatabase } from "./database";
import { freePort } from "./port";

export { freePort };

const root = path.resolve(import.meta.dirname, "../..");
/** Several builds can sit side by side (BUILD_DIR), e.g. while different areas are built at once. */
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
/** The server as `npm run build` compiles it and `npm start` runs it (its heap limit and memory settings). */
const serverEntry = path.join(buildDir, "server-app/main.mjs");
const serverCommand = [...startNodeOptions, serverEntry];

export interface ServerProcess {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A build newer than every source: a stale one would test other code than the checkout's, and `npm start`,
 * which rebuilds a stale build, would rewrite it under the other suites' running servers (their résumé
 * readers, loaded from it, gone for the seconds it takes).
 */
export function requireBuild() {
  if (!existsSync(path.join(buildDir, "server/index.js")) || !existsSync(serverEntry))
    throw new Error(`No site build in ${buildDir}: run "npm run build" (npm test does it first).`);
  if (!builtSinceSources([path.join(buildDir, "server/index.js"), serverEntry]))
    throw new Error(`The site build in ${buildDir} is older than its sources: run "npm run build" (npm test does it first).`);
}

/**
 * The built server's process, as `npm start` runs it, its output piped; `env` adds to the test settings or
 * overrides them, `nodeOptions` add to node's (e.g. `--trace-gc`, to read the heap's peak from outside).
 */
export function launchServer(env: Record<string, string>, nodeOptions: string[] = []): ChildProcess {
  requireBuild();
  return spawn(process.execPath, [...nodeOptions, ...serverCommand], {
    cwd: root,
    env: { ...process.env, ...startEnv, NODE_ENV: "test", LOG_LEVEL: "warn", BUILD_DIR: buildDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Starts the built site as `npm start` runs it, in its own process, on its own embedded database. */
export async function spawnServer(
  options: { env?: Record<string, string>; nodeOptions?: string[]; dataDir?: string; readyTimeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "himal-site-")));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = launchServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, ...options.env }, options.nodeOptions);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL"); // never left running behind a failed test
      throw new Error(`The site did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Starts a server on a data directory another server holds; resolves once it has exited, with what it said. */
export async function startSecondServer(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const second = launchServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
  let stderr = "";
  second.stderr!.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
  return { code, stderr };
}

let shared: Promise<Browser> | undefined;

/** The run's one Chromium. */
export function browser(): Promise<Browser> {
  shared ??= chromium.connect(inject("browserEndpoint"));
  return shared;
}

export interface TestSite {
  url: string;
  app: App;
  database: DatabaseHandle;
  /** The SMTP listener for visitors' mail, as the server runs it when INBOUND_SMTP_PORT is set (0: any free port). */
  inboundMail?: InboundMailListener;
  /** Sends the mail that is due now, as the outbox worker does on its own. */
  flushMail(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The built site served in this test process on a fresh database cloned from the template, so a test
 * can look into the database and the mail sink behind what the browser did.
 */
export async function startSite(
  options: {
    smtpUrl?: string;
    seed?: boolean;
    env?: Record<string, string>;
    /** Changes the site build before it is served (a test-only page). */ siteBuild?: (build: ServerBuild) => ServerBuild;
    /** The clock the server reads, for a test that moves time (a code of the next 30 seconds, an expiry). */
    now?: () => Date;
    /** The port to listen on, for a test whose PUBLIC_URL must name it beforehand (a provider's redirect address); any free one by default. */
    port?: number;
  } = {},
): Promise<TestSite> {
  requireBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), "himal-site-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://127.0.0.1:3000",
    SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
    BUILD_DIR: buildDir,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const database = await createTestDatabase();
  const build = await loadServerBuild(buildDir);
  const app = await buildApp({ config, database, now: options.now, siteBuild: options.siteBuild ? options.siteBuild(build) : build, runJobs: true });
  if (options.seed) await seedSampleContent(app.services, app.log);
  const address = await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const background = await createBackgroundWork(app, config, database);
  await background.start();
  const inboundMail = config.inboundSmtp
    ? await startInboundMail({ ...config.inboundSmtp, domain: config.inboundMailDomain!, conversations: app.services.conversations, log: app.log })
    : undefined;
  return {
    url: address,
    app,
    database,
    inboundMail,
    flushMail: () => app.jobs.drain(MAIL_QUEUE.name),
    async stop() {
      await inboundMail?.close();
      await app.close();
      await background.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium names itself in its user agent, and the analytics rightly ignore crawlers; tests browse as a person's Chrome. */
const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/**
 * A page's scripts load after its first paint (app/lib/paint-first.ts), so the load event can come
 * before React has taken the page over. A person is slower than that; a test is not, so on these
 * pages `goto` and `reload` return once the page is hydrated: its layout has run its effects (`data-hydrated`), so every handler and effect of the first render is in place.
 */
function awaitHydration(page: Page) {
  const hydrated = () => page.waitForFunction(() => "hydrated" in document.documentElement.dataset || !document.querySelector('script[type="module"]'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** A fresh browser profile (no cookies, no storage) at a given viewport width. */
export async function newPage(
  site: { url: string },
  width = 1280,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await browser()).newContext({ baseURL: site.url, viewport: { width, height: 900 }, userAgent: PERSON_USER_AGENT, ...options });
  if (options.javaScriptEnabled !== false) context.on("page", awaitHydration);
  const page = await context.newPage();
  return { context, page };
}

/**
 * One tab per width, opened at its first use and closed after the file's tests, for checks that only read
 * the pages they go to: a fresh browser context is a new renderer process and a cold first load, about twice
 * a visit's processor time (docs/performance.md, decision 095). Call it where a file's tests are declared.
 */
export function tabPerWidth(site: () => { url: string }): (width: number) => Promise<{ context: BrowserContext; page: Page }> {
  const tabs = new Map<number, Promise<{ context: BrowserContext; page: Page }>>();
  afterAll(async () => {
    for (const tab of tabs.values()) await (await tab).context.close();
  });
  return (width) => {
    const tab = tabs.get(width) ?? newPage(site(), width);
    tabs.set(width, tab);
    return tab;
  };
}
