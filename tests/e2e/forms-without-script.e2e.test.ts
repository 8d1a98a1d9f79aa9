import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerApplications } from "../../server/modules/careers/schema";
import { sampleJobs } from "../../server/modules/careers/seed";
import { pdfDocument } from "../fixtures/resume-documents";
import { enquiries, newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { newsletterPages } from "#app/content/enquiries.ts";
import { browser, newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// Forms posted before or without JavaScript (decision 029): each reaches the server as a POST, the row and the
// mail arrive as they do through the script, and the page the server answers with shows the outcome.

let site: TestSite;
let sink: SmtpSink;
let fileDir: string;
let resumePath: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url, seed: true });
  fileDir = await mkdtemp(path.join(tmpdir(), "himal-noscript-"));
  resumePath = path.join(fileDir, "Pema Lama CV.pdf");
  await writeFile(resumePath, pdfDocument("Pema Lama - Curriculum Vitae"));
});
afterAll(async () => {
  await site.stop();
  await sink.close();
  await rm(fileDir, { recursive: true, force: true });
});

const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
const mailTo = (address: string, subject: RegExp) => sink.waitFor((mail) => to(mail) === address && subject.test(mail.subject ?? ""));

/** A browser with JavaScript turned off; every page request it makes is recorded. */
async function scriptless(): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  const { context, page } = await newPage(site, 1280, { javaScriptEnabled: false });
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") requests.push(request);
  });
  return { context, page, requests };
}

/** No page was asked for with the form's fields in its address. */
const noFieldsInAddress = (requests: Request[]) =>
  expect(requests.filter((request) => new URL(request.url()).search !== "").map((request) => request.url())).toEqual([]);

const enquiryForms = [
  {
    path: "/contact",
    form: "Email us",
    fields: { Name: "Asha Gurung", Email: "asha.noscript@example.com", Message: "We need a data pipeline." },
    button: "Send Message",
    type: "CTA",
  },
  {
    path: "/cta",
    form: "Email us",
    fields: { Name: "Dawa Sherpa", Email: "dawa.noscript@example.com", Message: "Can we meet?" },
    button: "Send Message",
    type: "CTA",
  },
  {
    path: "/discussProject",
    form: "Discuss your project",
    fields: { Name: "Mina Rai", Email: "mina.noscript@example.com", "Project details": "A shop in four languages." },
    button: "Submit Project",
    type: "DISCUSS_PROJECT",
  },
  {
    path: "/talktoexpert",
    form: "Talk to an expert",
    fields: { Name: "Karma Tamang", Email: "karma.noscript@example.com", Message: "Our cloud bill doubled." },
    button: "Request a Call",
    type: "TALK_TO_EXPERT",
  },
  {
    path: "/getStarted",
    form: "Get help getting started",
    fields: { Email: "sita.noscript@example.com", "How can we help?": "Where do I begin?" },
    button: "Submit",
    type: "GET_STARTED",
  },
] as const;

describe("enquiry forms without JavaScript", () => {
  for (const { path: pagePath, form: formName, fields, button, type } of enquiryForms) {
    it(`${pagePath} posts, stores the enquiry, mails the sender and shows the confirmation`, async () => {
      const { context, page, requests } = await scriptless();
      await page.goto(pagePath);
      const form = page.getByRole("form", { name: formName });
      for (const [label, value] of Object.entries(fields)) await form.getByLabel(new RegExp(`^${label.replace(/[?]/g, "\\?")}`)).fill(value);
      await form.getByRole("button", { name: button, exact: true }).click();
      await page.waitForLoadState();
      await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
      expect(await form.getByLabel("Email").inputValue()).toBe("");
      expect(requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([`GET ${pagePath}`, `POST ${pagePath}`]);
      noFieldsInAddress(requests);

      const rows = await site.database.db.select().from(enquiries).where(eq(enquiries.email, fields.Email));
      expect(rows.map((row) => row.type)).toEqual([type]);
      await mailTo(fields.Email, /We received your enquiry/);
      await context.close();
    });
  }

  it("answers a failed submission with its message, and keeps what was typed", async () => {
    const { context, page } = await scriptless();
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Email us" });
    await form.getByLabel("Name").fill("Nima Sherpa");
    await form.getByLabel("Email").fill("nima.noscript@example.com");
    const response = page.waitForResponse((answer) => answer.request().method() === "POST");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(400);
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("Please fill in all fields");
    expect(await form.getByLabel("Name").inputValue()).toBe("Nima Sherpa");
    expect(await form.getByLabel("Email").inputValue()).toBe("nima.noscript@example.com");
    expect(await site.database.db.select().from(enquiries).where(eq(enquiries.email, "nima.noscript@example.com"))).toHaveLength(0);
    await context.close();
  });

  it("signs up for the newsletter from any page's footer, landing on the newsletter page with the outcome", async () => {
    const { context, page, requests } = await scriptless();
    await page.goto("/about");
    const footer = page.getByRole("form", { name: "Newsletter" });
    await footer.getByLabel("Email address").fill("tashi.noscript@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL("**/newsletter");
    await expect.poll(() => page.locator("main").getByRole("status").textContent()).toMatch(/\S/);
    // The page's own form is named apart from the footer's, and the page says how to leave the list.
    expect(await page.getByRole("form", { name: newsletterPages.signUp.title }).count()).toBe(1);
    expect(await page.locator("main").textContent()).toContain(newsletterPages.signUp.leave);
    noFieldsInAddress(requests);
    const rows = await site.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "tashi.noscript@example.com"));
    expect(rows).toHaveLength(1);
    await sink.waitFor((mail) => to(mail) === "tashi.noscript@example.com");
    await context.close();
  });
});

