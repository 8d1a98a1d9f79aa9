import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ seed: true });
});
afterAll(() => site.stop());

describe("first paint", () => {
  it.each(["/", "/blog"])("paints %s before it asks for a script file, then hydrates it", async (path) => {
    const { context, page } = await newPage(site, 390);
    await page.goto(path);
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByType("paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timings.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timings.scripts)).toBeGreaterThanOrEqual(timings.firstPaint);
    await page.getByRole("banner").locator("summary").click();
    await expect.poll(() => page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(true);
    await context.close();
  });

  it("asks the browser to compile every script the home page runs while it downloads, off the main thread (decision 086)", async () => {
    const { context, page } = await newPage(site, 390);
    const scripts: Promise<[string, string]>[] = [];
    page.on("response", (response) => {
      if (/\/assets\/.+\.js$/.test(response.url())) scripts.push(response.text().then((text) => [response.url(), text.split("\n", 1)[0]!]));
    });
    await page.goto("/");
    const firstLines = await Promise.all(scripts);
    expect(firstLines.length).toBeGreaterThan(2);
    for (const [url, firstLine] of firstLines) expect(firstLine, url).toBe("//# allFunctionsCalledOnLoad");
    await context.close();
  });

  it.each(["/", "/blog"])("shows %s styled to a browser that runs no script", async (path) => {
    const { context, page } = await newPage(site, 390, { javaScriptEnabled: false });
    await page.goto(path);
    const look = await page.evaluate(() => ({
      // Unstyled, the skip link would be a line of text at the top of the page, pushing it down.
      skipLink: getComputedStyle(document.querySelector("a[href='#main']")!).position,
      bodyLayout: getComputedStyle(document.body).display,
    }));
    expect(look).toEqual({ skipLink: "absolute", bodyLayout: "flex" });
    await context.close();
  });
});

describe("a page left open on a phone", () => {
  /** The style recalculations the page's main thread ran in `ms` of nobody touching it. */
  async function restylesWhileIdle(page: Awaited<ReturnType<typeof newPage>>["page"], ms: number) {
    const devTools = await page.context().newCDPSession(page);
    await devTools.send("Performance.enable");
    const count = async () => (await devTools.send("Performance.getMetrics")).metrics.find((metric) => metric.name === "RecalcStyleCount")!.value;
    const before = await count();
    await page.waitForTimeout(ms);
    return (await count()) - before;
  }

  // An endless animation of anything but transform and opacity (a dash's offset, a border's colour) is restyled
  // and painted on the main thread at every frame: about 90 times in a second and a half, the whole main thread of a phone.
  it.each(["/about", "/services/software"])("runs the moving drawings of %s off the main thread", async (path) => {
    const { context, page } = await newPage(site, 390);
    await page.goto(path);
    expect(await page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === "running").length)).toBeGreaterThan(0);
    expect(await restylesWhileIdle(page, 1_500)).toBeLessThanOrEqual(3);
    await context.close();
  });

  it("types the home page's services while they are on screen, and rests once the visitor has scrolled past them", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/");
    const typewriter = page.getByTestId("typewriter");
    const first = await typewriter.textContent();
    await expect.poll(() => typewriter.textContent()).not.toBe(first);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1_000);
    // At rest the word it was typing is shown whole.
    const services = ["AI & Machine Learning", "Data Science", "Software Solutions", "Cybersecurity", "Cloud Computing"];
    await expect.poll(async () => services.includes((await typewriter.textContent())!)).toBe(true);
    const resting = await typewriter.textContent();
    // Longer than a typed word is held before it is deleted. The orbit and the client names still turn, off the
    // main thread but for an update now and then, as do the testimonials every five seconds: about 20 restyles,
    // against 160 with the orbit's icons and the caret restyled at every frame.
    expect(await restylesWhileIdle(page, 2_500)).toBeLessThanOrEqual(40);
    expect(await typewriter.textContent()).toBe(resting);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => typewriter.textContent()).not.toBe(resting);
    await context.close();
  });
});
