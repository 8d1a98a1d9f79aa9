import type { AddressObject, ParsedMail } from "mailparser";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SlotsResponse } from "#contracts/meetings.ts";
import { notFound } from "#app/content/not-found.ts";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

/**
 * Wednesday, November 25, 2026, noon UTC. With the default availability (Monday to Thursday, 9 to 5 in
 * Kathmandu, 12 hours' notice, 4 weeks ahead) the coming Monday, November 30, has times in every US
 * zone: Kathmandu's afternoon is the small hours there, in New York and Los Angeles alike.
 */
const NOW = new Date("2026-11-25T12:00:00Z");
const MONDAY = "2026-11-30";
const PACIFIC = "America/Los_Angeles";
const EASTERN = "America/New_York";

let sink: SmtpSink;
let site: TestSite;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url, now: () => NOW });
});
afterAll(async () => {
  await site?.stop();
  await sink?.close();
});

const slotsOf = async (day: string, zone: string): Promise<SlotsResponse> =>
  (await fetch(`${site.url}/api/meetings/slots/?${new URLSearchParams({ from: day, days: "1", tz: zone })}`)).json() as Promise<SlotsResponse>;

/** A browser at the test's moment, in `zone`. */
async function visitor(width: number, zone: string, options: { javaScriptEnabled?: boolean } = {}) {
  const opened = await newPage(site, width, { timezoneId: zone, ...options });
  // Without JavaScript the page reads no clock (and Playwright's would wait for a script that never runs).
  if (options.javaScriptEnabled !== false) await opened.page.clock.setFixedTime(NOW);
  return opened;
}

const ctaBlockOf = (page: Page) => page.locator("section[aria-labelledby=cta-block-title]");
const timesOn = (page: Page) => page.getByRole("list", { name: "Available times on Monday, November 30" });
const timeLabels = (list: Locator) => list.getByRole("button").allTextContents();

async function openTab(page: Page) {
  await page.goto("/contact");
  await page.getByRole("tab", { name: "Book a Meeting" }).click();
}

/** Asks the tab for Monday's times in `zone` and waits for the list. */
async function viewMonday(page: Page, zone: string) {
  await page.getByRole("combobox", { name: "Time zone" }).selectOption(zone);
  await page
    .getByRole("group", { name: "Choose a day" })
    .getByRole("button", { name: /^Monday/ })
    .click();
  await page.getByRole("button", { name: "View Available Times" }).click();
  await timesOn(page).waitFor();
  await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
}

const addressOf = (mail: ParsedMail) => (mail.to as AddressObject | undefined)?.value[0]?.address;

/** The path of the link that confirms the booking, from the mail to `address`. */
async function confirmLinkMailedTo(address: string): Promise<string> {
  await site.flushMail();
  const mail = await sink.waitFor((each) => addressOf(each) === address && each.subject === "Please confirm your call with HimalTech");
  const link = /https?:\/\/\S+\/meetings\/\d+-[0-9a-f]{32}/.exec(mail.text ?? "")?.[0];
  expect(link, mail.text).toBeDefined();
  return new URL(link!).pathname;
}

