import { existsSync } from "node:fs";

/** Debian's Chromium headless shell (decision 075); scripts/ensure-chromium.mjs installs it when missing. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
  if (!existsSync(path))
    throw new Error(
      `Chromium's headless shell not found at ${path}: run "node scripts/ensure-chromium.mjs" (installs Debian's chromium-headless-shell package).`,
    );
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
