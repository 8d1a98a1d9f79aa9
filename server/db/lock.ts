import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

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

/**
 * Holds the embedded database's directory for this process alone. PGlite has one writer; two processes
 * on the same files would corrupt them, so a second one must stop before it opens anything.
 * A lock left by a process that died (SIGKILL, power loss) is taken over.
 */
export function lockDataDir(lockFile: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, "utf8") === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The database in ${lockFile.replace(/\/[^/]+$/, "")} is in use by another process (pid ${holder}). ` +
            "Stop that server first, or point DATA_DIR at another directory.",
        );
      }
      try {
        unlinkSync(lockFile); // left behind by a process that is gone
      } catch {
        // someone else removed it; try again
      }
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockFile}: another process keeps taking it.`);
}
