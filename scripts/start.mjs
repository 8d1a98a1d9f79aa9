// `npm start`: builds the site and the server when their sources are newer than the build, then runs
// the compiled server in a child process with its heap limit and memory settings
// (scripts/server-process.json), and starts it again whenever it exits without being asked to:
// - one line on stderr says how it ended (exit code or signal) and when it comes back;
// - repeated crashes wait longer each time, 1 s doubling to 30 s, back to 1 s after a minute of running;
// - the next server starts only once the last one and every process it started have gone, so two
//   never hold the embedded database at once; a server that refuses to start (a bad variable, the
//   data directory held by another server) is not started again, and `npm start` exits with its code;
// - SIGTERM or SIGINT stops the server the way it stops itself, and `npm start` exits with it.
import "./supported-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildDir, builtSinceSources, root } from "./build-freshness.mjs";

const serverProcess = JSON.parse(readFileSync(path.join(import.meta.dirname, "server-process.json"), "utf8"));
const serverEntry = path.join(buildDir, "server-app", "main.mjs");
const outputs = [path.join(buildDir, "server", "index.js"), serverEntry];

const FIRST_RESTART_DELAY_MS = 1000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** A server that ran this long before it crashed counts as healthy: the next crash waits the first delay again. */
const HEALTHY_RUN_MS = 60_000;

if (!builtSinceSources(outputs)) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

let server;
let stopSignal;
let restartTimer;
let restartDelayMs = FIRST_RESTART_DELAY_MS;
let crashesInARow = 0;

const say = (line) => console.error(`[npm start] ${line}`);
const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

/** Whether any process of the server's group (the server, and the one it may start to prepare a new database) is still there. */
function groupAlive(groupId) {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Ends whatever the server left behind, and resolves once its whole process group has gone. */
async function reapGroup(groupId) {
  try {
    process.kill(-groupId, "SIGKILL");
  } catch {
    // nothing left
  }
  while (groupAlive(groupId)) await new Promise((resolve) => setTimeout(resolve, 20));
}

function startServer() {
  const startedAt = Date.now();
  // A group of its own, so that whatever it started can be found and ended before the next one opens the database.
  const child = spawn(process.execPath, [...serverProcess.nodeOptions, serverEntry], {
    cwd: root,
    stdio: "inherit",
    detached: true,
    env: { ...process.env, ...serverProcess.env },
  });
  server = child;
  child.once("error", (error) => {
    say(`Could not start the server: ${error.message}`);
    process.exit(1);
  });
  child.once("exit", async (code, signal) => {
    await reapGroup(child.pid);
    server = undefined;
    if (stopSignal) process.exit(code ?? 0);
    if (code === serverProcess.refusedToStartExitCode) process.exit(code);
    const ranMs = Date.now() - startedAt;
    if (ranMs >= HEALTHY_RUN_MS) {
      restartDelayMs = FIRST_RESTART_DELAY_MS;
      crashesInARow = 0;
    }
    crashesInARow++;
    say(
      `The server (pid ${child.pid}) exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${seconds(ranMs)}; ` +
        `starting it again in ${seconds(restartDelayMs)} (crash ${crashesInARow} in a row).`,
    );
    restartTimer = setTimeout(startServer, restartDelayMs);
    restartDelayMs = Math.min(restartDelayMs * 2, LONGEST_RESTART_DELAY_MS);
  });
}

function stop(signal) {
  if (stopSignal) return;
  stopSignal = signal;
  clearTimeout(restartTimer);
  // The server finishes the requests and mail in hand and exits; `npm start` exits once it has.
  if (server) server.kill(signal);
  else process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

startServer();
