import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock";

const lockFile = () => path.join(mkdtempSync(path.join(tmpdir(), "himal-lock-")), "db.lock");

describe("lockDataDir", () => {
  it("refuses a second holder while the first is alive, naming the process", () => {
    const file = lockFile();
    // A live process other than this one holds the lock.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    writeFileSync(file, String(holder.pid));
    try {
      expect(() => lockDataDir(file)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(file)).toThrow(new RegExp(`in use by another process \\(pid ${holder.pid}\\)`));
      expect(readFileSync(file, "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that died, and releases it", () => {
    const file = lockFile();
    writeFileSync(file, "999999999");
    const release = lockDataDir(file);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });
});

describe("lockDataDir, many processes at once", () => {
  /** Starts `count` processes that all try the lock at the same instant; resolves with what each got. */
  async function race(file: string, count: number): Promise<string[]> {
    const startAt = Date.now() + 4000;
    const script = [
      `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, "lock.ts"))};`,
      `while (Date.now() < ${startAt});`,
      `let outcome;`,
      `try { lockDataDir(${JSON.stringify(file)}); outcome = "locked"; } catch (error) { outcome = error.name; }`,
      `console.log(outcome);`,
      // The winner keeps its lock until every process has tried: the test then closes their input.
      `process.stdin.resume();`,
      `process.stdin.on("end", () => process.exit(0));`,
    ].join("\n");
    const children = Array.from({ length: count }, () => spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]));
    const outcomes = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let output = "";
            child.stdout.on("data", (chunk) => {
              output += chunk;
              if (output.includes("\n")) resolve(output.trim());
            });
            child.on("exit", () => resolve(output.trim()));
          }),
      ),
    );
    await Promise.all(children.map((child) => new Promise((resolve) => (child.stdin.end(), child.on("exit", resolve)))));
    return outcomes;
  }

  it("lets exactly one of several servers starting together hold the directory", { timeout: 60_000 }, async () => {
    const outcomes = await race(lockFile(), 6);
    expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "DataDirLockedError")).toHaveLength(5);
  });

  it("lets exactly one of them take over a lock left by a process that died", { timeout: 60_000 }, async () => {
    const file = lockFile();
    writeFileSync(file, "999999999");
    const outcomes = await race(file, 6);
    expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "DataDirLockedError")).toHaveLength(5);
  });
});
