import { eq } from "drizzle-orm";
import type { AddressObject, ParsedMail } from "mailparser";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ctaBlock } from "#app/content/contact.ts";
import { enquiries } from "../../server/modules/enquiries/schema";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const PASSWORD = "a-long-test-passphrase";
const NONSENSE = "purple elephant quantum banana";

let sink: SmtpSink;
let site: TestSite;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url });
  await site.app.services.admin.createAdmin({ username: "sita", email: "sita@himaltech.test", password: PASSWORD, role: "support" });
});
afterAll(async () => {
  await site?.stop();
  await sink?.close();
});

const addressOf = (mail: ParsedMail) => (mail.to as AddressObject | undefined)?.value[0]?.address;
const log = (page: Page) => page.getByRole("log", { name: "Conversation with the assistant" });
/** The conversation's turns: each a question and its answer. */
const turns = (page: Page) => log(page).locator("ol > li");
const ctaBlockOf = (page: Page) => page.locator("section[aria-labelledby=cta-block-title]");

async function openAssistant(page: Page, path = "/contact") {
  await page.goto(path);
  await page.getByRole("tab", { name: "AI Assistant" }).click();
}

/** Waits until the conversation has `count` turns and none is pending. */
async function answered(page: Page, count: number) {
  await expect.poll(() => turns(page).count()).toBe(count);
  await expect.poll(() => log(page).getAttribute("aria-busy")).toBe("false");
}

/** Every source link of a turn, each opening a page of the site. */
async function sourceLinks(turn: Locator) {
  const hrefs = await turn.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const href of hrefs) {
    expect(href, href).toMatch(/^\//);
    expect((await fetch(new URL(href, site.url))).status, href).toBe(200);
  }
  return hrefs;
}

async function latestConversation() {
  const { results } = await site.app.services.assistant.conversations({ page: 1, unansweredOnly: false });
  return results[0]!;
}

