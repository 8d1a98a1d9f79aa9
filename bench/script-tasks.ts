/**
 * The main-thread tasks a page's scripts run on a phone, two builds of the site side by side: each page
 * loaded in Chromium with its processor slowed 8× by DevTools (real throttling, not Lighthouse's
 * simulation, which scales what it saw at full speed and so cannot see work moved off the main thread),
 * the two sites in alternating order, as many rounds as asked. For each load, the tasks that run the page's
 * script until five seconds after the load event (by when the page is taken over); a task's blocking time is
 * what it lasts past 50 ms.
 *
 *   tsx bench/script-tasks.ts http://127.0.0.1:3100 http://127.0.0.1:3101 / /about   (BENCH_SCRIPT_TASK_RUNS=8 by default)
 */
import type { Browser } from "playwright-core";
import { CPU_SLOWDOWN } from "./lighthouse";
import { median, sideBySide, sitesAndPaths } from "./side-by-side";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
}

const SCRIPT_EVENTS = new Set(["EvaluateScript", "v8.evaluateModule", "RunMicrotasks", "FunctionCall"]);
/** How long after its load event a page has to be taken over, at this speed (it takes about 1.5 s). */
const TAKEOVER_MS = 5_000;
/** Shorter tasks are left out of the list printed; they block nothing. */
const LISTED_MS = 20;

async function scriptTasks(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"] });
    await page.goto(url, { waitUntil: "load" });
    // Waited out rather than polled: Playwright's own script, which a poll injects into the page, runs on the main
    // thread too (a task of 60–85 ms at this speed) and would be counted as the page's.
    await page.waitForTimeout(TAKEOVER_MS);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents.filter((event) => event.ph === "X");
    if (!(await page.evaluate(() => "hydrated" in document.documentElement.dataset))) throw new Error(`${url} was not taken over within ${TAKEOVER_MS} ms`);
    const script = events.filter((event) => SCRIPT_EVENTS.has(event.name));
    const mainThread = script.filter((event) => event.name === "EvaluateScript").sort((a, b) => b.dur! - a.dur!)[0]?.tid;
    const ownScript = script.filter((event) => event.tid === mainThread);
    return events
      .filter((task) => task.name === "RunTask" && task.tid === mainThread)
      .filter((task) => ownScript.some((event) => event.ts >= task.ts && event.ts < task.ts + task.dur!))
      .map((task) => Math.round(task.dur! / 1000));
  } finally {
    await context.close();
  }
}

const blocking = (tasks: number[]) => tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.env.BENCH_SCRIPT_TASK_RUNS ?? 8);
  await sideBySide({
    ...sitesAndPaths("tsx bench/script-tasks.ts <site A> <site B> <path>…"),
    runs,
    title: `Script tasks on the main thread, Chromium's processor slowed ${CPU_SLOWDOWN}× by DevTools, ${runs} loads a page a site`,
    measure: scriptTasks,
    row: (loads) => ({
      "blocking ms, median": median(loads.map(blocking)),
      "longest task ms, median": median(loads.map((tasks) => Math.max(0, ...tasks))),
      "one load's tasks ms": loads[0]!.filter((ms) => ms >= LISTED_MS).join(" "),
    }),
  });
}
