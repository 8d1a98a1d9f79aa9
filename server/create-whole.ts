import { linkSync, rmSync, writeFileSync } from "node:fs";

/**
 * Creates `file` holding `content`, whole or not at all: the content is written to a file of this
 * process's own and linked into place, so no other process ever reads it half-written. False when
 * the file already exists (another process made it first); nothing is changed then.
 */
export function createWhole(file: string, content: string): boolean {
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, content, { mode: 0o600 });
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
