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
