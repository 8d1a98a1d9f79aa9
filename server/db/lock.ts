import { linkSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { createWhole } from "../create-whole";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isAlive(pid: number): boolean {
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

/**
 * Holds the embedded database's directory for this process alone. PGlite has one writer; two processes
 * on the same files would corrupt them, so a second one must stop before it opens anything.
 * A lock left by a process that died (SIGKILL, power loss) is taken over.
 *
 * The lock is created whole (`createWhole`), so it never exists without its holder's pid: a process starting at the same moment cannot mistake a lock still being
 * written for one left by a crash. A dead holder's lock is first moved aside under this process's
 * name; if what was moved turns out to be a live process's fresh lock, it is put back.
 */
export function lockDataDir(lockFile: string): () => void {
  const aside = `${lockFile}.stale.${process.pid}`;
  for (let attempt = 0; attempt < 3; attempt++) {
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
    try {
      renameSync(lockFile, aside);
    } catch {
      continue; // someone else moved it first; try again
    }
    const moved = holderOf(aside);
    if (Number.isInteger(moved) && moved !== holder && moved !== process.pid && isAlive(moved)) {
      try {
        linkSync(aside, lockFile);
      } finally {
        unlinkSync(aside);
      }
      throw lockedBy(lockFile, moved);
    }
    unlinkSync(aside);
  }
  throw new DataDirLockedError(`Could not lock ${lockFile}: another process keeps taking it.`);
}
