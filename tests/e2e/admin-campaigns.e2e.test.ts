import type { AddressObject, ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignCopy, campaignFormCopy, campaignsCopy } from "#app/content/admin-campaigns.ts";
import { newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const PASSWORD = "a-long-test-passphrase";
const SUBSCRIBERS = ["maya@example.test", "nima@example.test", "sabin@example.test"];

let sink: SmtpSink;
let site: TestSite;
/** The one signed-in browser of this file: the login takes few attempts a minute from one address. */
let staff: Awaited<ReturnType<typeof newPage>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url, seed: true });
  await site.app.services.admin.createAdmin({ username: "sita", email: "sita@himaltech.test", password: PASSWORD, role: "support" });
  // Confirmed subscribers, as the newsletter's confirmation link leaves them.
  const at = new Date();
  await site.database.db
    .insert(newsletterSubscriptions)
    .values(SUBSCRIBERS.map((email) => ({ email, status: "confirmed" as const, confirmedAt: at, ipHash: "0", userAgent: "test", createdAt: at })));
  staff = await newPage(site, 1280);
  await signInThroughLoginPage(site, staff.page, "sita", PASSWORD);
  staff.page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await staff?.context.close();
  await site?.stop();
  await sink?.close();
});

const addressOf = (mail: ParsedMail) => (mail.to as AddressObject | undefined)?.value[0]?.address;
const figure = (page: Page, name: keyof typeof campaignCopy.figures) => page.locator(`[data-figure="${name}"]`);
const statusOf = (page: Page) => page.locator("dl").first().locator("dd").first();

/** Both widths, for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The preview's frame is painted again at the new width.
    await page.waitForTimeout(500);
    await screenshotForReview(page, `campaigns-${name}-${width}`, { fullPage: true });
  }
}

/** The same admin's session in a browser that runs no script: every form is posted by the browser itself. */
async function withoutScript() {
  const plain = await newPage(site, 1280, { javaScriptEnabled: false });
  await plain.context.addCookies(await staff.context.cookies());
  return plain;
}