describe("the contact page's assistant", () => {
  it("answers each suggested question with links to the pages it drew on, in one conversation", async () => {
    const { context, page } = await newPage(site, 390);
    await openAssistant(page);
    for (const [index, question] of ctaBlock.aiAssistant.questions.entries()) {
      await page.getByRole("button", { name: question }).click();
      await answered(page, index + 1);
      const turn = turns(page).nth(index);
      expect(await turn.textContent()).toContain(question);
      expect((await sourceLinks(turn)).length, question).toBeGreaterThan(0);
    }
    const conversation = await latestConversation();
    expect(conversation).toMatchObject({ questions: 3, unanswered: 0, firstQuestion: ctaBlock.aiAssistant.questions[0] });
    await expectNoAxeViolations(page);
    await screenshotForReview(ctaBlockOf(page), `assistant-tab-390`);
    await context.close();
  });

  it("says plainly when it has no answer, and passes the conversation to staff, who find it with its transcript", async () => {
    const { context, page } = await newPage(site, 1280);
    await openAssistant(page, "/cta");
    await page.getByLabel("Your question").fill(NONSENSE);
    await page.keyboard.press("Enter");
    await answered(page, 1);
    expect(await page.getByLabel("Your question").inputValue()).toBe("");
    const conversation = await latestConversation();
    const [turn] = await site.app.services.assistant.turns(conversation.id);
    expect(turn).toMatchObject({ question: NONSENSE, answered: false, sources: [] });
    expect(await turns(page).first().textContent()).toContain(turn!.answer);

    const handoff = page.getByRole("region", { name: "Talk to a person" });
    await expectNoAxeViolations(page);
    await screenshotForReview(ctaBlockOf(page), `assistant-handoff-1280`);
    await handoff.getByLabel("Your name").fill("Pema Lama");
    await handoff.getByLabel("Your email").fill("pema@example.com");
    await handoff.getByRole("button", { name: "Send to our team" }).click();
    // While it sends, the button's spinner is a status of its own: the offer gives way to the one that says it was sent.
    await expect.poll(() => handoff.count()).toBe(0);
    expect(await ctaBlockOf(page).getByRole("status").filter({ hasText: /\S/ }).count()).toBe(1);

    const [enquiry] = await site.database.db.select().from(enquiries).where(eq(enquiries.email, "pema@example.com"));
    expect(enquiry).toMatchObject({ type: "ASSISTANT", name: "Pema Lama" });
    await site.flushMail();
    await sink.waitFor((mail) => addressOf(mail) === "pema@example.com");
    await context.close();

    const staff = await newPage(site, 1280);
    await signInThroughLoginPage(site, staff.page, "sita", PASSWORD);
    await staff.page.goto("/admin/enquiries");
    await staff.page.getByRole("link", { name: "Pema Lama" }).click();
    await staff.page.getByRole("heading", { level: 1, name: `Enquiry #${enquiry!.id}` }).waitFor();
    await staff.page.getByText(NONSENSE).first().waitFor();

    await staff.page.goto("/admin/assistant");
    const row = staff.page.getByRole("row").filter({ hasText: NONSENSE });
    expect(await row.getByText("1 unanswered").count()).toBe(1);
    expect(await row.getByRole("link", { name: `Enquiry #${enquiry!.id}` }).getAttribute("href")).toBe(`/admin/enquiries/${enquiry!.id}`);
    await expectNoAxeViolations(staff.page);

    await staff.page.getByLabel("Unanswered only").check();
    await staff.page.getByRole("button", { name: "Apply filters" }).click();
    await staff.page.waitForURL("**/admin/assistant?unanswered=1");
    await expect.poll(() => staff.page.getByRole("row").filter({ hasText: ctaBlock.aiAssistant.questions[0] }).count()).toBe(0);
    await row.getByRole("link", { name: NONSENSE }).click();
    await staff.page.getByRole("heading", { level: 1, name: "Conversation with the assistant" }).waitFor();
    const transcript = staff.page.getByRole("region", { name: "Transcript" });
    expect(await transcript.getByText(NONSENSE).count()).toBe(1);
    expect(await transcript.getByText("Not answered").count()).toBe(1);
    expect(await staff.page.getByRole("link", { name: `Enquiry #${enquiry!.id}` }).count()).toBe(1);
    await expectNoAxeViolations(staff.page);
    await staff.context.close();
  });

  it("works without JavaScript: the page answers each question itself, and the conversation goes on", async () => {
    const { context, page } = await newPage(site, 1280, { javaScriptEnabled: false });
    const requests: string[] = [];
    page.on("request", (request) => request.resourceType() === "document" && requests.push(`${request.method()} ${request.url()}`));
    await page.goto("/contact");
    // Tabs need a script: without one the assistant is drawn below them.
    const [first, second] = ctaBlock.aiAssistant.questions;
    await page.getByRole("button", { name: first }).click();
    await page.waitForLoadState();
    expect(await turns(page).count()).toBe(1);
    expect(await turns(page).first().textContent()).toContain(first);
    expect((await sourceLinks(turns(page).first())).length).toBeGreaterThan(0);

    await page.getByLabel("Your question").fill(second!);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForLoadState();
    expect(await turns(page).count()).toBe(2);
    expect(await latestConversation()).toMatchObject({ questions: 2, firstQuestion: first });

    await page.getByLabel("Your question").fill(NONSENSE);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForLoadState();
    expect(await turns(page).count()).toBe(3);
    const handoff = page.getByRole("region", { name: "Talk to a person" });
    await handoff.getByLabel("Your name").fill("Karma Tamang");
    await handoff.getByLabel("Your email").fill("karma.noscript@example.com");
    await handoff.getByRole("button", { name: "Send to our team" }).click();
    await page.waitForLoadState();
    expect(await handoff.count()).toBe(0);
    expect(await turns(page).count()).toBe(3);
    const rows = await site.database.db.select().from(enquiries).where(eq(enquiries.email, "karma.noscript@example.com"));
    expect(rows.map((row) => row.type)).toEqual(["ASSISTANT"]);

    // Every question went to the page as a post: nothing typed reached an address.
    expect(requests.every((request) => !request.includes("question=") && !request.includes("karma"))).toBe(true);
    expect(requests.filter((request) => request.startsWith("POST"))).toHaveLength(4);
    await context.close();
  });

  it("keeps the question and says why when the assistant refuses it", async () => {
    const { context, page } = await newPage(site, 1280);
    await openAssistant(page);
    await page.route("**/api/assistant/", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many requests. Try again in a minute." }) }),
    );
    await page.getByLabel("Your question").fill("Do you build mobile apps?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Too many requests. Try again in a minute.");
    expect(await page.getByLabel("Your question").inputValue()).toBe("Do you build mobile apps?");
    await context.close();
  });
});

describe("the admin's searches with no results", () => {
  it("lists what visitors searched for and did not find, with how often", async () => {
    for (let i = 0; i < 2; i++) expect((await fetch(`${site.url}/api/search/?q=${encodeURIComponent("zebra hovercraft")}`)).status).toBe(200);
    const staff = await newPage(site, 1280);
    await signInThroughLoginPage(site, staff.page, "sita", PASSWORD);
    await staff.page.goto("/admin/assistant");
    await staff.page.getByRole("navigation", { name: "Assistant screens" }).getByRole("link", { name: "Searches with no results" }).click();
    await staff.page.waitForURL("**/admin/assistant?view=searches");
    const row = staff.page.getByRole("row").filter({ hasText: "zebra hovercraft" });
    expect((await row.getByRole("cell").allTextContents()).slice(0, 2)).toEqual(["zebra hovercraft", "2"]);
    await expectNoAxeViolations(staff.page);
    await staff.context.close();
  });
});

