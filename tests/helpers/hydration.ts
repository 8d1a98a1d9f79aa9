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
            // Scripts that have run, and the hints that fetched them, may go: they hold nothing the visitor sees.
            // React Router's <Scripts> draws nothing once the page is live, so the first time the router's state
            // changes (a route found for a link that came into view, say) its module preloads are removed.
            if (node instanceof Element && !node.matches("script, link[rel=modulepreload]") && fromServer.has(node) && !node.isConnected)
              removed.push(node.outerHTML.slice(0, 120));
      }).observe(document, { childList: true, subtree: true });
    });
  });
}

/**
 * Scrolls the page from top to bottom a screen at a time, as a reader does, so that every part out of
 * sight comes near the viewport and is taken over (decision 079), and back to the top.
 */
export async function readToTheEnd(page: Page) {
  await page.evaluate(async () => {
    const drawnTwice = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight) {
      scrollTo(0, top);
      await drawnTwice();
    }
    scrollTo(0, 0);
    await drawnTwice();
  });
  // The last parts' turns, one task each, after the observer's report.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
}

/** What hydration took away of the page shown (watched by `watchHydration`) once it has come alive and been read to the end, or nothing. */
export async function redrawnOnPage(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  await readToTheEnd(page);
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
