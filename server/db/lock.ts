import { readFileSync, unlinkSync } from "node:fs";
import { createWhole } from "../create-whole";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** Whether a process with this pid is running (one owned by another user counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const holderOf = (file: string) => Number.parseInt(readFileSync(file, "utf8"), 10);

const lockedBy = (lockFile: string, holder: number) =>
  new DataDirLockedError(
    `The database in ${lockFile.replace(/\/[^/]+$/, "")} is in use by another process (pid ${holder}). ` +
      "Stop that server first, or point DATA_DIR at another directory.",
  );

/** Waits a few milliseconds without giving the event loop a turn: taking the lock happens once, at start. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Holds the embedded database's directory for this process alone. PGlite has one writer; two processes
 * on the same files would corrupt them, so a second one must stop before it opens anything.
 * A lock left by a process that died (SIGKILL, power loss) is taken over.
 *
 * The lock is created whole (`createWhole`), so it never exists without its holder's pid: a process
 * starting at the same moment cannot mistake a lock still being written for one left by a crash.
 * Only the process holding the takeover file (`.takeover`, also created whole) may remove a dead
 * holder's lock, and it reads the holder again first. No one else can replace an existing lock, so
 * the lock it found dead is the one it removes, never a fresh lock another process made meanwhile.
 */
export function lockDataDir(lockFile: string): () => void {
  const takeover = `${lockFile}.takeover`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createWhole(lockFile, String(process.pid))) {
      return () => {
        try {
          if (holderOf(lockFile) === process.pid) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    }
    let holder: number;
    try {
      holder = holderOf(lockFile);
    } catch {
      continue; // released meanwhile; try again
    }
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw lockedBy(lockFile, holder);
    if (!createWhole(takeover, String(process.pid))) {
      // Another process is taking the dead lock over; a takeover file whose maker died is cleared.
      try {
        if (!isAlive(holderOf(takeover))) unlinkSync(takeover);
      } catch {
        // gone meanwhile
      }
      pause(5);
      continue;
    }
    try {
      const still = holderOf(lockFile);
      if (still === holder) unlinkSync(lockFile);
    } catch {
      // released meanwhile
    } finally {
      unlinkSync(takeover);
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockFile}: another process keeps taking it.`);
}
