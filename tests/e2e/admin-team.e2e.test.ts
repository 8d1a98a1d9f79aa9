import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

let smtp: SmtpSink;
let site: TestSite;
beforeAll(async () => {
  smtp = await startSmtpSink();
  site = await startSite({ smtpUrl: smtp.url });
  await site.app.services.admin.createAdmin({ username: "founder", email: "founder@himaltech.test", password: "a-long-test-passphrase" });
});
afterAll(async () => {
  await site.stop();
  await smtp.close();
});

/** The path of the link in the latest mail to `to` with this subject, on whichever host PUBLIC_URL names. */
async function linkInMail(to: string, subject: string) {
  const mail = await smtp.waitFor((message) => message.subject === subject && JSON.stringify(message.to).includes(to));
  return new URL(/https?:\/\/\S+/.exec(mail.text ?? "")![0]).pathname;
}

/** The page after a plain form post has come back and taken over again. */
async function submitted(page: Page, button: string) {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: button }).click()]);
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
}

describe("the team", () => {
  it("an owner invites a colleague, who joins through the mailed link, sets a password and signs in", async () => {
    const owner = await newPage(site, 1280);
    await signInThroughLoginPage(site, owner.page, "founder", "a-long-test-passphrase");
    const { page } = owner;
    await page.goto("/admin/team");
    await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await page.getByRole("table", { name: "Admins, their roles and their sign-ins" }).getByText("founder@himaltech.test").waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("E-mail address").fill("kiran@himaltech.test");
    await page.getByLabel("Role", { exact: true }).selectOption("editor");
    await submitted(page, "Send invitation");
    await page.getByRole("status").getByText("Invitation sent to kiran@himaltech.test.").waitFor();
    await page.getByRole("table", { name: "Invitations not yet accepted" }).getByText("kiran@himaltech.test").waitFor();
    await expectNoAxeViolations(page);

    const invite = await linkInMail("kiran@himaltech.test", "You are invited to the HimalTech admin");
    expect(invite).toMatch(/^\/admin\/invite\/[\w-]+$/);
    const colleague = await newPage(site, 390);
    await colleague.page.goto(invite);
    await colleague.page.getByText("You were invited as Editor with the address kiran@himaltech.test.").waitFor();
    await expectNoAxeViolations(colleague.page);
    await colleague.page.getByLabel("Username").fill("kiran");
    await colleague.page.getByLabel("Password").fill("short");
    await submitted(colleague.page, "Create my account");
    await colleague.page.getByRole("alert").getByText("Password must be at least 8 characters.").waitFor();
    expect(await colleague.page.getByLabel("Username").inputValue()).toBe("kiran");
    await colleague.page.getByLabel("Password").fill("rhododendron-season-9");
    await submitted(colleague.page, "Create my account");
    await colleague.page.getByText("Welcome, kiran. Your admin account is ready: sign in to continue.").waitFor();
    await expectNoAxeViolations(colleague.page);
    await colleague.page.getByRole("link", { name: "Go to admin sign-in" }).click();
    await colleague.page.waitForURL("**/admin-login");
    // Device approval still applies to the new admin's browser.
    await signInThroughLoginPage(site, colleague.page, "kiran", "rhododendron-season-9");

    // An editor's role does not reach the team screen: a clear page, not a loop back to the login.
    const refused = await colleague.page.goto("/admin/team");
    expect(refused?.status()).toBe(403);
    await colleague.page.getByRole("heading", { level: 1, name: "You do not have access to this screen" }).waitFor();
    // Said inside the admin frame, with the editor's own navigation; not on the public site's page.
    // (On a phone the navigation opens from the top bar's menu button.)
    await colleague.page.getByRole("button", { name: "Open admin menu" }).click();
    const nav = colleague.page.getByRole("navigation", { name: "Admin" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Dashboard", "Assistant", "Posts", "Content"]);
    expect(await colleague.page.getByRole("contentinfo").count()).toBe(0);
    expect(await colleague.page.getByRole("button", { name: "Subscribe" }).count()).toBe(0);
    expect(await colleague.page.getByRole("main").getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await colleague.page.title()).toBe("You do not have access to this screen | HimalTech admin");
    await expectNoAxeViolations(colleague.page);
    await colleague.page.keyboard.press("Escape");
    // Following the page's link back, the script takes over there as on any admin screen.
    await colleague.page.getByRole("link", { name: "Go to the dashboard" }).click();
    await colleague.page.waitForURL("**/dashboard/");
    await colleague.page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await colleague.context.close();

    await page.reload();
    const kiran = page.getByRole("row").filter({ hasText: "kiran@himaltech.test" });
    await kiran.getByText("Active").waitFor();
    expect(await page.getByRole("table", { name: "Invitations not yet accepted" }).count()).toBe(0);

    // A record that is not there is said inside the admin frame too.
    const missing = await page.goto("/admin/jobs/no-such-job/edit");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Job not found" }).waitFor();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" }).waitFor();
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    await expectNoAxeViolations(page);

    // The log names who did what, and links the admin it concerns.
    await page.goto("/admin/audit?action=invite.accepted");
    const row = page.getByRole("row").filter({ hasText: "Joined the team as Editor, through an invitation" });
    await row.getByRole("link", { name: "Admin: kiran" }).waitFor();
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("kiran");
    expect(await page.getByLabel("Action").locator("option:checked").textContent()).toBe("Invitation accepted");
    await expectNoAxeViolations(page);
    // A device approved away from the screens says how, and by what.
    await page.goto("/admin/audit?action=device.approved&who=command+line");
    const approval = page.getByRole("row").filter({ hasText: "Approved a new device for kiran (from the command line)" });
    expect(await approval.getByRole("cell").nth(1).textContent()).toBe("Command line on the server");
    expect(await page.getByLabel("Person").locator("option:checked").textContent()).toBe("Command line on the server");
    await owner.context.close();
  });

  it("changes a role and disables an admin with the script off, and keeps the last owner", async () => {
    const { page, context } = await newPage(site, 1280, { javaScriptEnabled: false });
    // Without the script the page does not keep the password between the two tries.
    const signIn = async () => {
      await page.goto("/admin-login");
      await page.getByLabel("Username").fill("founder");
      await page.getByLabel("Password").fill("a-long-test-passphrase");
      await page.getByRole("button", { name: "Login" }).click();
    };
    await signIn();
    await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
    for (const device of await site.app.services.admin.listDevices())
      if (device.username === "founder" && device.status === "pending") await site.app.services.admin.decide(device.id, "approve");
    await signIn();
    await page.waitForURL("**/dashboard/");
    await page.goto("/admin/team");
    const kiran = page.getByRole("row").filter({ hasText: "kiran@himaltech.test" });
    await kiran.getByLabel("Role of kiran", { exact: true }).selectOption("support");
    await kiran.getByRole("button", { name: "Change role of kiran" }).click();
    await page.getByRole("status").getByText("kiran is now a support.").waitFor();
    await page.getByRole("row").filter({ hasText: "kiran@himaltech.test" }).getByRole("button", { name: "Disable kiran" }).click();
    await page.getByRole("status").getByText("kiran is disabled and signed out everywhere.").waitFor();
    await page.getByRole("row").filter({ hasText: "kiran@himaltech.test" }).getByText("Disabled").waitFor();
    // The last active owner's own row offers no change the server would refuse: no other role, no Disable, no Remove.
    const founder = page.getByRole("row").filter({ hasText: "founder@himaltech.test" });
    await founder.getByText("Last active owner").waitFor();
    await page
      .getByText("founder is the team's last active owner: their role stays Owner, and they cannot be disabled or removed. Make another admin an owner first.")
      .waitFor();
    expect(await founder.getByRole("button").count()).toBe(0);
    expect(await founder.getByRole("combobox").count()).toBe(0);
    expect(await founder.getByRole("cell").nth(2).textContent()).toBe("Owner");
    // With another active owner, either may be changed.
    await page.getByRole("row").filter({ hasText: "kiran@himaltech.test" }).getByRole("button", { name: "Enable kiran" }).click();
    await page.getByRole("row").filter({ hasText: "kiran@himaltech.test" }).getByText("Active").waitFor();
    await page.getByRole("row").filter({ hasText: "kiran@himaltech.test" }).getByLabel("Role of kiran", { exact: true }).selectOption("owner");
    await page.getByRole("row").filter({ hasText: "kiran@himaltech.test" }).getByRole("button", { name: "Change role of kiran" }).click();
    await page.getByRole("status").getByText("kiran is now an owner.").waitFor();
    for (const action of ["Disable founder", "Remove founder", "Change role of founder"]) await founder.getByRole("button", { name: action }).waitFor();
    await context.close();
  });

  it("resets a forgotten password through the mailed link, from the login page's link", async () => {
    const { page, context } = await newPage(site, 390);
    await page.goto("/admin-login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { level: 1, name: "Forgot your admin password?" }).waitFor();
    await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
    await expectNoAxeViolations(page);
    await page.getByLabel("Username or e-mail address").fill("founder@himaltech.test");
    await submitted(page, "Send the link");
    await page
      .getByRole("status")
      .getByText(/^If that username or e-mail address belongs to an admin/)
      .waitFor();

    await page.goto(await linkInMail("founder@himaltech.test", "Set a new password for the HimalTech admin"));
    await page.getByText("Choose a new password for founder.").waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(/^New password/).fill("a-fresh-himalayan-passphrase");
    await page.getByLabel("Repeat the new password").fill("a-fresh-himalayan-passphrase");
    await submitted(page, "Set the password");
    await page
      .getByRole("status")
      .getByText(/^Your new password is set/)
      .waitFor();
    await page.getByRole("link", { name: "Go to admin sign-in" }).click();
    await signInThroughLoginPage(site, page, "founder", "a-fresh-himalayan-passphrase");
    await context.close();
  });
});
