import { eq } from "drizzle-orm";
import type { AddressObject, ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "../../server/modules/enquiries/schema";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const PASSWORD = "a-long-test-passphrase";
const HOUR = 60 * 60_000;

let sink: SmtpSink;
let site: TestSite;
let admin: Awaited<ReturnType<typeof newPage>>;
const clock = { now: new Date("2026-03-02T09:00:00Z") };
let visitors = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url, now: () => clock.now });
  await site.app.services.admin.createAdmin({ username: "sita", email: "sita@himaltech.test", password: PASSWORD, role: "support" });
  admin = await newPage(site, 1280);
  await signInThroughLoginPage(site, admin.page, "sita", PASSWORD);
});
afterAll(async () => {
  await admin?.context.close();
  await site?.stop();
  await sink?.close();
});

const addressOf = (mail: ParsedMail) => (mail.to as AddressObject | undefined)?.value[0]?.address;

/** A visitor's message sent through the contact form's service, as the form's API call makes it; answers the conversation's id. */
async function visitorWrites(name: string, email: string, message: string) {
  await site.app.services.enquiries.submitContact(
    { name, email, message, request_type: "CTA" },
    { ip: `203.0.113.${++visitors}`, userAgent: "Mozilla/5.0 Chrome/130.0" },
  );
  const [row] = await site.database.db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.email, email));
  return row!.id;
}

async function sendReply(page: Page, text: string) {
  await page.getByLabel("Reply to the visitor").fill(text);
  await page.getByRole("button", { name: "Send reply" }).click();
  await page.getByText("Reply sent.").waitFor();
}

