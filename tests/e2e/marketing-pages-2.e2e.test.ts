import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews } from "../../server/modules/analytics/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, tabPerWidth, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

/** A page clock that moves only when the test says so, so a 2 s confirmation cannot run out while the test looks at it. */
async function openWithFrozenClock(page: Page, path: string) {
  await page.clock.install({ time: new Date("2026-01-05T09:00:00Z") });
  await page.goto(path);
  await page.clock.pauseAt(new Date("2026-01-05T09:01:00Z"));
}

const pages: { path: string; heading: RegExp }[] = [
  { path: "/getStarted", heading: /Start building/ },
  { path: "/contact", heading: /next project/ },
  { path: "/cta", heading: /Schedule a consultation/ },
  { path: "/support", heading: /How can we help/ },
  { path: "/docs", heading: /Build with HimalTech/ },
  { path: "/docs/getting-started", heading: /Getting Started/ },
  { path: "/docs/api-guides", heading: /API Guides/ },
  { path: "/docs/sdks", heading: /SDKs/ },
  { path: "/docs/troubleshooting", heading: /Troubleshooting/ },
  { path: "/user-api", heading: /Users API/ },
  { path: "/community", heading: /Learn and build together/ },
  { path: "/terms", heading: /Terms of Service/ },
  { path: "/privacy", heading: /Privacy Policy/ },
  { path: "/cookies", heading: /Cookie Policy/ },
  { path: "/gdpr", heading: /GDPR Compliance/ },
  { path: "/expertise", heading: /Deep skills/ },
  { path: "/success", heading: /Results our clients/ },
  { path: "/partners", heading: /Grow with a technology partner/ },
  { path: "/faq", heading: /Frequently asked questions/ },
];