describe("the Campaigns screens", () => {
  it("start a campaign from a blog post, preview it and send a test to the admin", async () => {
    const { page } = staff;
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Campaigns", exact: true }).click();
    await page.waitForURL("**/admin/campaigns");
    await page.getByRole("heading", { level: 1, name: campaignsCopy.heading }).waitFor();
    await page.getByText(campaignsCopy.empty).waitFor();
    await expectNoAxeViolations(page);

    const form = page.getByRole("region", { name: campaignsCopy.fromPostHeading });
    const select = form.getByLabel(campaignsCopy.post);
    const title = (await select.locator("option").nth(1).textContent())!;
    await select.selectOption({ label: title });
    await form.getByRole("button", { name: campaignsCopy.createFromPost }).click();
    await page.waitForURL(/\/admin\/campaigns\/\d+$/);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await statusOf(page).textContent()).toBe("Draft");
    // The draft carries the post's words; the preview shows the mail as it will look.
    expect(await page.getByLabel(campaignFormCopy.subject).inputValue()).toBe(title);
    expect(await page.getByLabel(campaignFormCopy.body).inputValue()).toContain(`# ${title}`);
    const preview = page.frameLocator(`iframe[title="${campaignCopy.previewTitle(title)}"]`);
    await preview.getByRole("heading", { name: title }).waitFor();
    expect(await preview.getByRole("link", { name: "Read the full post" }).getAttribute("href")).toMatch(/\/blog\/\d+$/);
    expect(await page.locator("iframe").getAttribute("sandbox")).toBe("");

    await page.getByRole("button", { name: campaignCopy.sendTest }).click();
    await page.getByRole("status").filter({ hasText: "A test was sent to sita@himaltech.test." }).waitFor();
    const test = await sink.waitFor((mail) => mail.subject === `[Test] ${title}`);
    expect(addressOf(test)).toBe("sita@himaltech.test");
    expect(test.html).toContain(title);
    await expectNoAxeViolations(page);
    await screenshots(page, "campaign");
    await page.goto("/admin/campaigns");
    await page.getByRole("link", { name: title }).waitFor();
    await screenshots(page, "list");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("sends now once confirmed, and the figures follow the sending without a reload", async () => {
    const { page } = staff;
    await page.goto("/admin/campaigns");
    const title = (await page.getByRole("table").getByRole("link").first().textContent())!;
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();

    await page.getByRole("link", { name: campaignCopy.sendNow }).click();
    const panel = page.getByRole("region", { name: campaignCopy.sendNowHeading });
    await panel.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(campaignCopy.sendNowHeading);
    await expectNoAxeViolations(page);
    await panel.getByRole("button", { name: campaignCopy.sendNowConfirm }).click();
    await page.getByRole("status").filter({ hasText: campaignCopy.sendStarted }).waitFor();
    await expect.poll(() => panel.count()).toBe(0);

    // The page reads the campaign's progress by itself until it is sent.
    await expect.poll(() => statusOf(page).textContent(), { timeout: 15_000 }).toBe("Sent");
    await expect.poll(() => figure(page, "sent").textContent(), { timeout: 5_000 }).toBe(String(SUBSCRIBERS.length));
    expect(await figure(page, "recipients").textContent()).toBe(String(SUBSCRIBERS.length));
    expect(await figure(page, "failed").textContent()).toBe("0");
    for (const email of SUBSCRIBERS) await sink.waitFor((mail) => addressOf(mail) === email && mail.subject === title);
    // The preview outlives the page's live updates.
    await page
      .frameLocator(`iframe[title="${campaignCopy.previewTitle(title)}"]`)
      .getByRole("heading", { name: title })
      .waitFor({ timeout: 3_000 });
    await expectNoAxeViolations(page);
    await screenshots(page, "sent");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The list shows it sent to everyone.
    await page.goto("/admin/campaigns");
    const cells = await page.getByRole("row").filter({ hasText: title }).getByRole("cell").allTextContents();
    expect(cells.slice(1, 5)).toEqual(["Sent", `${SUBSCRIBERS.length} / ${SUBSCRIBERS.length}`, "0%", "0%"]);
  });

  it("follows a slow sending live, and pauses and resumes it", async () => {
    const { page } = staff;
    await page.goto("/admin/campaigns");
    const form = page.getByRole("region", { name: campaignsCopy.newHeading });
    await form.getByLabel(campaignFormCopy.subject).fill("One a minute");
    await form.getByLabel(campaignFormCopy.body).fill("A newsletter sent slowly.");
    await form.getByLabel(campaignFormCopy.rate).fill("1");
    await form.getByLabel(campaignFormCopy.concurrency).fill("1");
    await form.getByRole("button", { name: campaignsCopy.create }).click();
    await page.getByRole("heading", { level: 1, name: "One a minute" }).waitFor();
    expect(await page.getByText(campaignCopy.speedOf(1, 1)).count()).toBe(1);

    await page.getByRole("link", { name: campaignCopy.sendNow }).click();
    await page.getByRole("button", { name: campaignCopy.sendNowConfirm }).click();
    // At one mail a minute the first goes at once and the others wait: the page shows it as it goes.
    await expect.poll(() => statusOf(page).textContent(), { timeout: 10_000 }).toBe("Sending");
    await expect.poll(() => figure(page, "sent").textContent(), { timeout: 10_000 }).toBe("1");
    expect(await figure(page, "queued").textContent()).toBe(String(SUBSCRIBERS.length - 1));
    await page.getByText(campaignCopy.figuresLive).waitFor();
    await expectNoAxeViolations(page);

    // The action's answer shows as soon as it comes; the page's data follows a moment later.
    await page.getByRole("button", { name: campaignCopy.pause }).click();
    await page.getByRole("status").filter({ hasText: campaignCopy.paused }).waitFor();
    await expect.poll(() => statusOf(page).textContent()).toBe("Paused");
    await page.getByRole("button", { name: campaignCopy.resume }).click();
    await page.getByRole("status").filter({ hasText: campaignCopy.resumed }).waitFor();
    await expect.poll(() => statusOf(page).textContent()).toBe("Sending");
    await page.getByRole("button", { name: campaignCopy.pause }).waitFor();
  });

  it("creates, refuses and schedules a campaign without the script, keeping what was typed", async () => {
    const { context, page } = await withoutScript();
    await page.goto("/admin/campaigns");
    const form = page.getByRole("region", { name: campaignsCopy.newHeading });
    await form.getByLabel(campaignFormCopy.subject).fill("Monsoon notes from the studio");
    await form.getByLabel(campaignFormCopy.preheader).fill("What we built this season");
    // Only spaces pass the browser's check; the server refuses them and the form comes back as typed.
    await form.getByLabel(campaignFormCopy.body).fill("   ");
    await form.getByLabel(campaignFormCopy.rate).fill("120");
    await form.getByRole("button", { name: campaignsCopy.create }).click();
    await page.getByRole("alert").filter({ hasText: "Write the newsletter." }).first().waitFor();
    expect(await form.getByLabel(campaignFormCopy.subject).inputValue()).toBe("Monsoon notes from the studio");
    expect(await form.getByLabel(campaignFormCopy.preheader).inputValue()).toBe("What we built this season");
    expect(await form.getByLabel(campaignFormCopy.rate).inputValue()).toBe("120");

    await form.getByLabel(campaignFormCopy.body).fill("# Monsoon notes\n\nThree projects shipped.");
    await form.getByRole("button", { name: campaignsCopy.create }).click();
    await page.waitForURL(/\/admin\/campaigns\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "Monsoon notes from the studio" }).waitFor();
    expect(await page.getByText(campaignCopy.speedOf(120, 2)).count()).toBe(1);

    // A time gone by is refused; one ahead schedules it, shown in Kathmandu time.
    const sendAt = page.getByLabel(campaignCopy.sendAt);
    await sendAt.fill("2020-01-01T09:00");
    await page.getByRole("button", { name: campaignCopy.schedule }).click();
    await page.getByRole("alert").filter({ hasText: "Choose a time in the future." }).waitFor();
    expect(await sendAt.inputValue()).toBe("2020-01-01T09:00");
    await sendAt.fill("2099-03-01T09:30");
    await page.getByRole("button", { name: campaignCopy.schedule }).click();
    await page
      .getByRole("status")
      .filter({ hasText: campaignCopy.scheduled("Mar 1, 2099, 9:30 AM Kathmandu time") })
      .waitFor();
    expect(await statusOf(page).textContent()).toBe("Scheduled");
    expect(await page.getByLabel(campaignFormCopy.subject).count()).toBe(0);

    await page.getByRole("button", { name: campaignCopy.unschedule }).click();
    await page.getByRole("status").filter({ hasText: campaignCopy.unscheduled }).waitFor();
    expect(await statusOf(page).textContent()).toBe("Draft");
    await context.close();
  });
});
