import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries, newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { pdfDocument } from "../fixtures/resume-documents";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let site: TestSite;
let fileDir: string;
let resumePath: string;

beforeAll(async () => {
  site = await startSite();
  await site.app.services.admin.createAdmin({ username: "analyst", email: "analyst@himaltech.test", password: "a-long-test-passphrase" });
  fileDir = await mkdtemp(path.join(tmpdir(), "himal-dashboard-"));
  resumePath = path.join(fileDir, "cv.pdf");
  await writeFile(resumePath, pdfDocument("Pema Sherpa - Curriculum Vitae"));
});
afterAll(async () => {
  await site.stop();
  await rm(fileDir, { recursive: true, force: true });
});

/** A card's count, read from the card as shown. */
async function cardCount(page: Page, label: string) {
  const text = (await page.getByRole("button", { name: new RegExp(`^${label}`) }).textContent()) ?? "";
  return Number(/^\D*?([\d,]+)/.exec(text.slice(label.length))?.[1]?.replace(/,/g, "") ?? NaN);
}

async function downloadedText(download: Download) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

describe("admin dashboard", () => {
  // One journey from a visitor's first page to staff reading and exporting what they did: three times the usual limit, for a busy machine.
  it("counts what visitors do, opens the details, exports them, and follows the time range", async () => {
    const admin = await newPage(site, 1280);
    const { page } = admin;
    await signInThroughLoginPage(site, page, "analyst", "a-long-test-passphrase");
    await page.getByRole("heading", { name: "Primary Actions" }).waitFor();
    expect(await cardCount(page, "Get Started")).toBe(0);
    expect(await cardCount(page, "Careers")).toBe(0);
    await expectNoAxeViolations(page);

    // A visitor follows a call to action, asks for help getting started, asks the assistant, and applies for a job.
    const visitor = await newPage(site, 390, { userAgent: PHONE });
    // The page view is reported once the page has hydrated, and with it the click listener is in place.
    await Promise.all([visitor.page.waitForRequest(/\/api\/analytics\/pageview/), visitor.page.goto("/")]);
    await visitor.page.getByRole("main").getByRole("link", { name: "Get Started" }).first().click();
    await visitor.page.waitForURL("**/getStarted");
    const form = visitor.page.getByRole("form", { name: "Get help getting started" });
    await form.getByLabel(/^Email/).fill("pema@example.com");
    await form.getByLabel("I am a").selectOption({ label: "Developer" });
    await form.getByLabel(/^How can we help/).fill("Where do I find the SDKs?");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => form.getByRole("button", { name: "Submitted" }).count()).toBe(1);
    await visitor.page.goto("/contact");
    await visitor.page.getByRole("tab", { name: "AI Assistant" }).click();
    await visitor.page.getByRole("list", { name: "Suggested questions" }).getByRole("button").first().click();
    await visitor.page.getByRole("log", { name: "Conversation with the assistant" }).locator("ol > li").waitFor();
    await visitor.page.goto("/careers/apply/general");
    const application = visitor.page.getByRole("form", { name: /Send your application/ });
    await application.getByLabel("Full Name").fill("Pema Sherpa");
    await application.getByLabel("Email").fill("pema.sherpa@example.com");
    await application.getByLabel("Resume").setInputFiles(resumePath);
    await visitor.page.getByRole("button", { name: "Submit Application" }).click();
    await visitor.page.getByRole("heading", { name: "Application Submitted!" }).waitFor();
    await visitor.context.close();

    // The admin sees the counts move.
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByRole("heading", { name: "Primary Actions" }).waitFor();
        return [
          await cardCount(page, "Get Started"),
          await cardCount(page, "Careers"),
          await cardCount(page, "CTA Clicks"),
          await cardCount(page, "Chatbot Interactions"),
        ];
      })
      .toEqual([1, 1, 1, 1]);
    const activities = page.getByRole("table", { name: "Recent Activities" });
    await activities.getByRole("row", { name: /Job application Pema Sherpa/ }).waitFor();
    await activities.getByRole("row", { name: /Get Started request pema@example.com/ }).waitFor();

    // The overlay: focus moves in, it shows the rows, exports them, and Escape gives focus back.
    const card = page.getByRole("button", { name: /^Get Started/ });
    await card.click();
    const dialog = page.getByRole("dialog", { name: "Get Started details" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    const row = dialog.getByRole("row", { name: /pema@example\.com/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("Mobile");
    expect(await dialog.getByRole("img", { name: /^Get Started per period: .*: 1\./ }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshotForReview(page, "dashboard-overlay-1280");
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Export Data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^himaltech-get_started-7d-[\d-]+\.csv$/);
    const csv = (await downloadedText(download)).trimEnd().split("\r\n");
    expect(csv[0]).toMatch(/^id,type,name,email,/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(",GET_STARTED,,pema@example.com,");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);

    // An older request counts in the last 7 days but not in the last 24 hours.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await site.database.db.insert(enquiries).values({
      type: "GET_STARTED",
      email: "older@example.com",
      message: "Hi",
      ipHash: "x",
      userAgent: "Mozilla/5.0",
      createdAt: threeDaysAgo,
    });
    await page.reload();
    await expect.poll(() => cardCount(page, "Get Started")).toBe(2);
    await page.getByLabel("Time range").selectOption({ label: "Last 24h" });
    await expect.poll(() => cardCount(page, "Get Started")).toBe(1);
    await page.getByLabel("Time range").selectOption({ label: "Last 30d" });
    await expect.poll(() => cardCount(page, "Get Started")).toBe(2);

    // Every section, each checked for accessibility. The sections are tabs above the figures: the admin
    // frame's navigation is the page's only menu, and the one "Dashboard" link in it is the current page.
    const menu = page.getByRole("tablist", { name: "Dashboard sections" });
    expect(await page.getByRole("navigation").count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(await menu.getByRole("tab", { selected: true }).textContent()).toBe("Dashboard");
    await menu.getByRole("tab", { name: "User Analytics" }).click();
    await page.getByRole("heading", { name: "Visitors and page views per day" }).waitFor();
    await screenshotForReview(page, "dashboard-users-1280", { fullPage: true });
    await expectNoAxeViolations(page);
    await menu.getByRole("tab", { name: "Content Tracking" }).click();
    const conversions = page.getByRole("table", { name: "Conversion rates" });
    await conversions.waitFor();
    const [, formPage, , submissions] = await conversions
      .getByRole("row", { name: /^Get Started/ })
      .getByRole("cell")
      .allTextContents();
    expect([formPage, submissions]).toEqual(["/getStarted", "2"]);
    // Visits to the admin's own screens are not site traffic.
    const topPages = await page.getByRole("table", { name: "Top pages" }).textContent();
    expect(topPages).toContain("/getStarted");
    expect(topPages).not.toMatch(/\/dashboard|\/admin-login/);
    await screenshotForReview(page, "dashboard-content-1280", { fullPage: true });
    await expectNoAxeViolations(page);
    await menu.getByRole("tab", { name: "Communications" }).click();
    await page.getByText("No newsletter was sent in this period.").waitFor();
    await screenshotForReview(page, "dashboard-communications-1280", { fullPage: true });
    await expectNoAxeViolations(page);
    await menu.getByRole("tab", { name: "Data Export" }).click();
    await page
      .getByText("No exports yet.")
      .or(page.getByRole("table", { name: "Past exports" }))
      .waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel("Data set").selectOption({ label: "Job applications" });
    const [applications] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV Export" }).click()]);
    expect(applications.suggestedFilename()).toMatch(/^himaltech-applications-30d-[\d-]+\.csv$/);
    expect(await downloadedText(applications)).toContain("Pema Sherpa");
    const past = page.getByRole("table", { name: "Past exports" });
    await past.getByRole("row", { name: /analyst Job applications csv Last 30d 1/i }).waitFor();
    await past.getByRole("row", { name: /analyst Get Started csv Last 7d 1/i }).waitFor();
    await screenshotForReview(page, "dashboard-export-1280", { fullPage: true });

    // Recent Activities' View opens the record itself.
    await menu.getByRole("tab", { name: "Dashboard" }).click();
    await page.getByRole("link", { name: "View Job application by Pema Sherpa" }).click();
    await page.waitForURL(/\/admin\/applications\/[0-9a-f-]{36}$/);
    await page.getByText("Pema Sherpa").first().waitFor();
    await admin.context.close();
  }, 180_000);

  it("shows support how enquiries were answered in the range, and takes it to the overdue ones", async () => {
    await site.app.services.admin.createAdmin({ username: "helpdesk", email: "helpdesk@himaltech.test", password: "a-long-test-passphrase", role: "support" });
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const visitor = { type: "CTA", message: "Hello", ipHash: "x", userAgent: "Mozilla/5.0" } as const;
    await site.database.db.insert(enquiries).values([
      {
        ...visitor,
        email: "answered@example.com",
        createdAt: new Date(now - 5 * hour),
        firstResponseAt: new Date(now - 5 * hour + 200 * 60_000),
        status: "waiting",
      },
      { ...visitor, email: "waiting@example.com", createdAt: new Date(now - 30 * hour), dueAt: new Date(now - 6 * hour) },
    ]);
    const { context, page } = await newPage(site, 1280);
    await signInThroughLoginPage(site, page, "helpdesk", "a-long-test-passphrase");
    await page.getByLabel("Time range").selectOption({ label: "Last 24h" });
    const figures = page.getByRole("heading", { name: "Response times" }).locator("xpath=..");
    await expect.poll(() => figures.getByRole("definition").first().textContent()).toBe("3 h 20 min");
    await expect.poll(() => figures.getByText("100%").count()).toBe(1);
    await screenshotForReview(page, "dashboard-response-times-1280", { fullPage: true });
    await expectNoAxeViolations(page);
    await figures.getByRole("link", { name: "1 overdue: open them in the inbox" }).click();
    await page.waitForURL("**/admin/enquiries?overdue=yes");
    await page.getByText("waiting@example.com").first().waitFor();
    await context.close();
  });

  it("opens a newsletter sign-up's View on that subscriber, not on the whole list", async () => {
    const confirmed = (email: string, minutesAgo: number) => {
      const at = new Date(Date.now() - minutesAgo * 60_000);
      return { email, status: "confirmed" as const, confirmedAt: at, createdAt: at, ipHash: "x", userAgent: "Mozilla/5.0" };
    };
    await site.database.db.insert(newsletterSubscriptions).values([confirmed("tenzin@example.com", 5), confirmed("lhamo.tenzin@example.com", 10)]);
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(site, width);
      await signInThroughLoginPage(site, page, "analyst", "a-long-test-passphrase");
      await page.getByRole("link", { name: "View Newsletter subscription by tenzin@example.com" }).click();
      await page.waitForURL(/\/admin\/subscribers\?q=tenzin%40example\.com#subscriber-\d+$/);
      const table = page.getByRole("table", { name: /^Newsletter subscribers/ });
      // The list is found by the address (a longer address holding it comes too), and that subscriber's row is marked.
      await table.locator('tr[aria-current="true"]').waitFor();
      expect(await table.locator('tr[aria-current="true"]').allTextContents()).toEqual([expect.stringMatching(/^tenzin@example\.com/)]);
      expect(await table.getByRole("row").count()).toBe(3);
      await screenshotForReview(page, `dashboard-subscriber-${width}`, { fullPage: true });
      await expectNoAxeViolations(page);
      await context.close();
    }
  });

  it("lays out every section and the overlay at phone width", async () => {
    const { context, page } = await newPage(site, 390);
    await signInThroughLoginPage(site, page, "analyst", "a-long-test-passphrase");
    await page.getByRole("heading", { name: "Primary Actions" }).waitFor();
    const menu = page.getByRole("tablist", { name: "Dashboard sections" });
    for (const [section, ready] of [
      ["Dashboard", "Recent Activities"],
      ["User Analytics", "Top referrers"],
      ["Content Tracking", "Conversion rates"],
      ["Communications", "Mail sent by the site"],
      ["Data Export", "Past exports"],
    ] as const) {
      await menu.getByRole("tab", { name: section }).click();
      await page.getByRole("heading", { name: ready, exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshotForReview(page, `dashboard-${section.toLowerCase().replace(" ", "-")}-390`, { fullPage: true });
    }
    await menu.getByRole("tab", { name: "Dashboard" }).click();
    await page.getByRole("button", { name: /^Careers/ }).click();
    await page
      .getByRole("dialog", { name: "Careers details" })
      .getByRole("row", { name: /Pema Sherpa/ })
      .waitFor();
    await screenshotForReview(page, "dashboard-overlay-390");
    await expectNoAxeViolations(page);
    await context.close();
  });
});
