import { readFileSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { isAlive } from "../../server/db/lock";
import { pageViews } from "../../server/modules/analytics/schema";
import serverProcess from "../../scripts/server-process.json";
import { freePort, launchServer, spawnServer, startSecondServer, type ServerProcess } from "../helpers/site";

/**
 * Each server here starts on a fresh data directory and migrates it first, which takes a while on a
 * busy machine: generous limits, so only a server that never gets ready fails. (Beside the other suites
 * on two cores, a first start has taken more than 90 s.)
 */
const READY_MS = 180_000;
const SLOW = { timeout: 420_000 };

/** A process's peak resident memory since it started, in MB, from /proc. */
const peakMemoryMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const childrenOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));

describe("the server process", () => {
  // One fresh data directory for both: preparing one is most of this file's time.
  it("refuses a second server on its data directory while serving, then starts again on it after a clean stop, with nothing lost", SLOW, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "himal-shared-"));
    let running: ServerProcess | undefined;
    try {
      const first = (running = await spawnServer({ dataDir, readyTimeoutMs: READY_MS }));
      // The new database was prepared by a process of its own: PostgreSQL's initdb, which peaks at
      // some 700 MB, never ran in the server, and left none of its memory there.
      expect(peakMemoryMb(first.process.pid!)).toBeLessThan(400);
      // A first visitor finds the sample content.
      expect(((await (await fetch(`${first.url}/api/blog/posts/`)).json()) as { count: number }).count).toBeGreaterThan(0);
      const beacon = await fetch(`${first.url}/api/analytics/pageview`, {
        method: "POST",
        body: JSON.stringify({ path: "/kept" }),
        headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 Firefox/130" },
      });
      expect(beacon.status).toBe(204);

      const { code, stderr } = await startSecondServer(dataDir);
      expect(code).toBe(serverProcess.refusedToStartExitCode);
      expect(stderr).toContain(`is in use by another process (pid ${first.process.pid})`);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${first.url}/`)).status).toBe(200);
      expect(await first.stop("SIGTERM")).toBe(0);

      const again = (running = await spawnServer({ dataDir, readyTimeoutMs: READY_MS }));
      expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
      expect(await again.stop()).toBe(0);
      // The page view stored before the first stop is still there.
      const database = await openDatabase({ dataDir });
      try {
        expect((await database.db.select().from(pageViews)).map((row) => row.path)).toEqual(["/kept"]);
      } finally {
        await database.close();
      }
    } finally {
      // A server whose assertion failed is never left running behind the test (stop is a no-op once it has exited).
      await running?.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("stopped while it prepares a new data directory, leaves no process behind", SLOW, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "himal-prepare-"));
    const server = launchServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    let stderr = "";
    server.stderr!.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      let preparer: number | undefined;
      while (!(preparer = childrenOf(server.pid!)[0])) await new Promise((resolve) => setTimeout(resolve, 20));
      server.kill("SIGTERM");
      expect(await exited).toBe(serverProcess.refusedToStartExitCode);
      expect(stderr).toContain("Preparing the database stopped (SIGTERM)");
      expect(isAlive(preparer)).toBe(false);
    } finally {
      server.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses to start with a bad variable, naming it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(serverProcess.refusedToStartExitCode);
    expect(stderr).toContain("PORT:");
  });
});
