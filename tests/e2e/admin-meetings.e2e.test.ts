import type { AddressObject, ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_TIME_ZONE } from "#contracts/meeting-options.ts";
import type { Meeting, SlotsResponse } from "#contracts/meetings.ts";
import { meetingsCopy, meetingSettingsCopy } from "#app/content/admin-meetings.ts";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const PASSWORD = "a-long-test-passphrase";
const VISITOR_ZONE = "America/New_York";
const HOUR_MS = 3_600_000;

let sink: SmtpSink;
let site: TestSite;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url });
  await site.app.services.admin.createAdmin({ username: "sita", email: "sita@himaltech.test", password: PASSWORD, role: "support" });
  await site.app.services.admin.createAdmin({ username: "ravi", email: "ravi@himaltech.test", password: PASSWORD, role: "recruiter" });
});
afterAll(async () => {
  await site?.stop();
  await sink?.close();
});

const addressOf = (mail: ParsedMail) => (mail.to as AddressObject | undefined)?.value[0]?.address;
const todayIn = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** The free slots the public booking offers, as the contact page asks for them. */
async function freeSlots(from = todayIn(COMPANY_TIME_ZONE), days = 21, tz = COMPANY_TIME_ZONE) {
  const response = await fetch(`${site.url}/api/meetings/slots/?from=${from}&days=${days}&tz=${encodeURIComponent(tz)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SlotsResponse).slots;
}

/** A visitor books the `nth` free slot, from New York, and confirms it with the link mailed to them. */
async function book(name: string, email: string, topic: string, nth = 0): Promise<Meeting> {
  const slot = (await freeSlots())[nth];
  if (!slot) throw new Error("No free slot to book");
  await site.app.services.meetings.book({ name, email, topic, start: slot.start, tz: VISITOR_ZONE });
  await site.flushMail();
  const request = await sink.waitFor((sent) => addressOf(sent) === email && sent.subject === "Please confirm your call with HimalTech");
  return site.app.services.meetings.confirm(/\/meetings\/(\d+-[0-9a-f]{32})/.exec(request.text ?? "")![1]!);
}

async function signedIn(username: string, width = 1280) {
  const staff = await newPage(site, width);
  await signInThroughLoginPage(site, staff.page, username, PASSWORD);
  return staff;
}

/** The same admin's session in a browser that runs no script: every form is posted by the browser itself. */
async function withoutScript(staff: Awaited<ReturnType<typeof signedIn>>) {
  const plain = await newPage(site, 1280, { javaScriptEnabled: false });
  await plain.context.addCookies(await staff.context.cookies());
  return plain;
}

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
const cancelPanel = (page: Page, name: string) => page.getByRole("region", { name: meetingsCopy.cancelHeading(name) });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** Presses Tab until the element with `id` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, matches: (page: Page) => Promise<boolean>, limit = 120) {
  for (let presses = 0; presses < limit; presses++) {
    if (await matches(page)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the control");
}

describe("the Meetings screen", () => {
  it("shows a support admin the upcoming meetings, and cancelling one mails the visitor the admin's message", async () => {
    const meeting = await book("Asha Gurung", "asha@example.test", "Moving our shop to the cloud");
    const { context, page } = await signedIn("sita");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Meetings", exact: true }).click();
    await page.waitForURL("**/admin/meetings");
    await page.getByRole("heading", { level: 1, name: "Meetings" }).waitFor();

    const row = rowOf(page, "Asha Gurung");
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells[0]).toContain(meeting.companyTime);
    expect(cells[0]).toContain(`${meetingsCopy.visitorTime(VISITOR_ZONE)}: ${meeting.visitorTime}`);
    expect(cells[1]).toBe("Asha Gurungasha@example.test");
    expect(cells[2]).toBe("Moving our shop to the cloud");
    // A meeting booked more than a day ahead has its reminder to come; one closer gets none.
    const withinADay = new Date(meeting.start).getTime() - 24 * HOUR_MS <= Date.now();
    expect(cells[4]).toMatch(withinADay ? `Booked${meetingsCopy.noReminder}` : /^BookedReminder due \S/);
    expect(await row.getByRole("link", { name: /^Join room/ }).getAttribute("href")).toBe(meeting.roomUrl);
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: /^Cancel… the meeting with Asha Gurung/ }).click();
    const panel = cancelPanel(page, "Asha Gurung");
    await panel.waitFor();
    expect(await focusedText(page)).toBe(meetingsCopy.cancelHeading("Asha Gurung"));
    expect(await panel.textContent()).toContain(meeting.companyTime);
    await panel.getByLabel("Message to Asha Gurung").fill("Our engineer is ill that day. Could we meet next week instead?");
    await expectNoAxeViolations(page);
    await panel.getByRole("button", { name: "Cancel meeting" }).click();
    await page.getByRole("status").filter({ hasText: "The meeting is cancelled and the visitor has been told." }).waitFor();
    expect(await focusedText(page)).toContain("The meeting is cancelled");
    await page.getByText(meetingsCopy.empty.upcoming).waitFor();
    expect(await panel.count()).toBe(0);

    const mail = await sink.waitFor((sent) => addressOf(sent) === "asha@example.test" && /cancelled/.test(sent.subject ?? ""));
    expect(mail.text).toContain("Our engineer is ill that day. Could we meet next week instead?");
    // The invitation is withdrawn from the visitor's calendar.
    const invitation = mail.attachments.find((attachment) => attachment.contentType.startsWith("text/calendar"));
    expect(invitation?.content.toString("utf8")).toContain("METHOD:CANCEL");

    await page.getByRole("navigation", { name: meetingsCopy.views }).getByRole("link", { name: "Past" }).click();
    await page.waitForURL("**/admin/meetings?when=past");
    const past = await rowOf(page, "Asha Gurung").getByRole("cell").allTextContents();
    expect(past[4]).toContain("Cancelled");
    expect(past[4]).toContain("by sita");
    expect(past[4]).toContain("Our engineer is ill that day.");
    expect(
      await rowOf(page, "Asha Gurung")
        .getByRole("link", { name: /^Join room/ })
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("cancels without the script too, and a refused message comes back in its open form", async () => {
    await book("Bikash Rai", "bikash@example.test", "");
    const staff = await signedIn("sita");
    const { context, page } = await withoutScript(staff);
    await page.goto("/admin/meetings");
    const row = rowOf(page, "Bikash Rai");
    expect((await row.getByRole("cell").allTextContents())[2]).toBe(meetingsCopy.noTopic);

    // Only spaces pass the browser's check; the server refuses them, and the form stays open with them.
    await row.getByRole("link", { name: /^Cancel…/ }).click();
    const panel = cancelPanel(page, "Bikash Rai");
    await panel.getByLabel("Message to Bikash Rai").fill("   ");
    await panel.getByRole("button", { name: "Cancel meeting" }).click();
    await page.getByRole("alert").filter({ hasText: "Write a message to the visitor." }).waitFor();
    expect(await panel.getByLabel("Message to Bikash Rai").inputValue()).toBe("   ");

    // Keeping the meeting closes the confirmation.
    await panel.getByRole("link", { name: meetingsCopy.keep }).click();
    await page.waitForURL("**/admin/meetings");
    expect(await panel.count()).toBe(0);

    await row.getByRole("link", { name: /^Cancel…/ }).click();
    await panel.getByLabel("Message to Bikash Rai").fill("We have to move this call; please book another time.");
    await panel.getByRole("button", { name: "Cancel meeting" }).click();
    await page.getByRole("status").filter({ hasText: "The meeting is cancelled" }).waitFor();
    expect(await rowOf(page, "Bikash Rai").count()).toBe(0);
    const mail = await sink.waitFor((sent) => addressOf(sent) === "bikash@example.test" && /cancelled/.test(sent.subject ?? ""));
    expect(mail.text).toContain("We have to move this call; please book another time.");
    await context.close();
    await staff.context.close();
  });

  it("cancels a meeting with the keyboard alone", async () => {
    await book("Chandra Thapa", "chandra@example.test", "Data pipeline review");
    const { context, page } = await signedIn("sita");
    await page.goto("/admin/meetings");
    await tabTo(page, async (p) => (await focusedText(p)).startsWith("Cancel…"));
    await page.keyboard.press("Enter");
    await cancelPanel(page, "Chandra Thapa").waitFor();
    expect(await focusedText(page)).toBe(meetingsCopy.cancelHeading("Chandra Thapa"));
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    await page.keyboard.type("Sorry, we must call this off.");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toContain("Cancel meeting");
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "The meeting is cancelled" }).waitFor();
    expect(await focusedText(page)).toContain("The meeting is cancelled");
    await context.close();
  });

  it("is not offered to a role without meetings, and answers it 403", async () => {
    const { context, page } = await signedIn("ravi");
    expect(await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Meetings" }).count()).toBe(0);
    for (const path of ["/admin/meetings", "/admin/meetings/settings"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await page.getByRole("heading", { level: 1, name: "You do not have access to this screen" }).waitFor();
    }
    await context.close();
  });
});

describe("the meeting settings", () => {
  it("blocks a date and lengthens the notice, and the slots offered follow; removing the date offers it again", async () => {
    const { context, page } = await signedIn("sita");
    await page.goto("/admin/meetings");
    await page.getByRole("link", { name: meetingsCopy.settingsLink }).click();
    await page.getByRole("heading", { level: 1, name: meetingSettingsCopy.heading }).waitFor();
    await expectNoAxeViolations(page);

    // The last day on offer is further ahead than the new notice.
    const offered = await freeSlots();
    const day = offered.at(-1)!.day;
    expect((await freeSlots(day, 1)).length).toBeGreaterThan(0);

    await page.getByLabel("New blocked date 1, Date").fill(day);
    await page.getByLabel("New blocked date 1, Note").fill("Team offsite");
    await page.getByLabel(meetingSettingsCopy.minNotice).fill("48");
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();
    expect(await page.getByLabel("Blocked date 1, Date", { exact: true }).inputValue()).toBe(day);
    expect(await page.getByLabel("Blocked date 1, Note", { exact: true }).inputValue()).toBe("Team offsite");
    expect(await page.getByLabel("New blocked date 1, Date").inputValue()).toBe("");

    expect(await freeSlots(day, 1)).toEqual([]);
    const earliest = Date.parse((await freeSlots())[0]!.start);
    expect(earliest).toBeGreaterThanOrEqual(Date.now() + 48 * HOUR_MS - 60_000);
    expect((await site.app.services.meetings.settings()).blockedDates).toEqual([{ date: day, note: "Team offsite" }]);

    await page.getByLabel(`Remove ${day}`).check();
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();
    await page.getByLabel("Blocked date 1, Date", { exact: true }).waitFor({ state: "detached" });
    expect((await freeSlots(day, 1)).length).toBeGreaterThan(0);
    await context.close();
  });

  it("adds a second window to a day and a fixed room, without the script", async () => {
    const staff = await signedIn("sita");
    const { context, page } = await withoutScript(staff);
    await page.goto("/admin/meetings/settings");
    await page.getByLabel("Saturday, new window, Starts").fill("10:00");
    await page.getByLabel("Saturday, new window, Ends").fill("12:00");
    await page.getByLabel(meetingSettingsCopy.roomUrl).fill("https://meet.example.com/himaltech");
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();
    expect(await page.getByLabel("Saturday, window 1, Starts").inputValue()).toBe("10:00");
    await page.getByLabel("Saturday, new window, Starts").fill("13:00");
    await page.getByLabel("Saturday, new window, Ends").fill("00:00");
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();

    const saved = await site.app.services.meetings.settings();
    expect(saved.availability.filter((window) => window.weekday === 6)).toEqual([
      { weekday: 6, start: "10:00", end: "12:00" },
      { weekday: 6, start: "13:00", end: "24:00" },
    ]);
    expect(saved.roomUrl).toBe("https://meet.example.com/himaltech");

    // Clearing a window's times takes it away.
    await page.getByLabel("Saturday, window 2, Starts").fill("");
    await page.getByLabel("Saturday, window 2, Ends").fill("");
    await page.getByLabel(meetingSettingsCopy.roomUrl).fill("");
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();
    const after = await site.app.services.meetings.settings();
    expect(after.availability.filter((window) => window.weekday === 6)).toEqual([{ weekday: 6, start: "10:00", end: "12:00" }]);
    expect(after.roomUrl).toBe("");
    await context.close();
    await staff.context.close();
  });

  it("shows each refusal beside its field and in a summary that leads there, keeping what was typed", async () => {
    const { context, page } = await signedIn("sita");
    await page.goto("/admin/meetings/settings");
    const before = await site.app.services.meetings.settings();
    await page.getByLabel("Sunday, new window, Starts").fill("10:00");
    await page.getByLabel(meetingSettingsCopy.horizon).fill("0");
    await page.getByLabel(meetingSettingsCopy.roomUrl).fill("http://meet.example.com/room");
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();

    const summary = page.getByRole("alert");
    await summary.filter({ hasText: meetingSettingsCopy.errorsHeading }).waitFor();
    expect(await focusedText(page)).toContain(meetingSettingsCopy.errorsHeading);
    const horizon = page.getByLabel(meetingSettingsCopy.horizon);
    expect(await horizon.getAttribute("aria-invalid")).toBe("true");
    expect(await horizon.inputValue()).toBe("0");
    expect(await page.locator("#horizonDays-error").textContent()).toBe("Use 1 to 365 days.");
    expect(await page.locator("#roomUrl-error").textContent()).toBe("Use an https:// address.");
    expect(await page.getByLabel("Sunday, window 1, Starts").inputValue()).toBe("10:00");
    expect(await page.locator("#window-0-0-end-error").textContent()).toBe(meetingSettingsCopy.errors.bothTimes);
    await expectNoAxeViolations(page);

    await summary.getByRole("link", { name: /Booking horizon/ }).click();
    expect(await focusedId(page)).toBe("horizonDays");
    expect(await site.app.services.meetings.settings()).toEqual(before);
    await context.close();
  });

  it("can be changed with the keyboard alone", async () => {
    const { context, page } = await signedIn("sita");
    await page.goto("/admin/meetings/settings");
    await tabTo(page, async (p) => (await focusedId(p)) === "horizonDays");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("30");
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();
    expect(await focusedText(page)).toContain("Meeting settings saved.");
    expect((await site.app.services.meetings.settings()).horizonDays).toBe(30);
    await context.close();
  });
});

describe("screenshots", () => {
  it("both screens at 390 and 1280 pixels", { timeout: 120_000 }, async () => {
    await book("Deepa Shrestha", "deepa@example.test", "A second opinion on our security audit before the launch in spring");
    // One sign-in for every screen: the login's limit per address is counted across the whole file.
    const { context, page } = await signedIn("sita");
    await page.goto("/admin/meetings/settings");
    await page.getByLabel("New blocked date 1, Date").fill("2027-01-01");
    await page.getByLabel("New blocked date 1, Note").fill("New Year's Day");
    await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
    await page.getByRole("status").filter({ hasText: "Meeting settings saved." }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/meetings");
      await screenshotForReview(page, `admin-meetings-${width}`, { fullPage: true });
      await rowOf(page, "Deepa Shrestha")
        .getByRole("link", { name: /^Cancel…/ })
        .click();
      await cancelPanel(page, "Deepa Shrestha").waitFor();
      await screenshotForReview(page, `admin-meetings-cancel-${width}`, { fullPage: true });
      await screenshotForReview(cancelPanel(page, "Deepa Shrestha"), `admin-meetings-cancel-panel-${width}`);
      await page.goto("/admin/meetings?when=past");
      await screenshotForReview(page, `admin-meetings-past-${width}`, { fullPage: true });
      await page.goto("/admin/meetings/settings");
      await screenshotForReview(page, `admin-meetings-settings-${width}`, { fullPage: true });
      for (const section of ["Weekly availability", "Blocked dates"])
        await screenshotForReview(page.getByRole("region", { name: section }), `admin-meetings-settings-${section.split(" ")[1]}-${width}`);
      await page.getByLabel(meetingSettingsCopy.horizon).fill("0");
      await page.getByRole("button", { name: meetingSettingsCopy.save }).click();
      await page.getByRole("alert").waitFor();
      await screenshotForReview(page, `admin-meetings-settings-errors-${width}`, { fullPage: true });
    }
    await context.close();
  });
});
