import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
  await site.app.services.admin.createAdmin({ username: "editor", email: "editor@himaltech.test", password: "a-long-test-passphrase" });
  await site.app.services.blog.createCategory("AI");
  await site.app.services.blog.createCategory("Cloud");
});
afterAll(() => site.stop());

describe("Blog Post Management", () => {
  it("creates a post with an image, shows it on the blog, edits it and deletes it after the confirmation", async () => {
    const { context, page } = await newPage(site);
    await signInThroughLoginPage(site, page, "editor", "a-long-test-passphrase");
    await page.goto("/postblog");
    await page.getByRole("heading", { name: "Create New Post" }).waitFor();
    await page.getByText("No posts found.").waitFor();
    await expectNoAxeViolations(page);

    // Rules show once a field has been touched.
    await page.getByLabel("Title").focus();
    await page.getByLabel("Excerpt").focus();
    await page.getByText("Title is required").waitFor();
    // Leaving the excerpt shows its rule, which moves the button down: the click comes once the page stands still.
    await page.getByLabel("Excerpt").blur();
    await page.getByText("Excerpt is required").waitFor();
    await page.getByRole("button", { name: "Save Post" }).click();
    for (const message of ["Content is required", "Select at least one category", "Featured image is required for new posts"]) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel("Excerpt").fill("x".repeat(301));
    await page.getByText("Excerpt must be 300 characters or less").waitFor();
    await page.getByLabel("Read Time (minutes)").fill("0");
    await page.getByText("Must be at least 1 minute").waitFor();

    await page.getByLabel("Title").fill("Edge AI for Himalayan clinics");
    await page.getByLabel("Excerpt").fill("Small models that diagnose offline, where the network does not reach.");
    await page.getByLabel("AI", { exact: true }).check();
    await page.getByLabel("Read Time (minutes)").fill("7");
    await page.getByLabel("Featured Post").check();
    await page.getByLabel("Content").fill("## Why offline\n\n| Site | Uptime |\n|---|---|\n| Jumla | 61% |\n\n- [x] Pilot\n- [ ] Rollout");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("region", { name: "Preview" }).getByRole("cell", { name: "Jumla" }).waitFor();
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#22d3ee" } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
    await page.getByAltText("Preview of the chosen cover").waitFor();
    await page.getByRole("button", { name: "Save Post" }).click();
    await page.getByRole("button", { name: "Saving..." }).or(page.getByText("Post saved.")).first().waitFor();
    await page.getByText("Post saved.").waitFor();
    const row = page.getByRole("row", { name: /Edge AI for Himalayan clinics/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("Small models that diagnose offline, where the netw...");
    expect(await row.getByText("Yes").count()).toBe(1);

    const [post] = await site.app.services.blog.adminPosts();
    const publicPage = await context.newPage();
    await publicPage.goto("/blog");
    await publicPage
      .getByRole("link", { name: /Edge AI for Himalayan clinics/ })
      .first()
      .waitFor();
    await publicPage.goto(`/blog/${post!.id}`);
    await publicPage.getByRole("cell", { name: "Jumla" }).waitFor();

    await row.getByRole("button", { name: /Edit/ }).click();
    await page.getByRole("heading", { name: "Edit Post" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Edge AI for Himalayan clinics");
    await page.getByAltText("Preview of the chosen cover").waitFor();
    await page.getByLabel("Title").fill("Edge AI for mountain clinics");
    await page.getByRole("button", { name: "Save Post" }).click();
    await page.getByRole("row", { name: /Edge AI for mountain clinics/ }).waitFor();
    await page.getByRole("heading", { name: "Create New Post" }).waitFor();
    await publicPage.goto(`/blog/${post!.id}`);
    await publicPage.getByRole("heading", { name: "Edge AI for mountain clinics" }).waitFor();

    const dialogs: string[] = [];
    page.once("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: /Delete Edge AI/ }).click();
    await expect.poll(() => dialogs).toEqual(["Are you sure you want to delete this post?"]);
    expect(await page.getByRole("row", { name: /mountain clinics/ }).count()).toBe(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: /Delete Edge AI/ }).click();
    await page.getByText("No posts found.").waitFor();
    expect((await fetch(`${site.url}/blog/${post!.id}`)).status).toBe(404);
    await context.close();
  });

  it("signs an admin in again with one click after the browser dropped its session (closed), though its CSRF token was bound to it", async () => {
    const { context, page } = await newPage(site);
    await signInThroughLoginPage(site, page, "editor", "a-long-test-passphrase");
    const tokenOfSession = (await context.cookies()).find((cookie) => cookie.name === "csrftoken")!.value;
    await context.clearCookies({ name: "admin_session" });
    await page.goto("/postblog");
    await page.waitForURL("**/admin-login");
    await page.getByLabel("Username").fill("editor");
    await page.getByLabel("Password").fill("a-long-test-passphrase");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Login successful! Redirecting...").waitFor();
    await page.waitForURL("**/dashboard/");
    expect((await context.cookies()).find((cookie) => cookie.name === "csrftoken")!.value).not.toBe(tokenOfSession);
    await context.close();
  });

  it("sends a visitor without an admin session to the admin login", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/postblog");
    await page.waitForURL("**/admin-login");
    await context.close();
  });
});
