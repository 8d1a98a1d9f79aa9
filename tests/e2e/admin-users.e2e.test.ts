import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/modules/accounts/passwords";
import { users } from "../../server/modules/accounts/schema";
import { DISABLED_MESSAGE } from "../../server/modules/accounts/service";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";

const PASSWORD = "Glacier-Walk-42";
let site: TestSite;
let owner: Awaited<ReturnType<typeof newPage>>;

beforeAll(async () => {
  site = await startSite();
  await site.app.services.admin.createAdmin({ username: "owner", email: "owner@himaltech.test", password: "a-long-test-passphrase" });
  const passwordHash = await hashPassword(PASSWORD);
  await site.database.db.insert(users).values([
    { email: "asha@example.com", fullName: "Asha Gurung", passwordHash, isActive: true },
    { email: "bikash@example.com", fullName: "Bikash Rai", passwordHash, isActive: false },
  ]);
  owner = await newPage(site, 1280);
  await signInThroughLoginPage(site, owner.page, "owner", "a-long-test-passphrase");
});
afterAll(async () => {
  await owner.context.close();
  await site.stop();
});

describe("the owner's users screen", () => {
  it("disables an account; that visitor's open session ends, and signing in again says why", async () => {
    const visitor = await newPage(site, 390);
    await visitor.page.goto("/login");
    await visitor.page.locator("main").getByLabel("Email").fill("asha@example.com");
    await visitor.page.locator("main").getByLabel("Password").fill(PASSWORD);
    await visitor.page.getByRole("button", { name: "Log in", exact: true }).click();
    await visitor.page.waitForURL("**/dashboard");
    await expect.poll(() => visitor.page.getByText("Asha Gurung").count()).toBe(1);

    const { page } = owner;
    await page.goto("/admin/users");
    await page.getByRole("heading", { level: 1, name: "Site accounts" }).waitFor();
    await page.getByRole("table", { name: "Accounts visitors created, newest first" }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("Search by email").fill("asha");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL("**/admin/users?q=asha*");
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await page.getByRole("button", { name: "Disable: asha@example.com" }).click();
    await page.getByText("asha@example.com is disabled and signed out everywhere.").waitFor();
    await page.getByRole("button", { name: "Re-enable: asha@example.com" }).waitFor();
    const [stored] = await site.database.db.select().from(users).where(eq(users.email, "asha@example.com"));
    expect(stored!.disabledAt).toBeInstanceOf(Date);
    await expectNoAxeViolations(page);

    // The visitor's next step finds the session gone and lands on the login, where signing in says why.
    await visitor.page.reload();
    await visitor.page.waitForURL("**/login");
    await visitor.page.locator("main").getByLabel("Email").fill("asha@example.com");
    await visitor.page.locator("main").getByLabel("Password").fill(PASSWORD);
    await visitor.page.getByRole("button", { name: "Log in", exact: true }).click();
    await visitor.page.getByText(DISABLED_MESSAGE).waitFor();
    await visitor.context.close();
  });

  it("works without JavaScript: filters, resends a verification mail and deletes after the disclosure", async () => {
    const plain = await newPage(site, 1280, { javaScriptEnabled: false, storageState: await owner.context.storageState() });
    const { page } = plain;
    await page.goto("/admin/users?state=unverified");
    await page.getByRole("button", { name: "Resend verification: bikash@example.com" }).click();
    await page.getByText("A new verification mail is on its way to bikash@example.com.").waitFor();
    await expect
      .poll(() =>
        site.database.db
          .select()
          .from(users)
          .where(eq(users.email, "bikash@example.com"))
          .then((rows) => rows.length),
      )
      .toBe(1);

    await page.getByText("Delete…").click();
    await page.getByRole("button", { name: "Delete permanently: bikash@example.com" }).click();
    await page.getByText("bikash@example.com and its personal data are deleted.").waitFor();
    expect(await site.database.db.select().from(users).where(eq(users.email, "bikash@example.com"))).toEqual([]);
    await plain.context.close();
  });
});
