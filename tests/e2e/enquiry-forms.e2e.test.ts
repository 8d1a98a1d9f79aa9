import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterPages } from "#app/content/enquiries.ts";
import { site as brand } from "#app/content/site.ts";
import { enquiries, newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

let site: TestSite;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url });
});
afterAll(async () => {
  await site.stop();
  await sink.close();
});

const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
const mailTo = (address: string, subject: RegExp) => sink.waitFor((mail) => to(mail) === address && subject.test(mail.subject ?? ""));
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ");
const label = (scope: Locator, text: string) => scope.getByLabel(new RegExp(`^${text}`));

describe("contact form (/contact, email-us tab)", () => {
  it("asks for every field, then sends, confirms, and the inbox and the sender get their mails", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/contact");
    await expectNoAxeViolations(page);
    const form = page.getByRole("form", { name: "Email us" });
    await form.getByLabel("Name").fill("Asha Gurung");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("Please fill in all fields");
    expect(await site.database.db.select().from(enquiries)).toHaveLength(0);

    await form.getByLabel("Email").fill("asha@example.com");
    await form.getByLabel("Message").fill("We need a data pipeline for our shop.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
    expect(await form.getByLabel("Name").inputValue()).toBe("");
    await form.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => form.getByRole("status").count()).toBe(0);

    const inbox = await mailTo(brand.contact.email, /Contact message from Asha Gurung/);
    expect(inbox.text).toContain("We need a data pipeline for our shop.");
    expect(inbox.text).toMatch(/\/admin\/enquiries\/\d+\n/);
    const acknowledgement = (await mailTo("asha@example.com", /We received your enquiry/)).text;
    expect(acknowledgement).toContain("within 24 hours");
    expect(acknowledgement).toMatch(/\/conversation\/\d+-[0-9a-f]{32}\n/);
    await context.close();
  });

  it("is the email-us tab of /cta too, and works without a pointer", async () => {
    const { context, page } = await newPage(site, 1280);
    await page.goto("/cta");
    await expectNoAxeViolations(page);
    const form = page.getByRole("form", { name: "Email us" });
    await form.getByLabel("Name").focus();
    await page.keyboard.type("Dawa Sherpa");
    await page.keyboard.press("Tab");
    await page.keyboard.type("dawa@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Can we book a meeting?");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
    await mailTo(brand.contact.email, /Contact message from Dawa Sherpa/);
    await context.close();
  });
});

