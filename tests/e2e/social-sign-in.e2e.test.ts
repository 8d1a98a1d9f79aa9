import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socialIdentities, users } from "../../server/modules/accounts/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { startOpenIdProvider, type TestOpenIdProvider } from "../helpers/openid-provider";
import { freePort, newPage, startSite, type TestSite } from "../helpers/site";
import { screenshotForReview } from "../helpers/screenshots";

let site: TestSite;
let provider: TestOpenIdProvider;
beforeAll(async () => {
  // The provider must know the site's callback, and the site the provider's issuer: the site's port is chosen first.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startOpenIdProvider([`${publicUrl}/api/auth/google/callback`]);
  // Google is this local provider; GitHub and LinkedIn are not configured.
  site = await startSite({
    port,
    env: { PUBLIC_URL: publicUrl, GOOGLE_CLIENT_ID: provider.clientId, GOOGLE_CLIENT_SECRET: provider.clientSecret, GOOGLE_ISSUER: provider.issuer },
  });
});
afterAll(async () => {
  await site?.stop();
  await provider?.close();
});

const accountsOf = (email: string) => site.database.db.select().from(users).where(eq(users.email, email));

async function signInWithGoogle(page: Page) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Or log in with Google" }).click();
  await page.waitForURL("**/dashboard", { timeout: 15_000 });
}

describe("sign-in with a provider", () => {
  it("creates an account for a new address the provider verified, and opens its dashboard signed in", async () => {
    provider.signInAs({ id: "person-mina", email: "mina@example.com", emailVerified: true, name: "Mina Tamang" });
    const { context, page } = await newPage(site, 1280);
    await signInWithGoogle(page);
    await expect.poll(() => page.getByText("Mina Tamang").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => Boolean(localStorage.getItem("accessToken") && localStorage.getItem("refreshToken")))).toBe(true);
    // Nothing of the sign-in is left in an address the browser kept.
    expect(page.url()).not.toMatch(/code|token/i);
    const [account] = await accountsOf("mina@example.com");
    expect(account).toMatchObject({ fullName: "Mina Tamang", isActive: true });
    await context.close();
  });

  it("signs into the existing verified account with that address, without making a second one", async () => {
    await site.app.services.accounts.register({ email: "asha@example.com", password: "Glacier-Walk-42", full_name: "Asha Gurung" });
    await site.database.db.update(users).set({ isActive: true }).where(eq(users.email, "asha@example.com"));
    const [existing] = await accountsOf("asha@example.com");
    provider.signInAs({ id: "person-asha", email: "asha@example.com", emailVerified: true, name: "Asha G." });

    const { context, page } = await newPage(site, 390);
    await signInWithGoogle(page);
    await expect.poll(() => page.getByText("Asha Gurung").count()).toBeGreaterThan(0);
    expect(await accountsOf("asha@example.com")).toEqual([expect.objectContaining({ id: existing!.id, fullName: "Asha Gurung" })]);
    expect(await site.database.db.select().from(socialIdentities).where(eq(socialIdentities.subject, "person-asha"))).toEqual([
      expect.objectContaining({ provider: "google", userId: existing!.id }),
    ]);
    await context.close();
  });

  it("refuses an address the provider has not verified, saying why", async () => {
    provider.signInAs({ id: "person-unverified", email: "someone@example.com", emailVerified: false, name: "Someone" });
    const { context, page } = await newPage(site, 1280);
    await page.goto("/login");
    await page.getByRole("link", { name: "Or log in with Google" }).click();
    await page.waitForURL("**/social-sign-in?**");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Google has not verified the email address" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(await accountsOf("someone@example.com")).toEqual([]);
    await context.close();
  });

  it("says on the login page that a provider not configured is not available, with and without JavaScript", async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(site, width);
      await page.goto("/login");
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Or log in with GitHub" }).click();
      const message = page.getByRole("status").filter({ hasText: "Sign-in with GitHub is not available yet." });
      await expect.poll(() => message.count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/login");
      await expectNoAxeViolations(page);
      await screenshotForReview(page, `login-${width}`, { fullPage: true });
      await context.close();
    }

    const { context, page } = await newPage(site, 390, { javaScriptEnabled: false });
    await page.goto("/signup");
    await page.getByRole("link", { name: "Or sign up with LinkedIn" }).click();
    await page.waitForURL("**/social-sign-in?**");
    expect(await page.getByRole("alert").textContent()).toContain("Sign-in with LinkedIn is not available yet.");
    await context.close();
  });
});
