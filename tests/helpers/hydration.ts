import type { Page } from "playwright-core";

/**
 * Has every page this one opens note what hydration takes away of the page the server sent: the elements
 * removed from it (a redrawn part is removed first). The browser runs Preact over React's server
 * rendering (decision 023); where the two disagree, Preact redraws.
 */
export async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { __removed: string[] }).__removed = removed;
    // The page's scripts start after its first paint, so everything here at DOMContentLoaded came from the server.
    document.addEventListener("DOMContentLoaded", () => {
      const fromServer = new WeakSet(document.querySelectorAll("*"));
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            // Inline scripts that have run may go: they hold nothing the visitor sees.
            if (node instanceof Element && node.tagName !== "SCRIPT" && fromServer.has(node) && !node.isConnected) removed.push(node.outerHTML.slice(0, 120));
      }).observe(document, { childList: true, subtree: true });
    });
  });
}

/** What hydration took away of the page shown (watched by `watchHydration`) once it has come alive, or nothing. */
export async function redrawnOnPage(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  const removed = await page.evaluate(() => (window as unknown as { __removed: string[] }).__removed);
  const stylesheets = await page.evaluate(() => document.querySelectorAll('head > link[rel="stylesheet"]').length);
  return removed.length > 0 || stylesheets !== 1 ? `${stylesheets} stylesheet(s); removed ${removed.join(" | ")}` : undefined;
}

/** Visits each path and lists what hydration took away of the page the server sent, and a missing stylesheet. */
export async function redrawnByHydration(page: Page, paths: string[]): Promise<string[]> {
  await watchHydration(page);
  const redrawn: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const removed = await redrawnOnPage(page);
    if (removed) redrawn.push(`${path}: ${removed}`);
  }
  return redrawn;
}
