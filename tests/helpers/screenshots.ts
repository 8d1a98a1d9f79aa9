import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";

/**
 * Screenshots the browser tests take for a person to look at, written to the folder SCREENSHOT_DIR names and
 * skipped without it: they assert nothing, and each costs about a third of a second of processor time.
 */
export async function screenshotForReview(target: Page | Locator, name: string, { fullPage = false } = {}) {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${name}.png`);
  await ("mainFrame" in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}
