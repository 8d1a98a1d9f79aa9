import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

let site: TestSite;
let smtp: SmtpSink;
let downloads: string;
const STAFF_PASSWORD = "a-long-staff-passphrase";
const PASSWORD = "Glacier-Walk-42";

beforeAll(async () => {
  smtp = await startSmtpSink();
  site = await startSite({ smtpUrl: smtp.url });
  downloads = await mkdtemp(path.join(tmpdir(), "himal-downloads-"));
  await site.app.services.admin.createAdmin({ username: "tara", email: "tara@himaltech.test", password: STAFF_PASSWORD, role: "support" });
});
afterAll(async () => {
  await site.stop();
  await smtp.close();
});

/** The path of the link in the latest mail to `to` whose subject matches. */
async function linkPath(to: string, subject: RegExp): Promise<string> {
  await site.flushMail();
  const mail = await smtp.waitFor((message) => subject.test(message.subject ?? "") && JSON.stringify(message.to).includes(to));
  return new URL(/https?:\/\/\S+/.exec(mail.text ?? "")![0]).pathname;
}

async function sendDataRequest(page: Page, email: string, right: string) {
  await page.goto("/privacy");
  await page.getByRole("tab", { name: "Your Rights" }).click();
  // (the first: the second is the form drawn for browsers without scripts, hidden here)
  await page.getByText("Submit Data Request", { exact: true }).first().click();
  const form = page.getByRole("form", { name: "Your data request" }).first();
  await form.getByLabel(/^Your email address/).fill(email);
  await form.getByLabel(/^What are you asking for/).selectOption({ label: right });
  await form.getByRole("button", { name: "Send request" }).click();
}

describe("a data request in the browser", () => {
  it("goes from the privacy page, through the mailed link, to staff's queue and back to the requester as an archive", async () => {
    const { context, page } = await newPage(site, 390);
    await sendDataRequest(page, "lhamo@example.com", "A copy of my data (access and portability)");
    await page.getByText("Request Submitted!").waitFor();
    await page.getByRole("status").filter({ hasText: "We have sent a link to lhamo@example.com" }).waitFor();
    await expectNoAxeViolations(page);
    await expect.poll(async () => page.getByText("Request Submitted!").count(), { timeout: 6000 }).toBe(0);
    await page.getByText("Submit Data Request", { exact: true }).first().waitFor();

    await page.goto(await linkPath("lhamo@example.com", /Confirm your data request/));
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm my request" }).click();
    await page.getByText("Thank you: your request is confirmed.").waitFor();
    await context.close();

    const staff = await newPage(site, 1280);
    await signInThroughLoginPage(site, staff.page, "tara", STAFF_PASSWORD);
    await staff.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Data requests" }).click();
    await staff.page.getByRole("heading", { name: "Data requests" }).waitFor();
    const row = staff.page.getByRole("row").filter({ hasText: "lhamo@example.com" });
    await row.getByText("29 days left").waitFor();
    await expectNoAxeViolations(staff.page);
    await row.getByRole("link").click();
    await staff.page.getByRole("heading", { name: "Answer the request" }).waitFor();
    await expectNoAxeViolations(staff.page);
    await staff.page.getByRole("button", { name: "Send the archive" }).click();
    await staff.page.getByText("The archive's link is on its way to the requester.").waitFor();
    await staff.page.locator("dd").getByText("Answered", { exact: true }).waitFor();
    await staff.context.close();

    const archive = await site.app.inject({ method: "GET", url: await linkPath("lhamo@example.com", /Your data from HimalTech/) });
    expect(archive.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(archive.rawPayload))["data.json"]!));
    expect(data.data_requests[0]).toMatchObject({ right: "access", status: "completed" });
  });

  it("is sent from the privacy page without JavaScript too", async () => {
    const { context, page } = await newPage(site, 1280, { javaScriptEnabled: false });
    await page.goto("/privacy");
    const form = page.getByRole("form", { name: "Your data request" });
    await form.getByLabel(/^Your email address/).fill("noscript@example.com");
    await form.getByLabel(/^What are you asking for/).selectOption("erasure");
    await form.getByRole("button", { name: "Send request" }).click();
    await page.waitForLoadState();
    await page.getByText("We have sent a link to noscript@example.com").waitFor();
    await linkPath("noscript@example.com", /Confirm your data request/);
    await context.close();
  });
});

describe("the signed-in account page", () => {
  it("shows the person's sections, switches the newsletter, hands over their data and deletes the account on their password", async () => {
    const email = "dolma@example.com";
    await site.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email, password: PASSWORD, full_name: "Dolma Sherpa" } });
    const { context, page } = await newPage(site, 390, { acceptDownloads: true });
    await page.goto(await linkPath(email, /Verify your HimalTech account/));
    await page.getByText("Your account has been verified!", { exact: false }).waitFor();
    await page.goto("/login");
    await page.locator("main").getByLabel("Email").fill(email);
    await page.locator("main").getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("heading", { name: "Your applications" }).waitFor();
    await page.getByText("No application from this address.").waitFor();
    await page.getByRole("heading", { name: "Your meetings" }).waitFor();
    await expectNoAxeViolations(page);

    const newsletter = page.getByRole("switch", { name: "Send me the newsletter" });
    expect(await newsletter.getAttribute("aria-checked")).toBe("false");
    await newsletter.click();
    await expect.poll(() => newsletter.getAttribute("aria-checked")).toBe("true");
    await page.getByText("You will receive the newsletter.").waitFor();
    expect((await site.app.services.enquiries.newsletterAudience()).map((reader) => reader.email)).toContain(email);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    const saved = path.join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await readFile(saved)))["data.json"]!));
    expect(data.account).toMatchObject({ email, full_name: "Dolma Sherpa" });
    expect(data.enquiries.newsletter[0]).toMatchObject({ status: "confirmed" });

    await page.getByLabel("Your password, to confirm").fill("not my password");
    await page.getByRole("button", { name: "Delete my account and data" }).click();
    await page.getByText("Your current password is incorrect.").waitFor();
    await page.getByLabel("Your password, to confirm").fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account and data" }).click();
    await page.getByText("Your account and everything we held for your address are deleted.").waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => [localStorage.getItem("accessToken"), localStorage.getItem("refreshToken")])).toEqual([null, null]);
    const login = await site.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
    await context.close();
  });
});