describe("booking a meeting", () => {
  it("holds a time in PST that is then gone from the same day in EST; the mailed link confirms it, and the meeting's page has both times and the links, and cancels it and frees the time", async () => {
    const pacific = await slotsOf(MONDAY, PACIFIC);
    const eastern = await slotsOf(MONDAY, EASTERN);
    // A time that Monday holds in both zones: the same instant, under two labels.
    const shared = pacific.slots.find((slot) => eastern.slots.some((other) => other.start === slot.start))!;
    expect(shared, "a Monday time in both zones").toBeDefined();
    const easternLabel = eastern.slots.find((slot) => slot.start === shared.start)!.label;

    const { context, page } = await visitor(390, PACIFIC);
    await openTab(page);
    // The visitor's own zone is read once the tab is drawn (decision 073), so it may follow the first paint.
    await expect.poll(() => page.getByRole("combobox", { name: "Time zone" }).inputValue()).toBe(PACIFIC);
    expect(
      await page
        .getByRole("group", { name: "Choose a day" })
        .getByRole("button", { name: /^Monday/ })
        .textContent(),
    ).toBe("Monday Nov 30");
    await viewMonday(page, PACIFIC);
    expect(await timeLabels(timesOn(page))).toEqual(pacific.slots.map((slot) => slot.label));
    await expectNoAxeViolations(page);
    await screenshotForReview(ctaBlockOf(page), `tab-times-390`);

    await timesOn(page).getByRole("button", { name: shared.label, exact: true }).click();
    const form = page.getByRole("form", { name: `Book Monday, November 30 at ${shared.label}` });
    await form.getByLabel("Your name").fill("Asha Gurung");
    await form.getByLabel("Your email").fill("asha@example.com");
    await form.getByLabel("What would you like to talk about?").fill("A booking system for our clinic");
    await expectNoAxeViolations(page);
    await screenshotForReview(ctaBlockOf(page), `tab-form-390`);
    await form.getByRole("button", { name: "Book" }).click();

    const confirmation = page.getByRole("region", { name: "Check your email to confirm" });
    await confirmation.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Check your email to confirm");
    const shown = await confirmation.textContent();
    expect(shown).toContain("Open the link we have sent to your email to confirm the meeting.");
    const inKathmandu = new Date(shared.start).toLocaleTimeString("en-US", { timeZone: "Asia/Kathmandu", hour: "numeric", minute: "2-digit" });
    expect(shown).toContain("Your time");
    expect(shown).toMatch(new RegExp(`Monday, November 30, 2026.*${shared.label}`));
    expect(shown).toContain("Our time (Kathmandu)");
    expect(shown).toMatch(new RegExp(`November 30, 2026.*${inKathmandu}`));
    // The call's link and the invitation come once the address has confirmed.
    expect(await confirmation.getByRole("link", { name: /Join the video call/ }).count()).toBe(0);
    expect(await confirmation.getByRole("link", { name: "Add to calendar" }).count()).toBe(0);
    const manage = (await confirmation.getByRole("link", { name: "Cancel or reschedule" }).getAttribute("href"))!;
    expect(manage).toMatch(/^\/meetings\/\d+-[0-9a-f]{32}$/);
    await expectNoAxeViolations(page);
    await screenshotForReview(ctaBlockOf(page), `tab-confirmation-390`);

    // The mailed link shows the time and a button, and nothing typed in the form; the button confirms.
    const confirmLink = await confirmLinkMailedTo("asha@example.com");
    await page.goto(confirmLink);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Monday, November 30, 2026/);
    expect(await page.locator("main").textContent()).not.toContain("clinic");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm the meeting" }).click();
    await page.waitForURL(`**${manage}`);
    await site.flushMail();
    await sink.waitFor((mail) => addressOf(mail) === "asha@example.com" && /is booked/.test(mail.subject ?? ""));

    // Another visitor, in New York, no longer sees that instant on Monday.
    const other = await visitor(1280, EASTERN);
    await openTab(other.page);
    await viewMonday(other.page, EASTERN);
    const easternNow = await timeLabels(timesOn(other.page));
    expect(easternNow.length).toBe(eastern.slots.length - 1);
    expect(easternNow).not.toContain(easternLabel);
    await other.context.close();

    // The meeting's own page: both times, its links, and the way to call it off.
    await page.goto(manage);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Monday, November 30, 2026/);
    expect(await page.getByText("Booked", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: /Join the video call/ }).getAttribute("href")).toMatch(/^https:\/\//);
    const calendar = await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
    const invitation = await fetch(new URL(calendar!, site.url));
    expect(invitation.headers.get("content-type")).toContain("text/calendar");
    expect(await invitation.text()).toContain("BEGIN:VEVENT");
    expect(await page.getByRole("link", { name: "Reschedule" }).getAttribute("href")).toBe(
      `/meetings/book?reschedule=${manage.split("/").at(-1)}&day=${MONDAY}&tz=${encodeURIComponent(PACIFIC)}`,
    );
    await expectNoAxeViolations(page);
    await screenshotForReview(page, `meeting-page-390`, { fullPage: true });
    await page.getByLabel("Reason (optional)").fill("We found another time by phone");
    await page.getByRole("button", { name: "Cancel meeting" }).click();
    await page.getByText("This meeting is cancelled.").waitFor();
    expect(await page.getByText("Cancelled", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Cancel meeting" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Book another meeting" }).getAttribute("href")).toBe(`/meetings/book?tz=${encodeURIComponent(PACIFIC)}`);
    await expectNoAxeViolations(page);
    expect((await slotsOf(MONDAY, EASTERN)).slots.map((slot) => slot.start)).toContain(shared.start);
    await context.close();
  }, 120_000);

  it("offers the visitor's own zone first when it is none of the three, and draws the tab's steps at a desktop width", async () => {
    const { context, page } = await visitor(1280, "Asia/Kathmandu");
    await openTab(page);
    const zones = page.getByRole("combobox", { name: "Time zone" });
    // Chromium's name for the zone is the older spelling, Asia/Katmandu: whatever the browser says is offered.
    const own = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(own).toMatch(/^Asia\/Kath?mandu$/);
    // The zone is the browser's to know: offered once the page has read it, a moment after it came to life.
    await expect.poll(() => zones.locator("option").allTextContents()).toEqual([`Your time (${own})`, "EST", "CST", "PST"]);
    expect(await zones.inputValue()).toBe(own);
    await viewMonday(page, own);
    await expectNoAxeViolations(page);
    await screenshotForReview(ctaBlockOf(page), `tab-times-1280`);
    const first = timesOn(page).getByRole("button").first();
    await first.click();
    const form = page.getByRole("form", { name: /^Book Monday, November 30 at / });
    await form.getByLabel("Your name").fill("Pema Lama");
    await form.getByLabel("Your email").fill("pema@example.com");
    await screenshotForReview(ctaBlockOf(page), `tab-form-1280`);
    await form.getByRole("button", { name: "Book" }).click();
    await page.getByRole("region", { name: "Check your email to confirm" }).waitFor();
    await screenshotForReview(ctaBlockOf(page), `tab-confirmation-1280`);

    // The booking page, as the tab's form opens it without JavaScript (axe needs the script).
    await page.goto(`/meetings/book?day=monday&tz=${encodeURIComponent(PACIFIC)}`);
    await page.getByRole("group", { name: "Available times on Monday, November 30" }).waitFor();
    await expectNoAxeViolations(page);
    await screenshotForReview(page, `book-page-1280`, { fullPage: true });
    await context.close();
  });

  it("works without JavaScript: the tab's form opens /meetings/book, which holds a time, the mailed link confirms it, and the meeting's page moves it", async () => {
    const { context, page } = await visitor(390, EASTERN, { javaScriptEnabled: false });
    await page.goto("/contact");
    await page.getByRole("combobox", { name: "Time zone" }).selectOption(PACIFIC);
    await page.getByRole("group", { name: "Choose a day" }).getByRole("button", { name: "Monday" }).click();
    await page.waitForURL(/\/meetings\/book\?/);
    expect(new URL(page.url()).searchParams.toString()).toBe(`day=monday&tz=${encodeURIComponent(PACIFIC)}`);
    const monday = page.getByRole("group", { name: "Choose a day" }).getByRole("button", { name: /^Monday/ });
    expect(await monday.textContent()).toBe("Monday Nov 30");
    expect(await monday.getAttribute("aria-pressed")).toBe("true");
    const times = page.getByRole("group", { name: "Available times on Monday, November 30" });
    const free = (await slotsOf(MONDAY, PACIFIC)).slots;
    expect(await times.getByRole("radio").count()).toBe(free.length);
    await screenshotForReview(page, `book-page-390`, { fullPage: true });

    // The radio buttons are drawn as their labels, which the visitor clicks.
    await times.getByText(free[1]!.label, { exact: true }).click();
    expect(await times.getByRole("radio", { name: free[1]!.label }).isChecked()).toBe(true);
    await page.getByLabel("Your name").fill("Dawa Sherpa");
    await page.getByLabel("Your email").fill("dawa@example.com");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    const confirmation = page.getByRole("region", { name: "Check your email to confirm" });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain("Our time (Kathmandu)");
    expect((await slotsOf(MONDAY, PACIFIC)).slots.map((slot) => slot.start)).not.toContain(free[1]!.start);

    await page.goto(await confirmLinkMailedTo("dawa@example.com"));
    await page.getByRole("button", { name: "Confirm the meeting" }).click();
    await page.getByText("Booked", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Reschedule" }).click();
    await page.getByRole("heading", { level: 1, name: "Choose a new time" }).waitFor();
    await page.getByText(free[2]!.label, { exact: true }).click();
    await page.getByRole("button", { name: "Move my meeting" }).click();
    await page.getByRole("region", { name: "Your meeting has moved" }).waitFor();
    const now = (await slotsOf(MONDAY, PACIFIC)).slots.map((slot) => slot.start);
    expect(now).toContain(free[1]!.start);
    expect(now).not.toContain(free[2]!.start);
    await context.close();
  });

  it("answers a link that names no meeting with the 404 page", async () => {
    const { context, page } = await visitor(1280, EASTERN);
    const response = await page.goto("/meetings/1-0123456789abcdef0123456789abcdef");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(notFound.heading);
    await context.close();
  });
});
