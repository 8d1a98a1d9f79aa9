import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSettings } from "../../server/modules/admin/schema";
import { REQUIRE_TWO_FACTOR } from "../../server/modules/admin/two-factor";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";

const USERNAME = "kamala";
const PASSWORD = "a-long-test-passphrase";

// The server's clock runs with the real one, moved on by the test: a sign-in's code must belong to a later
// 30-second step than the code that confirmed the set-up, and the test does not wait for one.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ now });
  await site.app.services.admin.createAdmin({ username: USERNAME, email: "kamala@himaltech.test", password: PASSWORD });
});
afterAll(() => site.stop());

/** The code an authenticator app holding this secret shows at the server's time. */
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: now().getTime() });

/** Screenshots for review, when SCREENSHOT_DIR names a folder: at phone and desktop width. */
async function screenshots(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  const viewport = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotForReview(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize(viewport);
}

async function passwordStep(page: Page) {
  await page.goto("/admin-login");
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByLabel("Authentication code").waitFor();
}

describe("two-factor sign-in", () => {
  let secret = "";

  it("is set up on My account from the QR code's key, then asked after the password", async () => {
    const { context, page } = await newPage(site, 1280);
    await signInThroughLoginPage(site, page, USERNAME, PASSWORD);
    await page.goto("/admin/account");
    await page.getByRole("heading", { level: 1, name: "My account" }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    secret = (await page.locator("[data-secret]").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
    await screenshots(page, "admin-account-setup");

    await page.getByLabel("Authentication code").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    await page.getByText("10 of 10 recovery codes left.").waitFor();
    await expectNoAxeViolations(page);
    await screenshots(page, "admin-account-recovery-codes");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/admin-login");
    offsetMs += 30_000;

    await passwordStep(page);
    await page.getByText("Enter the 6-digit code from your authenticator app.").waitFor();
    // The code box is a new input: nothing typed into the password box shows up in it.
    expect(await page.getByLabel("Authentication code").inputValue()).toBe("");
    await expectNoAxeViolations(page);
    await page.getByText("Use a recovery code instead").click();
    await page.getByLabel("Recovery code").waitFor();
    await expectNoAxeViolations(page);
    await screenshots(page, "admin-login-code");

    await page.getByLabel("Authentication code").fill("000000" === codeFor(secret) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText("Invalid authentication code").waitFor();
    await page.getByLabel("Authentication code").fill(codeFor(secret));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText("Login successful! Redirecting...").waitFor();
    await page.waitForURL("**/dashboard/");
    await page.getByText(`Signed in as ${USERNAME}`).waitFor();
    await context.close();
  });

  it("works without JavaScript: the code step posts to the page, which signs in", async () => {
    expect(secret).not.toBe("");
    const { context, page } = await newPage(site, 1280, { javaScriptEnabled: false });
    // A new browser: the first password registers it, approved here as another admin would.
    await page.goto("/admin-login");
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
    for (const device of await site.app.services.admin.listDevices()) {
      if (device.status === "pending") await site.app.services.admin.decide(device.id, "approve");
    }
    offsetMs += 30_000;
    await passwordStep(page);
    await page.getByLabel("Authentication code").fill(codeFor(secret));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.waitForURL("**/dashboard/");

    // My account's forms post to the page too, whose action calls the API with the session's token.
    await page.goto("/admin/account");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("another-long-passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The current password is not right.").waitFor();
    await context.close();
  });

  it("when owners require it, sends an admin without it to set it up before any other screen", async () => {
    await site.database.db.insert(adminSettings).values({ key: REQUIRE_TWO_FACTOR, value: true });
    await site.app.services.admin.createAdmin({ username: "bishnu", email: "bishnu@himaltech.test", password: PASSWORD, role: "support" });
    const { context, page } = await newPage(site, 1280);
    await page.goto("/admin-login");
    await page.getByLabel("Username").fill("bishnu");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
    for (const device of await site.app.services.admin.listDevices()) {
      if (device.status === "pending") await site.app.services.admin.decide(device.id, "approve");
    }
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin/account");
    await page.getByText("Owners require two-factor sign-in for every admin. Set it up to open the rest of the admin.").waitFor();
    await page.goto("/admin/enquiries");
    await page.waitForURL("**/admin/account");
    await context.close();
  });
});
