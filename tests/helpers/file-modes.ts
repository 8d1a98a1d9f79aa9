import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/** Every file and folder under `directory` (itself included) that group or others may use, as "relative/path 644". */
export function notOwnerOnly(directory: string): string[] {
  const found: string[] = [];
  const pending = [directory];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) continue;
    if (stats.mode & 0o077) found.push(`${path.relative(directory, entry) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) pending.push(path.join(entry, name));
  }
  return found.sort();
}

/** Runs `work` under `umask`, as a process started from a shell with it would. */
export async function underUmask<T>(umask: number, work: () => Promise<T>): Promise<T> {
  const before = process.umask(umask);
  try {
    return await work();
  } finally {
    process.umask(before);
  }
}
