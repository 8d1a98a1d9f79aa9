import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse } from "#contracts/search.ts";
import { INSTANT_RESULTS, SEARCH_QUERY_MAX } from "#contracts/search-options.ts";
import { signedInAdmin } from "../helpers/admin";
import type { TestContext } from "../helpers/app";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ seed: true });
});
afterAll(() => site.stop());

async function openSearch(page: Page) {
  await page.getByRole("button", { name: "Open search" }).click();
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.waitFor();
  return box;
}

const options = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option");
const activeOptionText = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute("aria-activedescendant");
    return id ? document.getElementById(id)?.textContent : null;
  });

const searchApi = async (query: string): Promise<SearchResponse> => (await fetch(`${site.url}/api/search/?${new URLSearchParams({ q: query })}`)).json();

describe("the header's search box", () => {
  it("adds nothing to a page's first load: its combobox's code arrives when the box opens", async () => {
    const { context, page } = await newPage(site);
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto("/about");
    const firstLoad = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(firstLoad.length).toBeGreaterThan(3);
    // The instant results' address is named only by the combobox's code, and no helper for loading it waits in the page.
    expect(firstLoad.filter((text) => text.includes("/api/search/"))).toEqual([]);
    expect(firstLoad.filter((text) => text.includes("vite:preloadError"))).toEqual([]);

    const loaded = scripts.length;
    await openSearch(page);
    const onOpen = await Promise.all(scripts.slice(loaded).map(async (url) => (await fetch(url)).text()));
    expect(onOpen.some((text) => text.includes("/api/search/"))).toBe(true);
    await context.close();
  });

  it("shows instant results as the visitor types, each with its kind, title and the matched words marked", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/");
    const box = await openSearch(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("site-search");
    await page.keyboard.type("cloud", { delay: 30 });
    await options(page).first().waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const count = await options(page).count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(INSTANT_RESULTS);
    expect(await options(page).first().textContent()).toMatch(/^(Page|Post|Job)/);
    expect((await options(page).locator("mark").allTextContents()).map((word) => word.toLowerCase())).toContain("cloud");
    await expect
      .poll(() =>
        page
          .getByRole("status")
          .filter({ hasText: /results?, use the arrow keys/ })
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole("link", { name: "See all results" }).getAttribute("href")).toBe("/search?q=cloud");
    await context.close();
  });

  it("follows the combobox pattern: arrows move, Enter opens the active result, Escape closes the list and then the box", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/");
    const box = await openSearch(page);
    await page.keyboard.type("cybersecurity");
    await options(page).first().waitFor();
    const titles = await options(page).allTextContents();
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();

    await page.keyboard.press("ArrowDown");
    expect(await activeOptionText(page)).toBe(titles[0]);
    expect(await options(page).first().getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowUp");
    expect(await activeOptionText(page)).toBe(titles.at(-1));
    await page.keyboard.press("ArrowDown");
    expect(await activeOptionText(page)).toBe(titles[0]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search");

    await page.keyboard.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("cybersecurity");
    await page.keyboard.press("Escape");
    await expect.poll(() => box.count()).toBe(0);
    const button = page.getByRole("button", { name: "Open search" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await openSearch(page);
    await page.keyboard.type("cybersecurity");
    await options(page).first().waitFor();
    await page.keyboard.press("ArrowDown");
    const href = await options(page).first().getAttribute("href");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.url}${href}`);
    // Going to the chosen page closes the box.
    await page.getByRole("button", { name: "Open search" }).waitFor();
    await context.close();
  });

  it("opens the results page with Enter when no result is chosen", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/about");
    await openSearch(page);
    await page.keyboard.type("cloud");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.url}/search?q=cloud`);
    await page.getByRole("heading", { level: 1, name: "Results for “cloud”" }).waitFor();
    expect(await page.getByRole("combobox").count()).toBe(0);
    await context.close();
  });

  it("has no accessibility violations while open with results, at 390 and 1280 pixels", async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(site, width);
      await page.goto("/");
      await openSearch(page);
      await page.keyboard.type("data");
      await options(page).first().waitFor();
      await page.keyboard.press("ArrowDown");
      await screenshotForReview(page, `search-box-${width}`);
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});

describe("the results page", () => {
  it("works without JavaScript: a form, highlighted results with their kind, and pages", async () => {
    const { context, page } = await newPage(site, 1280, { javaScriptEnabled: false });
    // The header's search button, which cannot open its box without a script, opens the search page.
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Open search" }).click();
    await page.waitForURL(`${site.url}/search?`);
    await page.getByRole("heading", { level: 1, name: "Search the site" }).waitFor();
    expect(
      await page
        .getByRole("listitem")
        .filter({ has: page.locator("mark") })
        .count(),
    ).toBe(0);
    await page.getByRole("searchbox", { name: "Search the site" }).fill("HimalTech");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(`${site.url}/search?q=HimalTech`);
    const results = page.getByRole("region", { name: "Search results" }).getByRole("listitem");
    expect(await results.count()).toBe(10);
    expect(await results.first().locator("mark").count()).toBeGreaterThan(0);
    expect(await results.first().textContent()).toMatch(/^(Page|Post|Job)/);

    const pages = page.getByRole("navigation", { name: "Search result pages" });
    expect(await pages.getByRole("link", { name: "Previous" }).count()).toBe(0);
    await pages.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(`${site.url}/search?q=HimalTech&page=2`);
    await pages.getByRole("link", { name: "Previous" }).waitFor();
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`the docs page's box searches the site and lists what it found, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
      const { context, page } = await newPage(site, 1280, { javaScriptEnabled });
      await page.goto("/docs");
      await page.getByRole("searchbox", { name: "Search documentation" }).fill("sdk");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${site.url}/search?q=sdk`);
      await page.getByRole("heading", { level: 1, name: "Results for “sdk”" }).waitFor();
      const results = page.getByRole("region", { name: "Search results" }).getByRole("listitem");
      expect(await results.count()).toBeGreaterThan(0);
      expect(await results.getByRole("link", { name: "SDKs", exact: true }).getAttribute("href")).toBe("/docs/sdks");
      await context.close();
    });
  }

  it("finds the Cybersecurity page for a misspelling, and says what it searched for", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/search?q=cybersecurty");
    await page.getByText("Showing results for").waitFor();
    expect(await page.getByText("Showing results for").textContent()).toContain("cybersecurity");
    expect(await page.getByRole("region", { name: "Search results" }).locator('a[href="/services/cybersecurity"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it("says when nothing matches and offers useful pages, is kept out of search engines and the sitemap", async () => {
    const { context, page } = await newPage(site, 390);
    const response = await page.goto("/search?q=zqxjvw");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: "No results for “zqxjvw”" }).waitFor();
    for (const name of ["Our services", "Blog", "Careers", "Contact us", "FAQ"])
      expect(await page.getByRole("main").getByRole("link", { name, exact: true }).count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex,nofollow");
    await screenshotForReview(page, "search-page-none-390", { fullPage: true });
    await expectNoAxeViolations(page);
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).not.toContain("/search");
    await context.close();
  });

  it("answers a query it cannot run with 400 and says why", async () => {
    const tooLong = await fetch(`${site.url}/search?${new URLSearchParams({ q: "x".repeat(SEARCH_QUERY_MAX + 1) })}`);
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain("That search cannot be run");
    expect(html).toContain(`Use at most ${SEARCH_QUERY_MAX} characters.`);
    // The request boundary refuses a NUL in any address, before the page is rendered.
    const nul = await fetch(`${site.url}/search?q=cloud%00`);
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ message: "q: Must not contain a NUL character (\\u0000)" });
  });

  it("has no accessibility violations with results, at 390 and 1280 pixels", async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(site, width);
      await page.goto("/search?q=cloud");
      await page.getByRole("region", { name: "Search results" }).getByRole("listitem").first().waitFor();
      await screenshotForReview(page, `search-page-${width}`, { fullPage: true });
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});

