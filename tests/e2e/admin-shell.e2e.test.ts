import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";

const PASSWORD = "a-long-test-passphrase";
const OWNER_SCREENS = [
  "Dashboard",
  "Enquiries",
  "Assistant",
  "Meetings",
  "Applications",
  "Jobs",
  "Posts",
  "Content",
  "Subscribers",
  "Campaigns",
  "Data requests",
  "Users",
  "Team",
  "Devices",
  "Audit log",
];

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
  // The first admin is an owner.
  await site.app.services.admin.createAdmin({ username: "owner", email: "owner@himaltech.test", password: PASSWORD });
  await site.app.services.admin.createAdmin({ username: "writer", email: "writer@himaltech.test", password: PASSWORD, role: "editor" });
});
afterAll(() => site.stop());

const sideNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });
const navNames = (page: Page) => sideNav(page).getByRole("link").allTextContents();

describe("the admin frame", () => {
  it(
    "leads an owner to every screen through the side navigation, marks the current one, and shows no public header or footer",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(site);
      await signInThroughLoginPage(site, page, "owner", PASSWORD);
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      expect(await navNames(page)).toEqual(OWNER_SCREENS);
      await expectNoAxeViolations(page);

      for (const [name, heading, path] of [
        ["Enquiries", "Enquiries", "/admin/enquiries"],
        ["Assistant", "Assistant", "/admin/assistant"],
        ["Meetings", "Meetings", "/admin/meetings"],
        ["Applications", "Applications", "/admin/applications"],
        ["Jobs", "Jobs", "/admin/jobs"],
        ["Posts", "Blog Post Management", "/postblog"],
        ["Content", "Content", "/admin/content"],
        ["Subscribers", "Subscribers", "/admin/subscribers"],
        ["Campaigns", "Campaigns", "/admin/campaigns"],
        ["Data requests", "Data requests", "/admin/data-requests"],
        ["Devices", "Devices", "/admin/devices"],
        ["Audit log", "Audit log", "/admin/audit"],
      ] as const) {
        await sideNav(page).getByRole("link", { name, exact: true }).click();
        await page.waitForURL(`**${path}`);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        expect(await sideNav(page).getByRole("link", { name, exact: true }).getAttribute("aria-current")).toBe("page");
        expect(await sideNav(page).locator('[aria-current="page"]').count()).toBe(1);
        await expectNoAxeViolations(page);
      }

      for (const path of ["/adminPanel", "/admin/jobs/new"]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
      // Who is signed in, My account and Sign out are in the top bar; nothing of the public frame is there.
      const topBar = page.getByRole("banner");
      expect(await topBar.textContent()).toContain("owner");
      expect(await topBar.textContent()).toContain("Owner");
      expect(await topBar.getByRole("link", { name: "My account" }).getAttribute("href")).toBe("/admin/account");
      expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
      expect(await page.getByRole("contentinfo").count()).toBe(0);
      expect(await page.getByLabel(/email/i).count()).toBe(0);

      await topBar.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL("**/admin-login");
      await page.goto("/admin/enquiries");
      await page.waitForURL("**/admin-login");
      await context.close();
    },
  );

  it("folds the navigation away on a phone: the menu button opens it, Escape closes it and gives the button its focus back", async () => {
    const { context, page } = await newPage(site, 390);
    await signInThroughLoginPage(site, page, "owner", PASSWORD);
    await page.goto("/admin/enquiries");
    const button = page.getByRole("button", { name: "Open admin menu" });
    expect(await sideNav(page).isVisible()).toBe(false);
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await sideNav(page).waitFor();
    expect(await page.getByRole("button", { name: "Close admin menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Dashboard");
    await page.keyboard.press("Escape");
    await sideNav(page).waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("admin-nav");
    await expectNoAxeViolations(page);

    // Following one of its links closes it.
    await page.keyboard.press("Enter");
    await sideNav(page).getByRole("link", { name: "Jobs", exact: true }).click();
    await page.waitForURL("**/admin/jobs");
    await sideNav(page).waitFor({ state: "hidden" });
    await context.close();
  });

  it("shows an editor only the editor's screens", async () => {
    const { context, page } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", PASSWORD);
    await page.goto("/adminPanel");
    expect(await navNames(page)).toEqual(["Dashboard", "Assistant", "Posts", "Content"]);
    expect(await page.getByRole("banner").textContent()).toContain("Editor");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("signs out without the script too", async () => {
    const { context, page } = await newPage(site);
    await signInThroughLoginPage(site, page, "owner", PASSWORD);
    const plain = await newPage(site, 1280, { javaScriptEnabled: false });
    await plain.context.addCookies(await context.cookies());
    await plain.page.goto("/adminPanel");
    await plain.page.getByRole("button", { name: "Sign out" }).click();
    await plain.page.waitForURL("**/admin-login");
    await plain.page.goto("/adminPanel");
    await plain.page.waitForURL("**/admin-login");
    await plain.context.close();
    await context.close();
  });
});

describe("the public header of someone signed in", () => {
  it("offers an admin the admin panel instead of Sign In", async () => {
    const { context, page } = await newPage(site);
    await signInThroughLoginPage(site, page, "owner", PASSWORD);
    await sideNav(page).waitFor();
    await page.goto("/about");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Admin panel" }).waitFor();
    expect(await header.getByRole("link", { name: "Sign In" }).count()).toBe(0);

    // Signing out, even of a session that had already ended, brings Sign In back.
    await page.goto("/adminPanel");
    await context.clearCookies({ name: "admin_session" });
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/admin-login");
    await page.goto("/about");
    await header.getByRole("link", { name: "Sign In" }).waitFor();
    await context.close();
  });

  it("offers a signed-in site account its account instead of Sign In", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
    await page.evaluate(() => {
      localStorage.setItem("accessToken", "a.b.c");
      localStorage.setItem("refreshToken", "d.e.f");
    });
    await page.goto("/pricing");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "My Account" }).waitFor();
    expect(await header.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    await context.close();
  });
});
