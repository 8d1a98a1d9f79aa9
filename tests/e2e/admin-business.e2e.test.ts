import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerApplications } from "../../server/modules/careers/schema";
import { pdfDocument } from "../fixtures/resume-documents";
import { enquiries, newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
let admin: Awaited<ReturnType<typeof newPage>>;
beforeAll(async () => {
  site = await startSite();
  await site.app.services.admin.createAdmin({ username: "manager", email: "manager@himaltech.test", password: "a-long-test-passphrase" });
  admin = await newPage(site, 1280);
  await signInThroughLoginPage(site, admin.page, "manager", "a-long-test-passphrase");
});
afterAll(async () => {
  await admin.context.close();
  await site.stop();
});

/** The screen at phone width has no sideways scrolling of the page itself (wide tables scroll in their own box), and stays accessible. */
async function fitsPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("running the business from the admin area", () => {
  it("finds a visitor's enquiry, closes it, and shows that on the hub's activity log", async () => {
    const visitor = await newPage(site, 390);
    await visitor.page.goto("/contact");
    const form = visitor.page.getByRole("form", { name: "Email us" });
    await form.getByLabel("Name").fill("Asha Gurung");
    await form.getByLabel("Email").fill("asha@example.com");
    await form.getByLabel("Message").fill("We need a data pipeline for our shop in Pokhara.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
    await visitor.context.close();

    const { page } = admin;
    await page.goto("/adminPanel");
    await page.getByRole("link", { name: /^Enquiries/ }).click();
    await page.getByRole("heading", { level: 1, name: "Enquiries" }).waitFor();
    await page.getByRole("table", { name: "Enquiries, those owed an answer first" }).waitFor();
    await expectNoAxeViolations(page);
    await fitsPhoneWidth(page);

    await page.getByLabel("Form").selectOption("GET_STARTED");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No enquiries match these filters.").waitFor();
    await page.getByLabel("Form").selectOption("CTA");
    await page.getByLabel("Status").selectOption("new");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByRole("link", { name: "Asha Gurung" }).click();

    await page.getByRole("heading", { level: 1, name: /^Enquiry #\d+$/ }).waitFor();
    await page.getByText("We need a data pipeline for our shop in Pokhara.").waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel("Status", { exact: true }).selectOption("closed");
    await page.getByRole("button", { name: "Save status" }).click();
    await page.getByText("Status saved.").waitFor();
    await page.getByRole("definition").filter({ hasText: "Closed" }).waitFor();
    const [stored] = await site.database.db.select().from(enquiries).where(eq(enquiries.email, "asha@example.com"));
    expect(stored).toMatchObject({ status: "closed", dueAt: null });

    await page.goto("/adminPanel");
    const activity = page.getByRole("table", { name: "Admin actions, newest first" });
    const row = activity.getByRole("row", { name: new RegExp(`Marked an enquiry as closed Enquiry #${stored!.id} from Asha Gurung`) });
    await row.waitFor();
    expect(await row.getByRole("link", { name: `Enquiry #${stored!.id} from Asha Gurung` }).getAttribute("href")).toBe(`/admin/enquiries/${stored!.id}`);
    expect(await row.textContent()).toContain("manager");
    await expectNoAxeViolations(page);
  });

  it("creates a job that appears on /careers, and closing it takes it off again", async () => {
    const { page } = admin;
    await page.goto("/admin/jobs");
    await page.getByText("No jobs yet.").waitFor();
    await page.getByRole("link", { name: "New job" }).click();
    await page.getByRole("heading", { level: 1, name: "New job" }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Save job" }).click();
    for (const message of ["Title is required", "Choose the employment type", "Department is required", "List at least one requirement"])
      await page.getByText(message).waitFor();

    await page.getByLabel("Title").fill("Data Engineer, Pokhara");
    await page.getByLabel("Type").selectOption("Contract");
    await page.getByLabel("Department").fill("Data");
    await page.getByLabel("Location").fill("Remote · Nepal");
    await page.getByLabel("Description").fill("Build the pipelines our clients' dashboards stand on.");
    await page.getByLabel("Requirements").fill("Three years of SQL\n\nPython or TypeScript");
    await page.getByLabel("Responsibilities").fill("Own the nightly loads");
    await fitsPhoneWidth(page);
    await page.getByRole("button", { name: "Save job" }).click();
    await page.getByText("Data Engineer, Pokhara saved.").waitFor();
    const jobRow = page.getByRole("row", { name: /Data Engineer, Pokhara/ });
    expect(await jobRow.textContent()).toContain("data-engineer-pokhara");
    await expectNoAxeViolations(page);

    const visitor = await newPage(site, 1280);
    await visitor.page.goto("/careers");
    await visitor.page.getByRole("link", { name: "Apply: Data Engineer, Pokhara" }).waitFor();
    await visitor.page.goto("/careers/apply/data-engineer-pokhara");
    await visitor.page.getByText("Three years of SQL").waitFor();

    // Closing asks first, saying what it does; keeping the job open changes nothing.
    await jobRow.getByRole("link", { name: "Close Data Engineer, Pokhara" }).click();
    const confirmation = page.getByRole("region", { name: "Close Data Engineer, Pokhara?" });
    await confirmation.getByText(/It leaves the careers page, its apply page and the sitemap at once/).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("close-heading");
    await expectNoAxeViolations(page);
    await confirmation.getByRole("link", { name: "Keep it open" }).click();
    await confirmation.waitFor({ state: "detached" });
    await jobRow.getByRole("link", { name: "Close Data Engineer, Pokhara" }).click();
    await confirmation.getByRole("button", { name: "Close the job" }).click();
    await page.getByText("Data Engineer, Pokhara is closed and off the careers page.").waitFor();
    await jobRow.getByRole("button", { name: "Reopen Data Engineer, Pokhara" }).waitFor();
    expect(page.url()).not.toContain("close=");
    await visitor.page.goto("/careers");
    await visitor.page.getByRole("heading", { name: "Current Openings" }).waitFor();
    expect(await visitor.page.getByRole("link", { name: "Apply: Data Engineer, Pokhara" }).count()).toBe(0);
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).not.toContain("data-engineer-pokhara");
    await visitor.context.close();

    await jobRow.getByRole("link", { name: "Edit Data Engineer, Pokhara" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Data Engineer, Pokhara" }).waitFor();
    expect(await page.getByLabel("Requirements").inputValue()).toBe("Three years of SQL\nPython or TypeScript");
  });

  it("saves a job as a draft with its closing day and countries, then publishes it from the list", async () => {
    const { page } = admin;
    await page.goto("/admin/jobs/new");
    await page.getByLabel("Title").fill("Security Analyst");
    await page.getByLabel("Type").selectOption("Full-time");
    await page.getByLabel("Department").fill("Security");
    await page.getByLabel("Location").fill("Remote");
    await page.getByLabel("Description").fill("Watch our clients' alerts and answer them.");
    await page.getByLabel("Requirements").fill("Two years in a SOC");
    await page.getByLabel("Responsibilities").fill("Triage alerts");
    await page.getByLabel("Closing date").fill("2099-01-31");
    await page.getByLabel("Countries applicants may live in").fill("Nepal, India");
    await screenshotForReview(page, "admin-job-form-1280", { fullPage: true });
    await fitsPhoneWidth(page);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await page.getByText("Security Analyst is saved as a draft: only staff can see it.").waitFor();
    const row = page.getByRole("row", { name: /Security Analyst/ });
    expect(await row.getByRole("cell").nth(5).textContent()).toBe("draft");
    expect((await fetch(`${site.url}/api/careers/jobs/security-analyst/`)).status).toBe(404);

    await row.getByRole("button", { name: "Publish Security Analyst" }).click();
    await page.getByText("Security Analyst is published on the careers page.").waitFor();
    const listed = await (await fetch(`${site.url}/api/careers/jobs/security-analyst/`)).json();
    expect(listed).toMatchObject({ remote: true, applicant_locations: ["Nepal", "India"], valid_through: "2099-01-31T18:14:59.999Z" });
    await row.getByRole("link", { name: "Close Security Analyst" }).waitFor();
  });

  it("creates and edits a job without JavaScript, keeping what was typed when it is refused", async () => {
    const plain = await newPage(site, 1280, { javaScriptEnabled: false });
    await plain.context.addCookies(await admin.context.cookies());
    const { page } = plain;
    await page.goto("/admin/jobs/new");
    await page.getByLabel("Title").fill("Cloud Architect");
    await page.getByLabel("Type").selectOption("Full-time");
    await page.getByLabel("Department").fill("Cloud");
    await page.getByLabel("Location").fill("Remote");
    await page.getByLabel("Description").fill("Design landing zones.");
    await page.getByLabel("Requirements").fill("AWS or Azure at scale");
    await page.getByLabel("Closing date").fill("2020-01-01");
    await page.getByLabel("Countries applicants may live in").fill("Nepal");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await page.waitForLoadState();
    // Refused: the missing list and the past day are named beside their boxes, and nothing typed is lost.
    await page.getByText("List at least one responsibility").first().waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Cloud Architect");
    expect(await page.getByLabel("Requirements").inputValue()).toBe("AWS or Azure at scale");
    await page.getByLabel("Responsibilities").fill("Review designs");
    await page.getByLabel("Closing date").fill("2099-06-30");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await page.waitForURL(/\/admin\/jobs\?saved=cloud-architect/);
    await page.getByText("Cloud Architect is saved as a draft: only staff can see it.").waitFor();

    await page.getByRole("link", { name: "Edit Cloud Architect" }).click();
    expect(await page.getByLabel("Closing date").inputValue()).toBe("2099-06-30");
    await page.getByLabel("Location").fill("Remote · Kathmandu office optional");
    await page.getByRole("button", { name: "Save job" }).click();
    await page.waitForURL(/\/admin\/jobs\?saved=cloud-architect/);
    // Still a draft: the list says so, as it does after a save with the script.
    await page.getByText("Cloud Architect is saved as a draft: only staff can see it.").waitFor();
    expect(await site.app.services.careersAdmin.getJob("cloud-architect")).toMatchObject({
      status: "draft",
      location: "Remote · Kathmandu office optional",
      applicant_locations: ["Nepal"],
    });
    await plain.context.close();
  });

  it("opens an application from the list, downloads the résumé and moves the application on", async () => {
    await site.app.services.careersAdmin.setJobStatus("data-engineer-pokhara", "open", { id: null, username: "test" });
    const form = new FormData();
    form.append("job", "data-engineer-pokhara");
    form.append("name", "Sita Sharma");
    form.append("email", "sita@example.com");
    form.append("cover_letter", "I have run the loads of a national retailer for three years.");
    form.append("resume", new Blob([new Uint8Array(pdfDocument())], { type: "application/pdf" }), "Sita CV.pdf");
    expect((await site.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form })).statusCode).toBe(201);

    const { page } = admin;
    await page.goto("/admin/applications");
    await page.getByLabel("Job").selectOption("data-engineer-pokhara");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/job=data-engineer-pokhara/);
    await expectNoAxeViolations(page);
    await fitsPhoneWidth(page);
    await page.getByRole("link", { name: "Sita Sharma" }).click();

    await page.getByRole("heading", { level: 1, name: "Sita Sharma" }).waitFor();
    await page.getByText("I have run the loads of a national retailer for three years.").waitFor();
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download résumé" }).click()]);
    expect(download.suggestedFilename()).toBe("resume-sita-sharma.pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdfDocument())).toBe(true);

    await page.getByRole("combobox", { name: "Status" }).selectOption("screening");
    await page.getByRole("button", { name: "Save status" }).click();
    await page.getByText("Status saved.").waitFor();
    const [application] = await site.database.db.select().from(careerApplications);
    expect(application!.status).toBe("screening");
  });

  it("removes a subscriber after the confirmation, and the log says who did", async () => {
    await site.database.db.insert(newsletterSubscriptions).values(
      ["keep@example.com", "remove@example.com"].map((email) => ({
        email,
        status: "confirmed" as const,
        ipHash: "h",
        userAgent: "u",
        createdAt: new Date(),
      })),
    );
    const { page } = admin;
    await page.goto("/admin/subscribers");
    await page.getByRole("table", { name: "Newsletter subscribers, newest first" }).waitFor();
    await expectNoAxeViolations(page);
    await fitsPhoneWidth(page);

    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.getByRole("button", { name: "Remove remove@example.com" }).click();
    expect(await site.database.db.select().from(newsletterSubscriptions)).toHaveLength(2);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Remove remove@example.com" }).click();
    await page.getByText("remove@example.com removed.").waitFor();
    await expect.poll(() => page.getByRole("cell", { name: "remove@example.com" }).count()).toBe(0);
    expect((await site.database.db.select().from(newsletterSubscriptions)).map((row) => row.email)).toEqual(["keep@example.com"]);

    await page.goto("/admin/audit");
    // Each action said in words, not as its stored code.
    await page.getByRole("row", { name: /Removed remove@example\.com from the newsletter list/ }).waitFor();
    for (const action of [
      /^Moved the application of .+ to Screening$/,
      /^Closed the job “.+”$/,
      /^Published the new job “.+”$/,
      /^Marked an enquiry as closed$/,
      /^Signed in$/,
    ]) {
      expect(await page.getByRole("cell", { name: action }).count(), String(action)).toBeGreaterThan(0);
    }
    expect(await page.getByRole("cell", { name: /^[a-z_]+\.[a-z_]+$/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await fitsPhoneWidth(page);
  });
});
