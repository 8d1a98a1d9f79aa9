import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site as brand } from "#app/content/site.ts";
import { careerApplications, careerJobs, careerResumeChunks } from "../../server/modules/careers/schema";
import { sampleJobs } from "../../server/modules/careers/seed";
import { pdfDocument } from "../fixtures/resume-documents";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

let site: TestSite;
let smtp: SmtpSink;
let fileDir: string;
let resumePath: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  site = await startSite({ smtpUrl: smtp.url, seed: true });
  fileDir = await mkdtemp(path.join(tmpdir(), "himal-resume-"));
  resumePath = path.join(fileDir, "Anita Gurung CV.pdf");
  await writeFile(resumePath, pdfDocument("Anita Gurung - Curriculum Vitae"));
});
afterAll(async () => {
  await site.stop();
  await smtp.close();
  await rm(fileDir, { recursive: true, force: true });
});

const firstJob = sampleJobs[0]!;
/** The application form (the footer has an Email field of its own). */
const form = (page: Page) => page.getByRole("form", { name: /Apply for this position|Send your application/ });

describe("careers list", () => {
  it("arrives server-rendered with the openings, the perks and the general application box", async () => {
    const response = await fetch(`${site.url}/careers`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of [
      "Join Our Team",
      "Current Openings",
      "Why Join Us?",
      "Competitive salary with equity options",
      "Team retreats and events",
      "Don&#x27;t see your role?",
      "Submit General Application",
      firstJob.title,
    ]) {
      expect(html).toContain(text);
    }

    const { context, page } = await newPage(site, 390);
    await page.goto("/careers");
    await page.getByRole("heading", { name: "Current Openings" }).waitFor();
    expect(await page.getByRole("link", { name: /^Apply/ }).count()).toBe(sampleJobs.length);
    await screenshotForReview(page, "careers-list-390", { fullPage: true });
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("applies to a listed job with a PDF résumé; both mails arrive", async () => {
    const { context, page } = await newPage(site, 1280);
    await page.goto("/careers");
    await page.getByRole("link", { name: `Apply: ${firstJob.title}` }).click();
    await page.waitForURL(`**/careers/apply/${firstJob.id}`);
    await page.getByRole("heading", { level: 1, name: firstJob.title }).waitFor();
    // Apply hands the job over in navigation state, with the fields the spec lists.
    const handed = await page.evaluate(() => (window.history.state as { usr?: { job?: Record<string, unknown> } } | null)?.usr?.job);
    expect(Object.keys(handed ?? {}).sort()).toEqual(["department", "description", "id", "location", "requirements", "responsibilities", "title", "type"]);
    expect(handed).toMatchObject({ id: firstJob.id, title: firstJob.title, requirements: firstJob.requirements });
    await page.getByText(firstJob.salary!).waitFor();
    await page.getByText(firstJob.requirements[0]!).waitFor();
    await page.getByText(firstJob.responsibilities[0]!).waitFor();
    await expectNoAxeViolations(page);

    await form(page).getByLabel("Full Name").fill("Anita Gurung");
    await form(page).getByLabel("Email").fill("anita@example.com");
    await form(page).getByLabel("Phone").fill("+977 9812345678");
    expect(await form(page).getByLabel("Resume").getAttribute("accept")).toBe(".pdf,.doc,.docx");
    expect(await form(page).getByLabel("Cover Letter").getAttribute("rows")).toBe("4");
    await form(page).getByLabel("Resume").setInputFiles(resumePath);
    await form(page).getByLabel("Cover Letter").fill("I love building fast, accessible web apps.");
    await screenshotForReview(page, "careers-apply-1280", { fullPage: true });
    await page.getByRole("button", { name: "Submit Application" }).click();

    await expect.poll(() => page.getByRole("heading", { name: "Application Submitted!" }).isVisible()).toBe(true);
    await page.getByText(`Thank you for applying for ${firstJob.title}.`).waitFor();
    await page.getByText("We'll review your information and get back to you soon.").waitFor();
    expect(await form(page).getByLabel("Full Name").count()).toBe(0);
    // The button pressed is gone; focus continues from the confirmation that replaced the form.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Application Submitted!");
    await expectNoAxeViolations(page);

    const [application] = await site.database.db
      .select()
      .from(careerApplications)
      .where(sql`${careerApplications.email} = 'anita@example.com'`);
    expect(application).toMatchObject({ jobId: firstJob.id, name: "Anita Gurung" });
    const chunks = await site.database.db
      .select()
      .from(careerResumeChunks)
      .where(sql`${careerResumeChunks.resumeId} = ${application!.resumeId}`)
      .orderBy(careerResumeChunks.seq);
    expect(Buffer.compare(Buffer.concat(chunks.map((chunk) => chunk.data)), pdfDocument("Anita Gurung - Curriculum Vitae"))).toBe(0);

    const inbox = await smtp.waitFor((mail) => mail.subject === `New application: ${firstJob.title} – Anita Gurung`);
    expect((inbox.to as { text: string }).text).toBe(brand.contact.careersEmail);
    expect(inbox.text).toContain(`/admin/applications/${application!.id}`);
    expect(inbox.attachments).toHaveLength(0);
    const acknowledgement = await smtp.waitFor((mail) => (mail.to as { text: string }).text === "anita@example.com");
    expect(acknowledgement.text).toContain(`Thank you for applying for the ${firstJob.title} position`);
    await context.close();
  });

  it("sends a general application without a job", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/careers");
    await page.getByRole("link", { name: "Submit General Application" }).click();
    await page.waitForURL("**/careers/apply/general");
    await form(page).getByLabel("Full Name").fill("Bikash Rai");
    await form(page).getByLabel("Email").fill("bikash@example.com");
    await form(page).getByLabel("Resume").setInputFiles(resumePath);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Application Submitted!" }).isVisible()).toBe(true);
    await page.getByText("Thank you for applying for General Application.").waitFor();
    await screenshotForReview(page, "careers-general-390", { fullPage: true });

    const [application] = await site.database.db
      .select()
      .from(careerApplications)
      .where(sql`${careerApplications.email} = 'bikash@example.com'`);
    expect(application!.jobId).toBeNull();
    await smtp.waitFor((mail) => mail.subject === "New general application – Bikash Rai");
    await smtp.waitFor((mail) => (mail.to as { text: string }).text === "bikash@example.com");
    await context.close();
  });

  it("shows the server's message in a red box when the résumé is refused", async () => {
    const fakePath = path.join(fileDir, "cv.pdf");
    await writeFile(fakePath, "<!doctype html><html><body>not a pdf</body></html>");
    const { context, page } = await newPage(site, 1280);
    await page.goto("/careers/apply/general");
    await form(page).getByLabel("Full Name").fill("Chandra Lama");
    await form(page).getByLabel("Email").fill("chandra@example.com");
    await form(page).getByLabel("Resume").setInputFiles(fakePath);
    await page.getByRole("button", { name: "Submit Application" }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("does not look like a real PDF or Word document");
    expect(await form(page).getByLabel("Full Name").inputValue()).toBe("Chandra Lama");
    expect(
      await site.database.db
        .select()
        .from(careerApplications)
        .where(sql`${careerApplications.email} = 'chandra@example.com'`),
    ).toHaveLength(0);
    await context.close();
  });

  it("shows a spinner in place of the openings while they load on a visit within the site", async () => {
    const { context, page } = await newPage(site, 1280);
    await page.goto("/careers");
    await page.getByRole("heading", { name: "Current Openings" }).waitFor();
    // The page's data request is held on its way out, so the loading state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/careers.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("footer").getByRole("link", { name: "Careers", exact: true }).click();
    const busy = page.locator('#openings [aria-busy="true"]');
    await expect.poll(() => busy.locator('[role="status"]').count()).toBe(1);
    expect(await busy.getByRole("link", { name: /^Apply/ }).count()).toBe(0);
    release();
    await expect
      .poll(() =>
        page
          .locator("#openings")
          .getByRole("link", { name: /^Apply/ })
          .count(),
      )
      .toBe(sampleJobs.length);
    expect(await busy.count()).toBe(0);
    await context.close();
  });

  it("on a phone, holds the button while sending and brings a message that concerns no field into view", async () => {
    const job = sampleJobs[1]!;
    const { context, page } = await newPage(site, 390);
    try {
      await page.goto(`/careers/apply/${job.id}`);
      await form(page).getByLabel("Full Name").fill("Dawa Sherpa");
      await form(page).getByLabel("Email").fill("dawa@example.com");
      await form(page).getByLabel("Resume").setInputFiles(resumePath);
      // The opening closes while the person is filling in the form.
      await site.database.db
        .update(careerJobs)
        .set({ status: "closed" })
        .where(sql`${careerJobs.id} = ${job.id}`);
      site.app.services.contentEvents.changed("careers");

      // The request is held on its way out, so the sending state can be seen however fast the server is.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/careers/applications/", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Submit Application" }).click();
      const sending = page.getByRole("button", { name: /Submitting\.\.\./ });
      await expect.poll(() => sending.count()).toBe(1);
      expect(await sending.isDisabled()).toBe(true);
      expect(await form(page).getByLabel("Full Name").isDisabled()).toBe(true);
      release();

      const alert = page.getByRole("alert");
      await expect.poll(() => alert.textContent()).toContain("This job does not exist or is no longer accepting applications.");
      // The message sits at the top of the form, far above the button on a phone: it is scrolled to and focused.
      // The site scrolls smoothly, so the box is in view once the scroll has run its course.
      const inView = async () => {
        const box = await alert.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
      };
      await expect.poll(inView).toBe(true);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.activeElement?.querySelector("[role=alert]") !== null)).toBe(true);
      expect(await form(page).getByLabel("Full Name").inputValue()).toBe("Dawa Sherpa");
      expect(
        await site.database.db
          .select()
          .from(careerApplications)
          .where(sql`${careerApplications.email} = 'dawa@example.com'`),
      ).toHaveLength(0);
    } finally {
      await site.database.db
        .update(careerJobs)
        .set({ status: "open" })
        .where(sql`${careerJobs.id} = ${job.id}`);
      site.app.services.contentEvents.changed("careers");
      await context.close();
    }
  });

  it("answers 404 with the spec's texts for a missing job", async () => {
    const { context, page } = await newPage(site, 1280);
    const visit = await page.goto("/careers/apply/no-such-job");
    expect(visit?.status()).toBe(404);
    await page.getByRole("heading", { name: "Job not found" }).waitFor();
    await page.getByText("The job you're looking for doesn't exist or may have been removed.").waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("puts JobPosting data on a job page", async () => {
    const html = await (await fetch(`${site.url}/careers/apply/${firstJob.id}`)).text();
    const json = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    const posting = json["@graph"].find((node: { "@type": string }) => node["@type"] === "JobPosting");
    expect(posting).toMatchObject({
      title: firstJob.title,
      employmentType: "FULL_TIME",
      jobLocationType: "TELECOMMUTE",
      hiringOrganization: { name: brand.name },
    });
    expect(posting.applicantLocationRequirements).toEqual([{ "@type": "Country", name: "Nepal" }]);
    expect(posting.baseSalary).toMatchObject({ "@type": "MonetaryAmount", currency: "NPR", value: { unitText: "MONTH" } });
    expect(Date.parse(posting.datePosted)).toBeLessThan(Date.parse(posting.validThrough));
  });

  it("shows 'Error loading jobs' with Retry when the jobs cannot be read, and the empty state when none are open", async () => {
    const { context, page } = await newPage(site, 1280);
    await site.database.db.execute(sql`alter table career_jobs rename to career_jobs_away`);
    // Written behind the site's back, so announced as its own writes are: no kept copy hides the failure.
    site.app.services.contentEvents.changed("careers");
    try {
      const visit = await page.goto("/careers");
      expect(visit?.status()).toBe(503);
      await page.getByRole("heading", { name: "Error loading jobs" }).waitFor();
      await page.getByText("Failed to load jobs").waitFor();
      await expectNoAxeViolations(page);
      const jobPage = await page.goto(`/careers/apply/${firstJob.id}`);
      expect(jobPage?.status()).toBe(503);
      await page.getByRole("heading", { name: "Error loading job" }).waitFor();
      await page.getByText("Failed to load job details").waitFor();
      await page.goto("/careers");
    } finally {
      await site.database.db.execute(sql`alter table career_jobs_away rename to career_jobs`);
    }
    await site.database.db.update(careerJobs).set({ status: "closed" });
    site.app.services.contentEvents.changed("careers");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => page.getByText("We don't have any open positions at the moment.").isVisible()).toBe(true);
    await page.getByText("Please check back later or submit a general application.").waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
