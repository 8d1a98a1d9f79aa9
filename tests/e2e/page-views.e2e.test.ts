import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews } from "../../server/modules/analytics/schema";
import { newPage, startSite, type TestSite } from "../helpers/site";

// A site of their own: a beacon from another test's last page, still in flight when its browser closed, could land after a test here empties the table.
let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

const paths = async () => (await site.database.db.select().from(pageViews).orderBy(pageViews.id)).map((row) => row.path);

describe("page views", () => {
  it("stores the first page and each client-side navigation", async () => {
    await site.database.db.delete(pageViews);
    const { context, page } = await newPage(site);
    await page.goto("/");
    await expect.poll(paths).toEqual(["/"]);
    await page.locator("footer").getByRole("link", { name: "Careers" }).click();
    await page.waitForURL("**/careers");
    await expect.poll(paths).toEqual(["/", "/careers"]);
    await context.close();
  });

  it("sends nothing when the visitor asks not to be tracked", async () => {
    await site.database.db.delete(pageViews);
    const { context, page } = await newPage(site, 1280, { extraHTTPHeaders: { DNT: "1" } });
    await page.addInitScript(() => Object.defineProperty(navigator, "doNotTrack", { get: () => "1" }));
    const beacons: string[] = [];
    page.on("request", (request) => request.url().includes("/api/analytics/") && beacons.push(request.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(beacons).toEqual([]);
    expect(await site.database.db.select().from(pageViews)).toHaveLength(0);
    await context.close();
  });
});

describe("consent", () => {
  it("stops tracking the moment the visitor presses Reject All, and remembers it", async () => {
    await site.database.db.delete(pageViews);
    const { context, page } = await newPage(site);
    await page.goto("/cookies");
    await expect.poll(paths).toEqual(["/cookies"]);
    await page.getByRole("button", { name: "Reject All" }).click();
    await expect.poll(() => page.getByRole("switch", { name: "Analytics" }).getAttribute("aria-checked")).toBe("false");
    await expect.poll(() => page.getByRole("switch", { name: "Marketing" }).getAttribute("aria-checked")).toBe("false");
    await page.locator("footer").getByRole("link", { name: "Careers" }).click();
    await page.waitForURL("**/careers");
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    expect(await paths()).toEqual(["/cookies"]);
    await context.close();
  });

  it("treats Global Privacy Control as Blocked until the visitor allows Analytics", async () => {
    await site.database.db.delete(pageViews);
    const { context, page } = await newPage(site, 1280, { extraHTTPHeaders: { "Sec-GPC": "1" } });
    await page.addInitScript(() => Object.defineProperty(navigator, "globalPrivacyControl", { get: () => true }));
    await page.goto("/cookies");
    await expect.poll(() => page.getByRole("switch", { name: "Analytics" }).getAttribute("aria-checked")).toBe("false");
    await page.waitForLoadState("networkidle");
    expect(await paths()).toEqual([]);
    await page.getByRole("switch", { name: "Analytics" }).click();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await page.goto("/about");
    await expect.poll(paths).toEqual(["/about"]);
    await context.close();
  });
});