describe("job application without JavaScript", () => {
  it("uploads the résumé, stores the application, mails the applicant and shows the confirmation", async () => {
    const job = sampleJobs[0]!;
    const { context, page, requests } = await scriptless();
    await page.goto(`/careers/apply/${job.id}`);
    const form = page.getByRole("form", { name: /Apply for this position|Send your application/ });
    await form.getByLabel(/^Full Name/).fill("Pema Lama");
    await form.getByLabel(/^Email/).fill("pema.noscript@example.com");
    await form.getByLabel(/^Resume/).setInputFiles(resumePath);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("heading", { name: "Application Submitted!" }).waitFor();
    noFieldsInAddress(requests);
    const rows = await site.database.db.select().from(careerApplications).where(eq(careerApplications.email, "pema.noscript@example.com"));
    expect(rows.map((row) => row.jobId)).toEqual([job.id]);
    await mailTo("pema.noscript@example.com", /We received your application/);
    await context.close();
  });
});

describe("account forms without JavaScript", () => {
  it("signs up, resends the verification, asks for a reset and logs in, each answered by the server", async () => {
    const { context, page, requests } = await scriptless();
    const main = page.locator("main");
    await page.goto("/signup");
    await main.getByLabel("Full name").fill("Bina Thapa");
    await main.getByLabel("Email").fill("bina.noscript@example.com");
    await main.getByLabel("Password").fill("Everest-Base-Camp-5364");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => main.getByRole("status").textContent()).toMatch(/verify|check your email/i);
    await mailTo("bina.noscript@example.com", /Verify your HimalTech account/);

    await page.goto("/verify-notice");
    await main.getByLabel("Email").fill("bina.noscript@example.com");
    await page.getByRole("button", { name: "Didn't get the email? Resend" }).click();
    await expect.poll(() => main.getByRole("status").textContent()).toMatch(/\S/);

    await page.goto("/forgot-password");
    await main.getByLabel("Email").fill("bina.noscript@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => main.getByRole("status").or(main.getByRole("alert")).first().textContent()).toMatch(/reset link/);

    await page.goto("/login");
    await main.getByLabel("Email").fill("bina.noscript@example.com");
    await main.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => main.getByRole("alert").textContent()).toMatch(/\S/);
    expect(await main.getByLabel("Email").inputValue()).toBe("bina.noscript@example.com");
    noFieldsInAddress(requests);
    await context.close();
  });
});

describe("admin sign-in without JavaScript", () => {
  it("registers the browser, then, once approved, signs in and opens the dashboard", async () => {
    const { admin } = site.app.services;
    await admin.createAdmin({ username: "noscript", email: "noscript@himaltech.test", password: "kathmandu-valley-42" });
    const { context, page, requests } = await scriptless();
    const signIn = async () => {
      await page.goto("/admin-login");
      await page.getByLabel("Username").fill("noscript");
      await page.getByLabel("Password").fill("kathmandu-valley-42");
      await page.getByRole("button", { name: "Login" }).click();
    };
    await signIn();
    await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
    for (const device of await admin.listDevices()) if (device.username === "noscript" && device.status === "pending") await admin.decide(device.id, "approve");
    await signIn();
    await page.waitForURL("**/dashboard/");
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain("csrftoken");
    noFieldsInAddress(requests);
    await context.close();
  });
});

describe("a form sent while the page is being taken over", () => {
  it("posts to the server, never a GET with the fields in the address", async () => {
    // The page's scripts never arrive, so the form is submitted before it is hydrated.
    const context = await (await browser()).newContext({ baseURL: site.url });
    const page = await context.newPage();
    await page.route(/\/assets\/.+\.js$/, () => undefined);
    const requests: Request[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") requests.push(request);
    });
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Email us" });
    await form.getByLabel("Name").fill("Rita Gurung");
    await form.getByLabel("Email").fill("rita.takeover@example.com");
    await form.getByLabel("Message").fill("Sent before the scripts ran.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
    expect(requests.map((request) => request.method())).toEqual(["GET", "POST"]);
    noFieldsInAddress(requests);
    expect(await site.database.db.select().from(enquiries).where(eq(enquiries.email, "rita.takeover@example.com"))).toHaveLength(1);
    await context.close();
  });
});

describe("page posts", () => {
  it("are limited per address, on top of the limit of the API route each form goes to", async () => {
    // An empty contact form is answered by the page alone, never reaching the API: only the page posts' own limit (30 a minute) can refuse it.
    const post = () => fetch(`${site.url}/contact`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=" });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post()).status);
    expect(statuses).toContain(429);
    expect(new Set(statuses.filter((status) => status !== 429))).toEqual(new Set([400]));
  });

  it("are refused at once where the page takes no form", async () => {
    const response = await fetch(`${site.url}/about`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ message: "This page takes no form." });
  });
});