describe("the questions the assistant could not answer", () => {
  it("are listed for staff, and an answer staff publish there is on the FAQ page and answers the next visitor", async () => {
    const question = "Can you look after our shop's tills over the Dashain holidays?";
    for (let i = 0; i < 2; i++)
      await fetch(`${site.url}/api/assistant/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question }) });
    for (const width of [1280, 390]) {
      const staff = await newPage(site, width);
      await signInThroughLoginPage(site, staff.page, "sita", PASSWORD);
      await staff.page.goto("/admin/assistant");
      await staff.page.getByRole("navigation", { name: "Assistant screens" }).getByRole("link", { name: "Questions not answered" }).click();
      await staff.page.waitForURL("**/admin/assistant?view=questions");
      const row = staff.page.getByRole("row").filter({ hasText: "dashain" });
      const cells = await row.getByRole("cell").allTextContents();
      expect(cells[0]).toContain("can you look after our shop's tills over the dashain holidays");
      expect(cells.slice(1, 3)).toEqual(["2", "0"]);
      // The answer is written beside the question, in view at either width.
      expect(await row.getByRole("textbox", { name: /^Answer to/ }).isVisible()).toBe(true);
      await expectNoAxeViolations(staff.page);
      await screenshotForReview(staff.page, `admin-assistant-questions-${width}`, { fullPage: true });
      await staff.context.close();
    }
    const staff = await newPage(site, 1280);
    await signInThroughLoginPage(site, staff.page, "sita", PASSWORD);
    await staff.page.goto("/admin/assistant?view=questions");
    const row = staff.page.getByRole("row").filter({ hasText: "dashain" });
    await row
      .getByRole("textbox", { name: /^Answer to/ })
      .fill("Yes. Our retainer plans include an engineer on call through Dashain and Tihar for shops' tills and online stores.");
    await row.getByRole("button", { name: "Publish on the FAQ" }).click();
    await staff.page.getByText("Answer published on the FAQ page.").waitFor();
    await expect.poll(() => row.getByText("Answered on the FAQ").count()).toBe(1);
    await staff.context.close();

    const visitor = await newPage(site, 390);
    await visitor.page.goto("/faq");
    const entry = visitor.page.getByRole("group").filter({ hasText: "Dashain holidays" });
    await entry.getByText("Can you look after our shop's tills over the Dashain holidays?").click();
    await entry.getByText("an engineer on call through Dashain and Tihar").waitFor();
    await expectNoAxeViolations(visitor.page);
    await screenshotForReview(visitor.page, `faq-staff-answer-390`, { fullPage: true });
    const reply = (await (
      await fetch(`${site.url}/api/assistant/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: "Are you on call for tills during Dashain?" }),
      })
    ).json()) as { answered: boolean; sources: { url: string }[] };
    expect(reply.answered).toBe(true);
    expect(reply.sources[0]!.url).toMatch(/^\/faq#answer-\d+$/);
    await visitor.context.close();
  });
});

describe("screenshots", () => {
  it("the assistant tab with a conversation, and the admin screen, at 390 and 1280 pixels", async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(site, width);
      await openAssistant(page);
      await page.getByRole("button", { name: ctaBlock.aiAssistant.questions[1] }).click();
      await answered(page, 1);
      await page.getByLabel("Your question").fill(NONSENSE);
      await page.keyboard.press("Enter");
      await answered(page, 2);
      await screenshotForReview(ctaBlockOf(page), `assistant-conversation-${width}`);
      await context.close();

      const staff = await newPage(site, width);
      await signInThroughLoginPage(site, staff.page, "sita", PASSWORD);
      await staff.page.goto("/admin/assistant");
      await screenshotForReview(staff.page, `admin-assistant-${width}`, { fullPage: true });
      await staff.page.getByRole("row").nth(1).getByRole("link").first().click();
      await staff.page.getByRole("heading", { level: 1, name: "Conversation with the assistant" }).waitFor();
      await screenshotForReview(staff.page, `admin-assistant-transcript-${width}`, { fullPage: true });
      await staff.page.goto("/admin/assistant?view=searches");
      await screenshotForReview(staff.page, `admin-assistant-searches-${width}`, { fullPage: true });
      await staff.context.close();
    }
  });
});