describe("the enquiry inbox", () => {
  it("sends a reply by mail on the acknowledgement's thread, with the visitor's message quoted, and waits on the visitor", async () => {
    const id = await visitorWrites("Asha Gurung", "asha@example.com", "Can you build a data pipeline for our shop in Pokhara?");
    await site.flushMail();
    const acknowledgement = await sink.waitFor((mail) => addressOf(mail) === "asha@example.com");
    const threadId = site.app.services.conversations.links.messageIdOf(id);
    expect(acknowledgement.messageId).toBe(threadId);

    const { page } = admin;
    await page.goto("/admin/enquiries");
    await page.getByRole("link", { name: "Asha Gurung" }).click();
    await page.getByRole("heading", { level: 1, name: `Enquiry #${id}` }).waitFor();
    await page.getByText("Can you build a data pipeline for our shop in Pokhara?").waitFor();
    expect(await page.getByRole("link", { name: "Visitor's conversation page" }).getAttribute("href")).toContain(`/conversation/${id}-`);

    await page.getByLabel("Owner", { exact: true }).selectOption({ label: "sita" });
    await page.getByRole("button", { name: "Save owner" }).click();
    await page.getByText("Assigned to sita.").waitFor();
    await page.goto("/admin/enquiries?owner=me");
    await page.getByRole("link", { name: "Asha Gurung" }).click();
    await page.getByRole("heading", { level: 1, name: `Enquiry #${id}` }).waitFor();

    await sendReply(page, "Yes, we can. **Could you share** your order volume?");
    const thread = page.getByRole("region", { name: "Conversation" });
    await thread.getByRole("article", { name: "sita replied" }).getByText("Could you share").waitFor();
    expect(await thread.locator("strong", { hasText: "Could you share" }).count()).toBe(1);
    expect(await page.getByRole("definition").filter({ hasText: "Waiting on visitor" }).count()).toBe(1);
    expect(await page.getByLabel("Reply to the visitor").inputValue()).toBe("");

    await site.flushMail();
    const reply = await sink.waitFor((mail) => addressOf(mail) === "asha@example.com" && mail.messageId !== threadId);
    expect(reply.inReplyTo).toBe(threadId);
    expect([reply.references].flat()).toEqual([threadId]);
    expect(reply.messageId).toMatch(new RegExp(`^<${id}-[0-9a-f]{32}\\.\\d+@`));
    expect(reply.text).toContain("Could you share");
    expect(reply.text).toMatch(/you wrote:\s*\n> Can you build a data pipeline for our shop in Pokhara\?/);
    await expectNoAxeViolations(page);
  });

  it("keeps an internal note among staff: shown in the thread, never mailed nor on the visitor's page", async () => {
    const id = await visitorWrites("Bikash Rai", "bikash@example.com", "We need our cloud costs reviewed.");
    await site.flushMail();
    await sink.waitFor((mail) => addressOf(mail) === "bikash@example.com");
    const mailsBefore = sink.messages.length;

    const { page } = admin;
    await page.goto(`/admin/enquiries/${id}`);
    await page
      .getByLabel("Internal note")
      .fill(`Budget is tight: offer the *small* review. <img src=x onerror="window.__xss=1"> [call them](javascript:window.__xss=1)`);
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Note added.").waitFor();
    const note = page.getByRole("article", { name: "Note by sita" });
    await note.getByText("Internal note — not sent to the visitor").waitFor();
    await note.getByText("offer the").waitFor();
    // Simple markdown only: raw HTML is dropped and a script address is no link.
    expect(await note.locator("img").count()).toBe(0);
    expect(await note.locator("a").count()).toBe(0);
    expect(await page.evaluate(() => "__xss" in window)).toBe(false);

    await site.flushMail();
    expect(sink.messages.slice(mailsBefore)).toEqual([]);
    expect(sink.messages.some((mail) => (mail.text ?? "").includes("offer the"))).toBe(false);
    const token = site.app.services.conversations.links.tokenOf(id);
    // The visitor has asked to see the conversation: until then the page shows nothing they typed.
    await site.app.services.conversations.confirmVisitorConversation(token);
    const visitorView = await fetch(`${site.url}/api/conversations/${token}/`);
    expect(visitorView.status).toBe(200);
    const seen = await visitorView.text();
    expect(seen).toContain("We need our cloud costs reviewed.");
    expect(seen).not.toContain("offer the");
    await expectNoAxeViolations(page);
  });

  it("sends the same reply, and deletes the conversation after asking, with JavaScript off", async () => {
    const id = await visitorWrites("Nima Sherpa", "nima@example.com", "Is there a discount for schools?");
    const plain = await newPage(site, 390, { javaScriptEnabled: false });
    await plain.context.addCookies(await admin.context.cookies());
    await plain.page.goto(`/admin/enquiries/${id}`);
    await sendReply(plain.page, "Yes: schools get a third off.");
    await plain.page.getByRole("article", { name: "sita replied" }).getByText("Yes: schools get a third off.").waitFor();
    expect(await plain.page.getByRole("definition").filter({ hasText: "Waiting on visitor" }).count()).toBe(1);

    // Deleting asks first, in a disclosure that needs no script, then goes back to the list.
    await plain.page.getByText("Delete conversation…").click();
    await plain.page.getByRole("button", { name: "Delete for good" }).click();
    await plain.page.waitForURL(/\/admin\/enquiries$/);
    expect(await plain.page.getByRole("link", { name: "Nima Sherpa" }).count()).toBe(0);
    await plain.context.close();

    expect(await site.database.db.select().from(enquiries).where(eq(enquiries.id, id))).toEqual([]);

    await site.flushMail();
    const reply = await sink.waitFor((mail) => addressOf(mail) === "nima@example.com" && (mail.text ?? "").includes("a third off"));
    expect(reply.inReplyTo).toBe(site.app.services.conversations.links.messageIdOf(id));
  });

  it("closes two conversations at once from the list, and deletes one after asking", async () => {
    const first = await visitorWrites("Dawa Lama", "dawa@example.com", "Please quote a website redesign.");
    const second = await visitorWrites("Kamala Thapa", "kamala@example.com", "Do you run security audits?");
    const { page } = admin;
    await page.goto("/admin/enquiries?status=new");
    await page.getByLabel("Select the conversation with Dawa Lama").check();
    await page.getByLabel("Select the conversation with Kamala Thapa").check();
    await page.getByRole("group", { name: "With the selected conversations" }).getByRole("button", { name: "Close" }).click();
    await page.getByText("2 conversations closed.").waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Dawa Lama" }).count()).toBe(0);
    const rows = await site.database.db.select({ id: enquiries.id, status: enquiries.status }).from(enquiries);
    expect(rows.filter((row) => row.id === first || row.id === second).map((row) => row.status)).toEqual(["closed", "closed"]);

    // Deleting asks first: the button is inside a disclosure that must be opened.
    await page.goto("/admin/enquiries?status=closed");
    await page.getByLabel("Select the conversation with Dawa Lama").check();
    const confirm = page.getByRole("button", { name: "Delete selected" });
    expect(await confirm.isVisible()).toBe(false);
    await page.getByText("Delete…").click();
    await confirm.click();
    await page.getByText("1 conversation deleted.").waitFor();
    expect(await site.database.db.select().from(enquiries).where(eq(enquiries.id, first))).toEqual([]);
  });

  it("marks a conversation unanswered after 24 hours as overdue, first on the list, and both screens pass axe at both widths", async () => {
    const id = await visitorWrites("Ram Karki", "ram@example.com", "Our app crashes on older phones.");
    clock.now = new Date(clock.now.getTime() + 26 * HOUR);
    await visitorWrites("Sunita Tamang", "sunita@example.com", "Can we meet next week?");
    // The session has idled out over those hours: a new browser signs in again.
    const fresh = await newPage(site, 1280);
    await signInThroughLoginPage(site, fresh.page, "sita", PASSWORD);
    const { page } = fresh;
    await page.goto("/admin/enquiries");
    const table = page.getByRole("table", { name: "Enquiries, those owed an answer first" });
    const rows = table.getByRole("row");
    await rows.nth(1).waitFor();
    const texts = (await rows.allTextContents()).slice(1);
    expect(texts[0]).toContain("Overdue by");
    const ram = texts.findIndex((text) => text.includes("Ram Karki"));
    const sunita = texts.findIndex((text) => text.includes("Sunita Tamang"));
    expect(texts[ram]).toContain("Overdue by 2 h");
    expect(texts[sunita]).toContain("Due in 24 h");
    expect(ram).toBeLessThan(sunita);
    expect(texts.find((text) => text.includes("Asha Gurung"))).not.toMatch(/Due|Overdue/);

    await page.getByLabel("Overdue only").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/overdue=yes/);
    await expect.poll(async () => (await rows.allTextContents()).slice(1).every((text) => text.includes("Overdue by"))).toBe(true);
    expect(await page.getByRole("link", { name: "Sunita Tamang" }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    await page.goto(`/admin/enquiries/${id}`);
    await page.getByText("Overdue by 2 h").waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await fresh.context.close();
  });
});
