import { existsSync } from "node:fs";

/** Debian's Chromium; scripts/ensure-chromium.mjs installs it when missing. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: run "node scripts/ensure-chromium.mjs" (installs Debian's chromium package).`);
  return path;
}

/** Without the background-networking switches Chromium keeps calling out to hosts this machine cannot reach. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
