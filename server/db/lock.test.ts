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