describe("search while an editor works", () => {
  it("finds a post as soon as it is saved, in the header's box too, and no longer once it is deleted", async () => {
    const editor = await signedInAdmin({ app: site.app } as TestContext);
    const [category] = await site.app.services.blog.listCategories();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Glacier lake telemetry",
      excerpt: "Sensors that warn villages downstream.",
      content: "Solar-powered gauges report the lake's level every minute.",
      read_time: "4",
      featured: "false",
    }))
      form.append(name, value);
    form.append("categories", String(category!.id));
    const cover = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#0891b2" } })
      .png()
      .toBuffer();
    form.append("featured_image", new Blob([new Uint8Array(cover)], { type: "image/png" }), "cover.png");
    const created = await editor.request("POST", "/api/posts/", form);
    expect(created.statusCode).toBe(201);
    const url = `/blog/${created.json().id}`;
    const found = async () => (await searchApi("glacier telemetry")).results.map((result) => result.url);

    await expect.poll(found).toContain(url);
    const { context, page } = await newPage(site);
    await page.goto("/");
    await openSearch(page);
    await page.keyboard.type("glacier telemetry");
    await options(page).filter({ hasText: "Glacier lake telemetry" }).waitFor();
    expect(await options(page).filter({ hasText: "Glacier lake telemetry" }).textContent()).toMatch(/^Post/);
    await context.close();

    expect((await editor.request("DELETE", `/api/posts/${created.json().id}/`)).statusCode).toBe(204);
    await expect.poll(found).not.toContain(url);
  });
});
