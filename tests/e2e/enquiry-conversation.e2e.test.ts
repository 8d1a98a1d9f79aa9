import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/modules/accounts/schema";
import { enquiries } from "../../server/modules/enquiries/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// The visitor's side of the enquiry inbox in a real browser: the private conversation page their mails
// link to, with the company's replies and their answers, and the /support form that starts one.

const STAFF = { id: null, username: "sita" };

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

/** The path of the conversation link in the acknowledgement mailed to `address`. */
async function conversationLinkMailedTo(address: string): Promise<string> {
  const mail = await sink.waitFor((each) => to(each) === address && /We received your enquiry/.test(each.subject ?? ""));
  const link = /https?:\/\/\S+\/conversation\/\S+/.exec(mail.text ?? "")?.[0];
  expect(link, mail.text).toBeDefined();
  return new URL(link!).pathname;
}

async function sendContactForm(page: Page, name: string, email: string, message: string) {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Email us" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill(message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect.poll(() => form.getByRole("status").textContent()).toContain("within 24 hours");
}

const enquiryOf = async (email: string) => (await site.database.db.select().from(enquiries).where(eq(enquiries.email, email)))[0]!;

/** The thread on the page, message by message. */
const threadTexts = (page: Page) => page.getByRole("region", { name: "Messages" }).getByRole("listitem").allTextContents();

/** Opens the mailed link, which shows nothing typed in the form until its reader asks for the conversation. */
async function openConversation(page: Page, path: string, typed: string) {
  await page.goto(path);
  await page.getByRole("heading", { name: "Was it you?" }).waitFor();
  expect(await page.locator("main").textContent()).not.toContain(typed);
  await page.getByRole("button", { name: "Show the conversation" }).click();
  await page.getByRole("region", { name: "Messages" }).waitFor();
}

