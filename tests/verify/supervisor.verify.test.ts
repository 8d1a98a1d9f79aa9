import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import serverProcess from "../../scripts/server-process.json";
import { isAlive } from "../../server/db/lock";
import { freePort } from "../helpers/port";
import { requireBuild } from "../helpers/site";
import { preparedEmbeddedDatabase, newDataDir, recordFigures, SHARED_SECRET, waitUntil } from "./support/site";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm start` itself, on a data directory and port of its own, its output collected. */
async function npmStart(dataDir: string) {
  // Run on a stale build, `npm start` would build the site again, under the other suites' servers.
  requireBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SECRET_KEY: SHARED_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { url, child, exited, output: () => output };
}

/** The processes a process started, from /proc. */
const childrenOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));

const healthy = async (url: string) => {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

/** The server `npm start` runs once it answers /healthz, other than `previous`. */
const serverAnswering = (start: { url: string; child: ChildProcess }, previous?: number) =>
  waitUntil(
    async () => {
      const [server] = childrenOf(start.child.pid!);
      return server !== undefined && server !== previous && (await healthy(start.url)) ? server : undefined;
    },
    120_000,
    "the server to answer /healthz",
  );

it("brings a killed server back with a growing delay, refuses a second npm start on the same data directory, and stops for good on SIGTERM", async () => {
  const dataDir = await newDataDir();
  await preparedEmbeddedDatabase(dataDir);
  const start = await npmStart(dataDir);
  try {
    const first = await serverAnswering(start);

    // The embedded database belongs to the running server: a second `npm start` says so and gives up at once.
    const second = await npmStart(dataDir);
    expect(await second.exited).toBe(serverProcess.refusedToStartExitCode);
    expect(second.output()).toContain(`is in use by another process (pid ${first})`);
    expect(second.output()).not.toContain("starting it again");

    process.kill(first, "SIGKILL");
    const back = await serverAnswering(start, first);
    expect(isAlive(first)).toBe(false);
    expect(start.output()).toContain(`The server (pid ${first}) exited unexpectedly (signal SIGKILL)`);
    expect(start.output()).toContain("starting it again in 1 s (crash 1 in a row)");

    // A second crash soon after the first waits twice as long.
    process.kill(back, "SIGKILL");
    const third = await serverAnswering(start, back);
    expect(start.output()).toContain(`The server (pid ${back}) exited unexpectedly (signal SIGKILL)`);
    expect(start.output()).toContain("starting it again in 2 s (crash 2 in a row)");

    start.child.kill("SIGTERM");
    expect(await start.exited).toBe(0);
    expect(isAlive(third)).toBe(false);
    expect(await healthy(start.url)).toBe(false);
    expect(start.output().match(/exited unexpectedly/g)).toHaveLength(2);
    recordFigures({ suite: "faults", fault: "server killed twice under npm start (SIGKILL)", injected: 2, survived: true, rowsLost: 0 });
  } finally {
    // The server runs in a process group of its own: a failed test ends it first, then `npm start`.
    if (start.child.exitCode === null) {
      for (const pid of childrenOf(start.child.pid!)) process.kill(pid, "SIGKILL");
      start.child.kill("SIGKILL");
    }
    await rm(dataDir, { recursive: true, force: true });
  }
});
