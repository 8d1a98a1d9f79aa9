/**
 * What a page does on a phone's main thread once it is loaded and nobody touches it, two builds of the site
 * side by side: each page loaded in Chromium at a phone's size, its processor slowed 8× by DevTools, left to
 * be taken over, then watched for five seconds. For each, the share of the main thread its tasks took and the
 * style recalculations and layouts it ran: an endless animation the compositor cannot run alone is restyled
 * and painted on the main thread at every frame, and a tap waits behind it.
 *
 *   tsx bench/idle-main-thread.ts http://127.0.0.1:3100 http://127.0.0.1:3101 / /about   (BENCH_IDLE_RUNS=3 by default)
 */
import type { Browser } from "playwright-core";
import { CPU_SLOWDOWN } from "./lighthouse";
import { median, sideBySide, sitesAndPaths } from "./side-by-side";

/** How long after its load a page is left before it is watched: it has been taken over by then at this speed. */
const SETTLE_MS = 5_000;
const WATCH_MS = 5_000;

interface Idle {
  busyShare: number;
  restyles: number;
  layouts: number;
}

async function idle(browser: Browser, url: string): Promise<Idle> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Performance.enable");
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    const metrics = async () => new Map((await cdp.send("Performance.getMetrics")).metrics.map((metric) => [metric.name, metric.value]));
    const before = await metrics();
    await page.waitForTimeout(WATCH_MS);
    const after = await metrics();
    const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    return { busyShare: grew("TaskDuration") / (WATCH_MS / 1000), restyles: grew("RecalcStyleCount"), layouts: grew("LayoutCount") };
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.env.BENCH_IDLE_RUNS ?? 3);
  await sideBySide({
    ...sitesAndPaths("tsx bench/idle-main-thread.ts <site A> <site B> <path>…"),
    runs,
    title: `The main thread of a page left alone for ${WATCH_MS / 1000} s, Chromium's processor slowed ${CPU_SLOWDOWN}× by DevTools, ${runs} loads a page a site`,
    measure: idle,
    row: (watched) => ({
      "main thread busy, median": `${Math.round(median(watched.map((one) => one.busyShare)) * 100)} %`,
      "restyles in 5 s, median": median(watched.map((one) => one.restyles)),
      "layouts in 5 s, median": median(watched.map((one) => one.layouts)),
    }),
  });
}
