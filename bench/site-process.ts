/** The production site in a process of its own, as `npm start` runs it, for the benches to load and watch. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../tests/helpers/port";
import { benchServerEnv } from "./server-env";

const root = path.resolve(import.meta.dirname, "..");

export async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<number> {
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

/** Starts the site the way `npm start` does (its rebuild check included), timing spawn to ready. */
export async function startSite(options: {
  dataDir: string;
  databaseUrl?: string;
  buildDir: string;
  /** Settings beyond the bench's own, such as the mail server. */
  env?: Record<string, string>;
}): Promise<{ url: string; child: ChildProcess; serverPid: number; readyMs: number }> {
  const { dataDir, databaseUrl, buildDir } = options;
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      ...benchServerEnv({ port, dataDir, buildDir, databaseUrl }),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const readyMs = await waitReady(`http://127.0.0.1:${port}/readyz`, child, () => output);
  // Sources edited while the bench runs make `npm start` rebuild first; that start is not timed.
  if (output.includes("Building the site")) {
    await stop(child);
    return startSite(options);
  }
  // A site that dies under load ends the run with its own last words, not a figure taken from nothing.
  child.once("exit", (code, signal) => {
    if (stopping.has(child)) return;
    console.error(`\nThe site exited during the run (code ${code}, signal ${signal}). Its output:\n${output.slice(-4000)}`);
    process.exit(1);
  });
  // `npm start` runs the server as its child: the figures are that process's.
  const [serverPid] = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  return { url: `http://127.0.0.1:${port}`, child, serverPid: serverPid!, readyMs };
}

const stopping = new WeakSet<ChildProcess>();

export function stop(child: ChildProcess): Promise<void> {
  stopping.add(child);
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Samples a process's resident memory while a load runs; the peak under load, which the kernel's
 * high-water mark would blur with the one-off peak of opening the database at start.
 */
export function sampleRss(pid: number) {
  let peakKb = 0;
  const sample = () => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    peakKb = Math.max(peakKb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      return Math.round(peakKb / 1024);
    },
  };
}
