import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

let site: TestSite;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Access tokens live 2 s here, so a test can watch one expire and the session carry on through the refresh.
  site = await startSite({ smtpUrl: smtp.url, env: { ACCESS_TOKEN_TTL_SECONDS: "2" } });
});
afterAll(async () => {
  await site.stop();
  await smtp.close();
});

const PASSWORD = "Glacier-Walk-42";

/** The path of the link in the latest mail to `to` with this subject, on whichever host PUBLIC_URL names. */
async function linkPath(to: string, subject: string, count: number): Promise<string> {
  await expect
    .poll(() => smtp.messages.filter((mail) => mail.subject === subject && JSON.stringify(mail.to).includes(to)).length, { timeout: 15_000 })
    .toBe(count);
  const mail = smtp.messages.filter((mail) => mail.subject === subject && JSON.stringify(mail.to).includes(to)).at(-1)!;
  return new URL(/https?:\/\/\S+/.exec(mail.text ?? "")![0]).pathname;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("main").getByLabel("Email").fill(email);
  await page.locator("main").getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

describe("accounts", () => {
  it("signs up, verifies from the mail, logs in, survives an expired access token and logs out", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/signup");
    await expectNoAxeViolations(page);
    await page.locator("main").getByLabel("Full name").fill("Asha Gurung");
    await page.locator("main").getByLabel("Email").fill("asha@example.com");
    await page.locator("main").getByLabel("Password").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/verify-notice");
    await page.locator("main").getByText("asha@example.com").waitFor();
    await expectNoAxeViolations(page);
    // The request is held (and then sent on to the server) until the busy state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/accounts/resend-activation/", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Didn't get the email? Resend" }).click();
    const busy = page.getByRole("button", { name: "Resending..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Verification email has been resent." }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Didn't get the email? Resend" }).isEnabled()).toBe(true);

    const verifyPath = await linkPath("asha@example.com", "Verify your HimalTech account", 2);
    // Time moves only when the test says so, however long the checks below take on a busy machine.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const visit = await page.goto(verifyPath);
    expect(visit?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect.poll(() => page.getByText("Your account has been verified! Redirecting to login...").count()).toBe(1);
    // (axe needs running timers; the same screen is checked in its invalid-link state below)
    await page.clock.runFor(2900);
    expect(new URL(page.url()).pathname).toBe(verifyPath);
    await page.clock.runFor(200);
    await page.waitForURL("**/login");
    await context.close();

    const session = await newPage(site, 1280);
    await logIn(session.page, "asha@example.com", PASSWORD);
    await session.page.waitForURL("**/dashboard");
    await expect.poll(() => session.page.getByText("Asha Gurung").count()).toBe(1);
    await expectNoAxeViolations(session.page);
    // The header leads a signed-in visitor back to the account, on a page served the same to everyone too.
    const header = session.page.getByRole("banner");
    expect(await header.getByRole("link", { name: "My Account" }).getAttribute("href")).toBe("/dashboard");
    await session.page.goto("/about");
    await expect.poll(() => header.getByRole("link", { name: "My Account" }).count()).toBe(1);
    expect(await header.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    await session.page.goBack();
    // A page said no-store is loaded afresh, and may refresh an access token that has run out on the way:
    // the account shows once that is done, so the token read next is the one the page holds.
    await expect.poll(() => session.page.getByText("asha@example.com").count()).toBe(1);

    // Wait until the server refuses the stored access token, then load the account again.
    const expired = await session.page.evaluate(() => localStorage.getItem("accessToken"));
    await expect
      .poll(async () => (await fetch(`${site.url}/api/accounts/me/`, { headers: { authorization: `Bearer ${expired}` } })).status, { timeout: 10_000 })
      .toBe(401);
    const refreshed = session.page.waitForResponse((response) => response.url().endsWith("/api/token/refresh/") && response.status() === 200);
    await session.page.reload();
    await refreshed;
    await expect.poll(() => session.page.getByText("asha@example.com").count()).toBe(1);
    expect(await session.page.evaluate(() => localStorage.getItem("accessToken"))).not.toBe(expired);

    // Change password on the account page: the session carries on, and the new password is the one that logs in.
    await session.page.locator("main").getByLabel("Current password").fill(PASSWORD);
    await session.page.locator("main").getByLabel("New password").fill("Valley-Trail-77");
    await session.page.getByRole("button", { name: "Save new password" }).click();
    await expect.poll(() => session.page.getByRole("status").filter({ hasText: "Your password has been changed." }).count()).toBe(1);
    await session.page.reload();
    await expect.poll(() => session.page.getByText("asha@example.com").count()).toBe(1);
    const login = (password: string) =>
      fetch(`${site.url}/api/accounts/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "asha@example.com", password }),
      });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login("Valley-Trail-77")).status).toBe(200);

    const refresh = await session.page.evaluate(() => localStorage.getItem("refreshToken"));
    const otherTab = await session.context.newPage();
    await otherTab.goto(`${site.url}/about`);
    await otherTab.waitForFunction(() => "hydrated" in document.documentElement.dataset);
    await expect.poll(() => otherTab.getByRole("banner").getByRole("link", { name: "My Account" }).count()).toBe(1);
    await session.page.getByRole("button", { name: "Log out" }).click();
    await session.page.waitForURL("**/login");
    expect(await session.page.evaluate(() => localStorage.length)).toBe(0);
    await expect.poll(() => header.getByRole("link", { name: "Sign In" }).count()).toBe(1);
    // A tab left open elsewhere hears of the sign-out without being reloaded.
    await expect.poll(() => otherTab.getByRole("banner").getByRole("link", { name: "Sign In" }).count()).toBe(1);
    expect(
      (await fetch(`${site.url}/api/token/refresh/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refresh }) }))
        .status,
    ).toBe(401);
    await session.page.goto("/dashboard");
    await session.page.waitForURL("**/login");
    await session.context.close();
  });

  it("resets a forgotten password from the mail; the new password works and the old one does not", async () => {
    await site.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: "bikash@example.com", password: PASSWORD } });
    await site.app.inject({
      method: "GET",
      url: (await linkPath("bikash@example.com", "Verify your HimalTech account", 1)).replace(/^\/verify/, "/api/accounts/activate") + "/",
    });

    const { context, page } = await newPage(site);
    await page.goto("/login");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Reset it" }).click();
    await page.waitForURL("**/forgot-password");
    await page.locator("main").getByLabel("Email").fill("bikash@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByText("Check your email for a password reset link.").count()).toBe(1);
    await expectNoAxeViolations(page);

    const resetPath = await linkPath("bikash@example.com", "Reset your HimalTech password", 1);
    await page.goto(resetPath);
    await page.locator("main").getByLabel("New password").fill("password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/too (short|common)/);
    await page.locator("main").getByLabel("New password").fill("New-Summit-2026");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect.poll(() => page.getByText("✅ Password has been reset successfully.").count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.waitForURL("**/login", { timeout: 10_000 });

    await logIn(page, "bikash@example.com", PASSWORD);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("No active account found with the given credentials");
    await logIn(page, "bikash@example.com", "New-Summit-2026");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("posts a form sent before the page has come to life to the server, so a password never lands in an address", async () => {
    const { context, page } = await newPage(site, 390, { javaScriptEnabled: false });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/login");
    await page.locator("main").getByLabel("Email").fill("asha@example.com");
    await page.locator("main").getByLabel("Password").fill("Secret-Pass-91");
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await page.locator("main").getByLabel("Password").press("Enter");
    expect(new URL((await posted).url()).pathname).toBe("/login");
    await page.waitForLoadState();
    expect(page.url()).toBe(`${site.url}/login`);
    expect(requested.filter((url) => url.includes("Secret-Pass-91"))).toEqual([]);
    for (const path of ["/signup", "/forgot-password", "/reset-password/x/y", "/verify-notice"]) {
      await page.goto(path);
      expect(await page.locator("main form").getAttribute("method"), path).toBe("post");
      expect(await page.locator("main form button[type=submit]").isEnabled(), path).toBe(true);
    }
    await context.close();
  });

  it("shows the spec's messages for a bad link, an existing account and the mail-app screen", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/verify/AAAAAAAAAAAAAAAAAAAAAA/bad-token");
    await expect.poll(() => page.getByText("This verification link is invalid or has expired.").count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.goto("/signup");
    await page.locator("main").getByLabel("Full name").fill("Asha");
    await page.locator("main").getByLabel("Email").fill("asha@example.com");
    await page.locator("main").getByLabel("Password").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Account already activated. Please log in.");

    // Any other refusal shows the server's detail; an address that is signed up but not verified goes to the notice.
    await page.locator("main").getByLabel("Email").fill("chandra@example.com");
    await page.locator("main").getByLabel("Password").fill("password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("This password is too common. Choose one that is harder to guess.");
    await site.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: "chandra@example.com", password: PASSWORD } });
    await page.locator("main").getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/verify-notice");
    await page.locator("main").getByText("We sent a verification link to chandra@example.com.").waitFor();

    // The address is in the server's HTML, so the message shows before any script runs; a visit without one is sent home at once.
    const sentPage = await fetch(`${site.url}/email-sent-success?email=asha@proton.me`, { redirect: "manual" });
    expect(sentPage.status).toBe(200);
    expect(await sentPage.text()).toContain("We sent a verification link to asha@proton.me. Open it to activate your account.");
    const withoutAddress = await fetch(`${site.url}/email-sent-success`, { redirect: "manual" });
    expect([withoutAddress.status, withoutAddress.headers.get("location")]).toEqual([302, "/"]);
    await page.goto("/email-sent-success?email=asha@proton.me");
    expect(await page.getByRole("link", { name: /Open Mail App/ }).getAttribute("href")).toBe("https://mail.proton.me/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Email Sent Successfully");
    await expectNoAxeViolations(page);
    await page.goto("/email-sent-success");
    await page.waitForURL(`${site.url}/`);

    // A refused reset request (here: too many from one IP) gets the answer that never says whether the account exists.
    const ask = () =>
      fetch(`${site.url}/api/accounts/password-reset/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com" }),
      });
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) status = (await ask()).status;
    expect(status).toBe(429);
    await page.goto("/forgot-password");
    await page.locator("main").getByLabel("Email").fill("asha@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "If the account exists, you'll receive a reset link." }).count()).toBe(1);
    expect(await page.getByText("Check your email for a password reset link.").count()).toBe(0);
    await context.close();
  });
});