describe("information pages", () => {
  it("arrive with their own title, canonical link and robots value", async () => {
    for (const { path } of pages) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<link rel="canonical" href="https://himaltech.com.np${path}"/>`);
      expect(html, path).toContain('<meta name="robots" content="index,follow"/>');
      expect(html, path).toMatch(/<title>[^<]+\| HimalTech<\/title>/);
    }
  });

  // These checks only read the page, so one tab per width visits them all: a fresh browser context is a new
  // renderer process with cold caches, which made this file a third more processor time (decision 095).
  const tab = tabPerWidth(() => site);
  for (const width of [390, 1280]) {
    describe(`at ${width} px`, () => {
      for (const { path, heading } of pages) {
        it(`${path} at ${width} px: its heading, no sideways scrolling, no accessibility violations`, async () => {
          const { page } = await tab(width);
          await page.goto(path);
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(heading);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
          await screenshotForReview(page, `marketing2${path.replaceAll("/", "-")}-${width}`, { fullPage: true });
          await expectNoAxeViolations(page);
        });
      }
    });
  }
});

describe("get started", () => {
  it("switches guides with the arrow keys, each with its own next step", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/getStarted");
    const action = () => page.getByRole("tabpanel").getByRole("link").last().getAttribute("href");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Businesses");
    expect(await page.getByRole("tabpanel").getByRole("listitem").count()).toBe(4);
    expect(await action()).toBe("/contact");
    await page.getByRole("tab", { name: "Businesses" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Partners");
    expect(await action()).toBe("/partners");
    await page.keyboard.press("ArrowRight");
    expect(await action()).toBe("/docs");
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Businesses");
    for (const href of ["/docs", "/pricing", "/faq"])
      expect(await page.getByRole("region", { name: "Quick links" }).locator(`a[href="${href}"]`).count()).toBe(1);
    await context.close();
  });
});

describe("contact", () => {
  it("shows the four info cards and the call-to-action tabs", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/contact");
    const details = page.getByRole("list", { name: "Contact details" });
    expect(await details.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await details.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await details.textContent()).toContain("Sunday to Friday 9:00 AM to 5:00 PM");
    expect(await details.textContent()).toContain("Saturday closed");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Email Us");

    await page.getByRole("tab", { name: "AI Assistant" }).click();
    expect(await page.getByRole("tabpanel").getByRole("list", { name: "Suggested questions" }).getByRole("button").count()).toBe(3);
    expect(await page.getByRole("textbox", { name: "Your question" }).count()).toBe(1);

    await page.getByRole("tab", { name: "Book a Meeting" }).click();
    const panel = page.getByRole("tabpanel");
    expect(await panel.textContent()).toContain("30-minute video call");
    // Each day button also shows the date it stands for, and the visitor's own zone may come first.
    const days = await panel.getByRole("group", { name: "Choose a day" }).getByRole("button").allTextContents();
    expect(days.map((day) => day.split(" ")[0])).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday"]);
    expect((await panel.getByRole("combobox", { name: "Time zone" }).locator("option").allTextContents()).slice(-3)).toEqual(["EST", "CST", "PST"]);
    expect(await panel.getByRole("button", { name: "View Available Times" }).count()).toBe(1);
    await expectNoAxeViolations(page);

    expect(await page.locator('a[href^="https://wa.me/"]').first().getAttribute("target")).toBe("_blank");
    expect(await page.locator('a[href^="https://discord.gg/"]').count()).toBe(1);
    await context.close();
  });
});

describe("support", () => {
  it("opens on the FAQ with the rate limits, and the arrow keys move to the contact form", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/support");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("FAQ");
    await page.getByText("What are the API rate limits?").click();
    await expect.poll(() => page.getByText(/100 requests\/minute and the pro tier 1000 requests\/minute/).isVisible()).toBe(true);
    expect(await page.getByText("Live Chat", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Community Support", { exact: true }).count()).toBe(1);
    const status = await page.getByRole("heading", { name: "System Status" }).locator("..").textContent();
    expect(status).toMatch(/API Services\s*Operational/);
    expect(status).toMatch(/Dashboard\s*Operational/);
    expect(status).toMatch(/CDN\s*Partial Outage/);

    // Sending it is tested with the enquiry inbox (tests/e2e/enquiry-conversation.e2e.test.ts).
    await page.getByRole("tab", { name: "FAQ" }).focus();
    await page.keyboard.press("ArrowRight");
    const form = page.getByRole("tabpanel").getByRole("form", { name: "Send us a message" });
    for (const label of ["Email", "Subject", "Message"]) expect(await form.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    expect(await form.getByRole("button", { name: "Send Message" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("API reference", () => {
  it("starts on authentication, shows each example and copies it", async () => {
    const { context, page } = await newPage(site);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openWithFrozenClock(page, "/user-api");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Authentication");
    expect(await page.getByRole("tabpanel").textContent()).toContain("Authorization: Bearer YOUR_API_KEY");
    await page.getByRole("tab", { name: "Get a user" }).click();
    const panel = page.getByRole("tabpanel");
    expect(await panel.textContent()).toContain("/users/{id}");
    for (const field of ['"id"', '"name"', '"email"', '"created_at"']) expect(await panel.textContent()).toContain(field);

    await panel.getByRole("button", { name: "Copy" }).first().click();
    await expect.poll(() => panel.getByRole("button", { name: "Copied!" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("/v1/users/42");
    await page.clock.runFor(1900);
    expect(await panel.getByRole("button", { name: "Copied!" }).count()).toBe(1);
    await page.clock.runFor(150);
    await expect.poll(() => panel.getByRole("button", { name: "Copied!" }).count()).toBe(0);
    await context.close();
  });
});

describe("legal pages", () => {
  it("privacy: three tabs, Data Collection first, and a data request opened, sent and confirmed for 3 seconds", async () => {
    const { context, page } = await newPage(site);
    await openWithFrozenClock(page, "/privacy");
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Data Collection", "Data Use", "Your Rights"]);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Data Collection");
    const text = await page.locator("main").textContent();
    expect(text).toContain("January 1, 2023");
    expect(text).toContain("June 15, 2023");
    await page.getByRole("tab", { name: "Your Rights" }).click();
    expect(await page.getByRole("tabpanel").textContent()).toContain("30 days");
    // (the first: the second is the form drawn for browsers without scripts, hidden here)
    await page.getByText("Submit Data Request", { exact: true }).first().click();
    const form = page.getByRole("form", { name: "Your data request" }).first();
    await form.getByLabel(/^Your email address/).fill("yangchen@example.com");
    await form.getByLabel(/^What are you asking for/).selectOption("access");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect.poll(() => page.getByText("Request Submitted!", { exact: true }).count()).toBe(1);
    await page.clock.runFor(2900);
    expect(await page.getByText("Request Submitted!", { exact: true }).count()).toBe(1);
    await page.clock.runFor(150);
    await expect.poll(() => page.getByText("Request Submitted!", { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByText("Submit Data Request", { exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it("terms: four sections, the liability cap and the date", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/terms");
    expect(await page.locator("article h2").count()).toBe(5);
    const text = await page.locator("main").textContent();
    expect(text).toContain("fees you paid to HimalTech in the past 12 months");
    expect(text).toContain("June 15, 2023");
    expect(await page.getByRole("link", { name: "Contact Legal Team" }).getAttribute("href")).toBe("/support?tab=contact&subject=Legal%20question");
    await context.close();
  });

  it("gdpr: five measures, a real DPA download confirmed for 3 s and a DPO address that really copies", async () => {
    const { context, page } = await newPage(site);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openWithFrozenClock(page, "/gdpr");
    expect(await page.getByRole("heading", { level: 3 }).count()).toBe(5);
    expect(await page.locator("main").textContent()).toContain("1-2 business days");
    expect(await page.locator('main a[target="_blank"]').count()).toBe(3);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download DPA (PDF)" }).click()]);
    expect(download.suggestedFilename()).toBe("HimalTech-Data-Processing-Agreement.pdf");
    const saved = path.join(await mkdtemp(path.join(tmpdir(), "himal-dpa-")), "dpa.pdf");
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe("%PDF-");
    await expect.poll(() => page.getByRole("button", { name: "Download Started!" }).count()).toBe(1);
    await page.clock.runFor(3050);
    await expect.poll(() => page.getByRole("button", { name: "Download DPA (PDF)" }).count()).toBe(1);

    await page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Copied!" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("dpo@himaltech.com.np");
    await page.clock.runFor(2050);
    await expect.poll(() => page.getByRole("button", { name: "Copy" }).count()).toBe(1);
    await context.close();
  });

  it("cookies: Essential always active, switches on by default, and blocking Analytics stops page views", async () => {
    await site.database.db.delete(pageViews);
    const { context, page } = await newPage(site, 390);
    await page.goto("/cookies");
    await expect.poll(async () => (await site.database.db.select().from(pageViews)).length).toBe(1);
    expect(await page.getByText("Always active").count()).toBe(1);
    const analytics = page.getByRole("switch", { name: "Analytics" });
    const marketing = page.getByRole("switch", { name: "Marketing" });
    expect(await analytics.getAttribute("aria-checked")).toBe("true");
    expect(await marketing.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByText("Allowed").count()).toBe(2);

    await analytics.click();
    expect(await analytics.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByText("Blocked").count()).toBe(1);
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Preferences Saved!" }).count()).toBe(1);

    await page.goto("/terms");
    await page.goto("/cookies");
    await expect.poll(() => page.getByRole("switch", { name: "Analytics" }).getAttribute("aria-checked")).toBe("false");
    await page.waitForLoadState("networkidle");
    expect((await site.database.db.select().from(pageViews)).map((row) => row.path)).toEqual(["/cookies"]);
    await context.close();
  });
});