describe("discuss project (/discussProject)", () => {
  it("sends budget and timeline, shows Submitted for 3 seconds, and mails the projects inbox", async () => {
    const { context, page } = await newPage(site, 1280);
    await page.clock.install();
    await page.goto("/discussProject");
    for (const heading of ["Our Process", "Why Work With Us"]) expect(await page.getByRole("heading", { name: heading }).count()).toBe(1);
    for (const step of ["Initial Consultation", "Proposal & Planning", "Development Kickoff"])
      expect(await page.getByText(step, { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    const form = page.getByRole("form", { name: "Discuss your project" });
    await label(form, "Name").fill("Chandra Lama");
    await label(form, "Email").fill("chandra@example.com");
    await form.getByLabel("Budget").selectOption({ label: "$50,000 - $100,000" });
    await form.getByLabel("Timeline").selectOption("1-3months");
    await label(form, "Project details").fill("A booking app for trekking agencies.");
    // Time moves only when the test says so, however slow the machine is.
    await page.clock.pauseAt(Date.now() + 60_000);
    await form.getByRole("button", { name: "Submit Project" }).click();
    const submitted = page.getByRole("button", { name: "Submitted" });
    await expect.poll(() => submitted.count()).toBe(1);
    await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
    await page.clock.runFor(2900);
    expect(await submitted.count()).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => page.getByRole("button", { name: "Submit Project" }).count()).toBe(1);

    const [row] = await site.database.db.select().from(enquiries).where(eq(enquiries.type, "DISCUSS_PROJECT"));
    expect(row).toMatchObject({ name: "Chandra Lama", budget: "50k-100k", timeline: "1-3months", company: null });
    const inbox = await mailTo(brand.contact.projectsEmail, /Project enquiry from Chandra Lama/);
    expect(inbox.text).toContain("Budget: $50,000 - $100,000");
    await context.close();
  });
});

describe("talk to an expert (/talktoexpert) and get started help (/getStarted)", () => {
  it("send their requests and show the 3 second confirmation", async () => {
    const { context, page } = await newPage(site, 1280);
    await page.goto("/talktoexpert");
    expect(await page.getByRole("heading", { name: "What to Expect" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    const expertForm = page.getByRole("form", { name: "Talk to an expert" });
    await label(expertForm, "Name").fill("Bikash Rai");
    await label(expertForm, "Email").fill("bikash@example.com");
    await label(expertForm, "Company").fill("Everest Foods");
    await expertForm.getByLabel("What can we help with?").selectOption("sales");
    await label(expertForm, "Message").fill("What would a cloud audit cost?");
    await expertForm.getByRole("button", { name: "Request a Call" }).click();
    await expect.poll(() => expertForm.getByRole("button", { name: "Sent" }).count()).toBe(1);
    expect((await mailTo(brand.contact.email, /Expert request \(Sales and pricing\) from Bikash Rai/)).text).toContain("Company: Everest Foods");

    await page.goto("/getStarted");
    await expectNoAxeViolations(page);
    const form = page.getByRole("form", { name: "Get help getting started" });
    await form.getByLabel(/^Email/).fill("dev@example.com");
    await form.getByLabel("I am a").selectOption({ label: "Developer" });
    await form.getByLabel(/^How can we help/).fill("Where are the SDKs?");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => form.getByRole("button", { name: "Submitted" }).count()).toBe(1);
    await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
    expect((await mailTo(brand.contact.email, /Get started: Developer/)).text).toContain("Where are the SDKs?");
    await context.close();
  });
});

describe("newsletter (footer)", () => {
  it("subscribes, hides its message after 5 seconds, and the mailed confirm and unsubscribe links work", async () => {
    const { context, page } = await newPage(site, 1280);
    await page.clock.install();
    await page.goto("/");
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill("reader@example.com");
    await page.clock.pauseAt(Date.now() + 60_000);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    const notice = footer.getByText(/check your inbox/);
    await expect.poll(() => notice.count()).toBe(1);
    await page.clock.runFor(4900);
    expect(await notice.count()).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => notice.count()).toBe(0);
    await page.clock.resume();

    const confirmation = await mailTo("reader@example.com", /Confirm your subscription/);
    expect(header(confirmation, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header(confirmation, "list-unsubscribe")).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:3000\/api\/newsletter\/unsubscribe\/[\w.-]+\/>$/);
    const confirmUrl = new URL(confirmation.text!.match(/http\S+\/newsletter\/confirm\/\S+/)![0]);
    const unsubscribeUrl = new URL(confirmation.text!.match(/http\S+\/newsletter\/unsubscribe\/\S+/)![0]);

    // Opening the link, as a mail scanner would, confirms nothing.
    await page.goto(confirmUrl.pathname);
    expect((await site.database.db.select().from(newsletterSubscriptions))[0]!.status).toBe("pending");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Your subscription is confirmed.");
    expect((await site.database.db.select().from(newsletterSubscriptions))[0]!.status).toBe("confirmed");
    expect(header(await mailTo("reader@example.com", /Welcome/), "list-unsubscribe")).toBeTruthy();

    await page.goto(unsubscribeUrl.pathname);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("unsubscribed");
    expect((await site.database.db.select().from(newsletterSubscriptions))[0]!.status).toBe("unsubscribed");
    await context.close();
  });

  it("has a page of its own, whose form is named apart from the footer's and which says how to unsubscribe", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/newsletter");
    expect(await page.getByRole("form", { name: newsletterPages.signUp.title }).count()).toBe(1);
    expect(await page.getByRole("form", { name: "Newsletter", exact: true }).count()).toBe(1);
    expect(await page.locator("main").textContent()).toContain(newsletterPages.signUp.leave);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
