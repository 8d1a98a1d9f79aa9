import { chmodSync, lstatSync, readdirSync, type Stats } from "node:fs";
import path from "node:path";

/**
 * The umask of the server and the admin CLI: what they create (folders, mail files, exports, the
 * secret) is their user's alone, whatever umask they were started with
 * (docs/decisions/055-slow-clients-and-owner-only-files.md).
 */
export const OWNER_ONLY_UMASK = 0o077;

const GROUP_AND_OTHERS = 0o077;

const statIfThere = (file: string): Stats | undefined => {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined; // removed meanwhile
    throw error;
  }
};

/**
 * Takes every permission of group and others from `directory` and everything in it (folders 0700,
 * files 0600). PGlite sets the mode of each file it makes itself, past the umask: 0666 for those of a
 * new database, 0644 for its relation caches. A data directory restored, copied or moved may hold any
 * mode. Symbolic links are left alone: a mode set through one would land on what it points to.
 */
export function makeOwnerOnly(directory: string): void {
  const pending = [directory];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const stats = statIfThere(entry);
    if (!stats || stats.isSymbolicLink()) continue;
    if (stats.mode & GROUP_AND_OTHERS) chmodSync(entry, stats.mode & 0o7777 & ~GROUP_AND_OTHERS);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) pending.push(path.join(entry, name));
  }
}
