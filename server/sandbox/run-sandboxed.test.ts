import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runSandboxed, sandboxQueue } from "./run-sandboxed";

const PROBE = fileURLToPath(new URL("../../tests/fixtures/sandbox-probe.mjs", import.meta.url));
const limits = { memoryBytes: 128 * 1024 * 1024, cpuSeconds: 2, timeoutMs: 20_000, maxOutputBytes: 1024 };

describe("a sandboxed parser", () => {
  it("takes its input on stdin and answers on stdout, with none of the server's environment", async () => {
    process.env.SANDBOX_TEST_SECRET = "not for parsers";
    const echoed = await runSandboxed(PROBE, ["echo-length"], Buffer.alloc(70_000), limits);
    expect(echoed).toMatchObject({ ok: true });
    expect(echoed.ok && echoed.output.toString()).toBe("70000");
    const environment = await runSandboxed(PROBE, ["environment"], Buffer.alloc(0), limits);
    expect(environment.ok && JSON.parse(environment.output.toString())).not.toContain("SANDBOX_TEST_SECRET");
  });

  it("reads a file given as its input itself, the whole of it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "himal-sandbox-"));
    try {
      const file = path.join(dir, "mail");
      await writeFile(file, Buffer.alloc(3 * 1024 * 1024, 97));
      const echoed = await runSandboxed(PROBE, ["echo-length"], { file }, limits);
      expect(echoed.ok && echoed.output.toString()).toBe(String(3 * 1024 * 1024));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("cannot hold more memory than its limit, in buffers outside the heap too", async () => {
    const result = await runSandboxed(PROBE, ["buffers"], Buffer.alloc(0), limits);
    expect(result).toMatchObject({ ok: false, reason: "failed" });
  });

  it("is ended by the kernel once it has used its processor time", async () => {
    const started = performance.now();
    const result = await runSandboxed(PROBE, ["spin"], Buffer.alloc(0), limits);
    expect(result).toMatchObject({ ok: false, reason: "cpu-limit" });
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it("is killed when its time on the clock runs out, which is told apart from the processor limit", async () => {
    const result = await runSandboxed(PROBE, ["sleep"], Buffer.alloc(0), { ...limits, timeoutMs: 500 });
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
  });

  it("is killed once it says more than it may", async () => {
    const result = await runSandboxed(PROBE, ["chatter"], Buffer.alloc(0), limits);
    expect(result).toMatchObject({ ok: false, reason: "output-too-large" });
  });
});

describe("the sandboxes' turns", () => {
  it("runs at most the given number at once, the rest in the order they came", async () => {
    const inTurn = sandboxQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number) =>
      inTurn(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        order.push(n);
        running--;
      });
    const all = [1, 2, 3, 4].map(work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(all);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4]);
  });
});