describe("the conversation page", () => {
  it("shows the visitor's message and the company's reply, never a note, and takes the visitor's answer in place", async () => {
    const { context, page } = await newPage(site);
    await sendContactForm(page, "Asha Gurung", "asha.thread@example.com", "We need a data pipeline for our shops.");
    const path = await conversationLinkMailedTo("asha.thread@example.com");
    const { id } = await enquiryOf("asha.thread@example.com");

    await page.goto(path);
    await expectNoAxeViolations(page);
    await openConversation(page, path, "data pipeline");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
    expect(await threadTexts(page)).toEqual([expect.stringContaining("We need a data pipeline for our shops.")]);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex,nofollow");

    await site.app.services.conversations.reply(id, "Thanks, Asha. **Which** database do your shops use?", STAFF);
    await site.app.services.conversations.note(id, "Probably a big client: ask the owner.", STAFF);
    await page.reload();
    const thread = await threadTexts(page);
    expect(thread).toHaveLength(2);
    expect(thread[1]).toContain("Which database do your shops use?");
    expect(await page.getByRole("region", { name: "Messages" }).locator("strong").textContent()).toBe("Which");
    expect(await page.content()).not.toContain("Probably a big client");

    await page.getByLabel("Your reply").fill("PostgreSQL, in every shop.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Your reply has been sent.");
    expect((await threadTexts(page)).at(-1)).toContain("PostgreSQL, in every shop.");
    expect(await page.getByLabel("Your reply").inputValue()).toBe("");

    const conversation = (await site.app.services.enquiriesAdmin.getConversation(id))!;
    expect(conversation.status).toBe("open");
    expect(conversation.messages.map((message) => [message.kind, message.body])).toEqual([
      ["reply", "Thanks, Asha. **Which** database do your shops use?"],
      ["note", "Probably a big client: ask the owner."],
      ["visitor", "PostgreSQL, in every shop."],
    ]);
    await context.close();
  });

  it("takes an answer without JavaScript, says when it was refused, and reopens a closed conversation", async () => {
    const { context: scripted, page: contactPage } = await newPage(site);
    await sendContactForm(contactPage, "Dawa Sherpa", "dawa.thread@example.com", "Can you audit our cloud setup?");
    const path = await conversationLinkMailedTo("dawa.thread@example.com");
    await scripted.close();
    const { id } = await enquiryOf("dawa.thread@example.com");
    await site.app.services.conversations.reply(id, "Done: the report is attached.", STAFF);
    await site.app.services.enquiriesAdmin.setEnquiryStatus(id, "closed", STAFF);

    const { context, page } = await newPage(site, 1280, { javaScriptEnabled: false });
    await openConversation(page, path, "audit our cloud");
    expect(await page.getByText(/This conversation is closed/).isVisible()).toBe(true);

    const refused = page.waitForResponse((answer) => answer.request().method() === "POST");
    await page.getByRole("button", { name: "Send reply" }).click();
    expect((await refused).status()).toBe(400);
    expect(await page.getByRole("alert").textContent()).toContain("This field is required.");

    await page.getByLabel("Your reply").fill("One more question about the report.");
    const sent = page.waitForResponse((answer) => answer.request().method() === "POST");
    await page.getByRole("button", { name: "Send reply" }).click();
    expect((await sent).status()).toBe(200);
    await page.waitForLoadState();
    expect(await page.getByRole("status").textContent()).toContain("Your reply has been sent.");
    expect((await threadTexts(page)).at(-1)).toContain("One more question about the report.");
    expect(await page.getByText(/This conversation is closed/).count()).toBe(0);
    expect((await enquiryOf("dawa.thread@example.com")).status).toBe("open");
    await context.close();
  });

  it("answers a tampered or unknown link with the same 404 page, and is never kept by a cache", async () => {
    const { context, page } = await newPage(site);
    await sendContactForm(page, "Mina Rai", "mina.thread@example.com", "A shop in four languages.");
    const path = await conversationLinkMailedTo("mina.thread@example.com");
    const [, id, signature] = /\/conversation\/(\d+)-([0-9a-f]+)$/.exec(path)!;
    const flipped = signature!.replace(/^./, (digit) => (digit === "0" ? "1" : "0"));
    const tampered = `/conversation/${id}-${flipped}`;
    const unknown = `/conversation/${Number(id) + 1000}-${signature}`;

    const good = await context.request.get(path);
    expect(good.status()).toBe(200);
    expect(good.headers()["cache-control"]).toBe("no-store");
    const data = await context.request.get(`${path}.data`);
    expect([data.status(), data.headers()["cache-control"]]).toEqual([200, "no-store"]);
    const answers = await Promise.all([tampered, unknown, "/conversation/not-a-token"].map((each) => context.request.get(each)));
    expect(answers.map((answer) => answer.status())).toEqual([404, 404, 404]);
    for (const answer of answers) expect(answer.headers()["cache-control"]).toBe("no-store");
    // The bodies differ only by the address asked for, which the page repeats in its own data.
    const bodies = await Promise.all(answers.slice(0, 2).map((answer) => answer.text()));
    expect(bodies[0]!.replaceAll(tampered, "ADDRESS")).toBe(bodies[1]!.replaceAll(unknown, "ADDRESS"));
    expect(bodies[0]).toContain("Oops! Page not found");
    expect(bodies[0]).not.toContain("mina");

    await page.goto(tampered);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    const sitemap = await (await context.request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/conversation");
    await context.close();
  });

  it("is accessible with a thread at both widths", async () => {
    const { context, page } = await newPage(site, 390);
    await sendContactForm(page, "Karma Tamang", "karma.thread@example.com", "Our cloud bill doubled.\nWhere do we start?");
    const path = await conversationLinkMailedTo("karma.thread@example.com");
    const { id } = await enquiryOf("karma.thread@example.com");
    await site.app.services.conversations.reply(id, "Start here:\n\n- the bill's top three services\n- [our guide](https://example.com/guide)", STAFF);
    await openConversation(page, path, "cloud bill");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    expect(await page.getByRole("link", { name: "our guide" }).getAttribute("rel")).toContain("noreferrer");
    await context.close();
  });
});

describe("the account page", () => {
  it("lists the signed-in visitor's conversations, each opening its private page", async () => {
    const password = "Glacier-Walk-42";
    const email = "nima.account@example.com";
    expect(
      (
        await fetch(`${site.url}/api/accounts/register/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    ).toBe(201);
    await site.database.db.update(users).set({ isActive: true }).where(eq(users.email, email));
    const { context, page } = await newPage(site, 390);
    await page.goto("/login");
    await page.locator("main").getByLabel("Email").fill(email);
    await page.locator("main").getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/dashboard");
    const list = page.getByRole("region", { name: "Your conversations" });
    await expect.poll(() => list.textContent()).toContain("You have no conversations with us yet.");

    await site.app.services.enquiries.submitSupport(
      { email, subject: "Invoices in NPR?", message: "Can you invoice in rupees?", request_type: "SUPPORT" },
      { ip: "127.0.0.1", userAgent: "test" },
    );
    await site.app.services.enquiries.submitContact(
      {
        name: "Nima",
        email,
        message: "We run   twelve shops in Pokhara\nand want one stock system that works offline when the connection drops.",
        request_type: "CTA",
      },
      { ip: "127.0.0.1", userAgent: "test" },
    );
    await page.reload();
    // Each conversation says what it is: its kind, its subject or first words, and when it was sent; none is just "Your enquiry".
    const items = list.getByRole("listitem");
    await expect.poll(() => items.count()).toBe(2);
    const sentOn = (await site.database.db.select().from(enquiries).where(eq(enquiries.email, email))).map((row) =>
      row.createdAt.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
    );
    const texts = await items.allTextContents();
    expect(texts.join(" | ")).not.toContain("Your enquiry");
    const contact = items.filter({ hasText: "Contact message" });
    expect(await contact.getByRole("link").textContent()).toBe("“We run twelve shops in Pokhara and want one stock system that…”");
    const support = items.filter({ hasText: "Support request" });
    expect(await support.getByRole("link").textContent()).toBe("Invoices in NPR?");
    expect(await support.textContent()).toContain("“Can you invoice in rupees?”");
    for (const item of [contact, support]) expect(await item.textContent()).toMatch(/Sent (\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M) UTC/);
    for (const date of sentOn) expect(texts.join(" | ")).toContain(`Sent ${date} UTC`);
    if (process.env.SCREENSHOT_DIR) {
      await list.scrollIntoViewIfNeeded();
      await screenshotForReview(page, `account-conversations-390`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await list.scrollIntoViewIfNeeded();
      await screenshotForReview(page, `account-conversations-1280`);
      await page.setViewportSize({ width: 390, height: 900 });
    }
    await expectNoAxeViolations(page);
    await list.getByRole("link", { name: "Invoices in NPR?" }).click();
    await page.waitForURL("**/conversation/**");
    await page.getByRole("button", { name: "Show the conversation" }).click();
    await page.getByRole("region", { name: "Messages" }).waitFor();
    expect(await threadTexts(page)).toEqual([expect.stringContaining("Can you invoice in rupees?")]);
    await context.close();
  });
});

describe("the support form", () => {
  const sendSupport = async (page: Page, email: string) => {
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Subject").fill("The API answers 500");
    await page.getByLabel("Message", { exact: true }).fill("Since this morning every call to /v1/users fails.");
    await page.getByRole("button", { name: "Send Message" }).click();
  };

  const supportRow = async (email: string) =>
    (
      await site.database.db
        .select()
        .from(enquiries)
        .where(and(eq(enquiries.email, email), eq(enquiries.type, "SUPPORT")))
    )[0];

  it("sends a support request from the Contact Us tab and shows the thanks", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/support");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("FAQ");
    await page.getByRole("tab", { name: "Contact Us" }).click();
    await expectNoAxeViolations(page);
    await sendSupport(page, "pema.support@example.com");
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Thank you for contacting support! We’ll get back to you within 24 hours.");
    const row = await supportRow("pema.support@example.com");
    expect(row).toMatchObject({ subject: "The API answers 500", message: "Since this morning every call to /v1/users fails." });

    await page.getByLabel("Email", { exact: true }).fill("not an address");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Enter a valid email address.");
    await context.close();
  });

  it("opens on the form from a link to it", async () => {
    const { context, page } = await newPage(site);
    await page.goto("/support#contact");
    await expect.poll(() => page.getByRole("tab", { selected: true }).textContent()).toBe("Contact Us");
    expect(await page.getByRole("tabpanel").getByLabel("Subject").isVisible()).toBe(true);
    await context.close();
  });

  it("sends without JavaScript, by a post to the page", async () => {
    const { context, page } = await newPage(site, 390, { javaScriptEnabled: false });
    await page.goto("/support");
    await sendSupport(page, "lhakpa.support@example.com");
    await page.waitForLoadState();
    expect(page.url()).toBe(`${site.url}/support`);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Contact Us");
    expect(await page.getByRole("status").textContent()).toBe("Thank you for contacting support! We’ll get back to you within 24 hours.");
    expect(await supportRow("lhakpa.support@example.com")).toMatchObject({ subject: "The API answers 500" });
    await context.close();
  });
});
