import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { outbox } from "../../mail/schema";
import { auditLog } from "../audit/schema";
import { newPartOf } from "./conversations";
import { enquiries, enquiryMessages } from "./schema";

let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
let support: Awaited<ReturnType<typeof signedInAdmin>>;
let editor: Awaited<ReturnType<typeof signedInAdmin>>;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true, env: { INBOUND_MAIL_DOMAIN: "reply.himaltech.test" } });
});
afterAll(() => t.close());
// Tests move the clock by hours, past an admin session's life: each signs in afresh.
beforeEach(async () => {
  owner = await signedInAdmin(t, "owner");
  support = await signedInAdmin(t, "support");
  editor = await signedInAdmin(t, "editor");
  await t.database.db.delete(auditLog);
  await t.database.db.delete(enquiries);
  await t.database.db.delete(outbox);
});

/** Moves the clock by hours; a new support admin signs in, as a session does not outlive hours of idling. */
async function later(ms: number) {
  t.clock.advance(ms);
  support = await signedInAdmin(t, "support");
}

const sender = { ip: "203.0.113.9", userAgent: "Mozilla/5.0 Chrome/130.0" };

function contact(name = "Sita Gurung", email = "sita@example.com", message = "We need a data pipeline for our tea exports.") {
  return t.app.services.enquiries.submitContact({ name, email, message, request_type: "CTA" }, sender);
}

const conversation = async (id: number) => (await support.request("GET", `/api/admin/enquiries/${id}/`)).json();
const mailsTo = async (to: string) => (await t.database.db.select().from(outbox).orderBy(outbox.id)).filter((mail) => mail.to === to);

describe("staff replies", () => {
  it("mails the visitor a reply that threads on the acknowledgement, quotes the original and waits on the visitor", async () => {
    const enquiry = await contact();
    const [acknowledgement] = await mailsTo("sita@example.com");
    const links = t.app.services.conversations.links;
    expect(acknowledgement).toMatchObject({ messageId: links.messageIdOf(enquiry.id), replyTo: links.replyAddressOf(enquiry.id) });
    expect(links.replyAddressOf(enquiry.id)).toMatch(new RegExp(`^reply\\+${enquiry.id}-[0-9a-f]{32}@reply\\.himaltech\\.test$`));

    await later(3 * HOUR);
    const sent = await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "Namaste Sita,\n\nHappy to help. **When** can we talk?" });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: "Reply sent.",
      status: "waiting",
      due_at: null,
      first_response_at: t.clock.now.toISOString(),
      messages: [{ kind: "reply", author: support.username, body: "Namaste Sita,\n\nHappy to help. **When** can we talk?" }],
    });

    const [, reply] = await mailsTo("sita@example.com");
    const [stored] = await t.database.db.select().from(enquiryMessages);
    expect(reply).toMatchObject({
      subject: `Re: ${acknowledgement!.subject}`,
      messageId: links.messageIdOf(enquiry.id, stored!.id),
      replyTo: links.replyAddressOf(enquiry.id),
      headers: { "In-Reply-To": links.messageIdOf(enquiry.id), References: links.messageIdOf(enquiry.id) },
    });
    expect(reply!.text).toContain("Happy to help.");
    expect(reply!.text).toContain("> We need a data pipeline for our tea exports.");
    expect(reply!.text).toContain(links.pageOf(enquiry.id));
  });

  it("answers the visitor's latest mail and keeps the thread's earlier mails in References", async () => {
    const enquiry = await contact();
    const links = t.app.services.conversations.links;
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "First answer." });
    const [first] = await t.database.db.select().from(enquiryMessages);
    await t.app.services.conversations.receiveMail(
      {
        recipients: [links.replyAddressOf(enquiry.id)!],
        from: { address: "sita@example.com", name: "Sita Gurung" },
        subject: "Re: We received your enquiry",
        text: "Thursday works.\n\nOn Tue, 24 Nov 2026 at 10:00, HimalTech wrote:\n> First answer.",
        messageId: "<visitor-1@mail.example.com>",
        references: [links.messageIdOf(enquiry.id), first!.mailMessageId!],
      },
      sender,
    );
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "Thursday it is." });
    const reply = (await mailsTo("sita@example.com")).at(-1)!;
    expect(reply.headers).toEqual({
      "In-Reply-To": "<visitor-1@mail.example.com>",
      References: [links.messageIdOf(enquiry.id), first!.mailMessageId, "<visitor-1@mail.example.com>"].join(" "),
    });
  });

  it("keeps notes in the admin thread only: no mail, and never on the visitor's page", async () => {
    const enquiry = await contact();
    const before = await t.database.db.select().from(outbox);
    const noted = await support.request("POST", `/api/admin/enquiries/${enquiry.id}/note/`, { body: "Budget is tight; offer the startup rate." });
    expect(noted.statusCode).toBe(201);
    expect(noted.json()).toMatchObject({
      message: "Note added.",
      status: "new",
      messages: [{ kind: "note", body: "Budget is tight; offer the startup rate." }],
    });
    expect(await t.database.db.select().from(outbox)).toHaveLength(before.length);
    const token = t.app.services.conversations.links.tokenOf(enquiry.id);
    const page = await t.app.inject({ method: "POST", url: `/api/conversations/${token}/confirm/`, payload: {} });
    expect(page.statusCode).toBe(200);
    expect(page.json().messages).toHaveLength(1);
    expect(page.body).not.toContain("startup rate");
  });

  it("refuses an empty reply, one over 20,000 characters and one too big to read, leaving nothing behind", async () => {
    const enquiry = await contact();
    const mails = (await t.database.db.select().from(outbox)).length;
    for (const body of ["", "   \n  ", "x".repeat(20_001)]) {
      const refused = await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body });
      expect(refused.statusCode, `${body.length} characters`).toBe(400);
    }
    expect((await support.request("POST", `/api/admin/enquiries/${enquiry.id}/note/`, { body: 42 } as never)).statusCode).toBe(400);
    const huge = await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "€".repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    expect(await t.database.db.select().from(enquiryMessages)).toEqual([]);
    expect(await t.database.db.select().from(outbox)).toHaveLength(mails);
    expect((await conversation(enquiry.id)).status).toBe("new");
    expect((await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "x".repeat(20_000) })).statusCode).toBe(201);
  });

  it("404s a reply to a conversation that does not exist, and keeps the inbox from roles without it", async () => {
    expect((await support.request("POST", "/api/admin/enquiries/987654/reply/", { body: "Hello" })).statusCode).toBe(404);
    const enquiry = await contact();
    expect((await editor.request("GET", `/api/admin/enquiries/${enquiry.id}/`)).statusCode).toBe(403);
    expect((await editor.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "Hello" })).statusCode).toBe(403);
  });
});

describe("working the inbox", () => {
  it("assigns a conversation to a support or owner admin only, and filters by owner", async () => {
    const first = await contact();
    await contact("Ram Thapa", "ram@example.com", "A mobile app.");
    const { results: owners } = (await support.request("GET", "/api/admin/enquiries/owners/")).json();
    const usernames = owners.map((each: { username: string }) => each.username);
    expect(usernames).toEqual(expect.arrayContaining([owner.username, support.username]));
    expect(usernames).not.toContain(editor.username);

    const supportId = owners.find((each: { username: string }) => each.username === support.username).id;
    const editorId = (await t.app.services.team.overview()).admins.find((each) => each.username === editor.username)!.id;
    expect((await support.request("POST", `/api/admin/enquiries/${first.id}/assign/`, { assignee: editorId })).statusCode).toBe(400);
    const assigned = await support.request("POST", `/api/admin/enquiries/${first.id}/assign/`, { assignee: supportId });
    expect(assigned.json()).toMatchObject({ assignee: { id: supportId, username: support.username }, message: `Assigned to ${support.username}.` });

    const emails = async (query: string) =>
      (await support.request("GET", `/api/admin/enquiries/?${query}`)).json().results.map((each: { email: string }) => each.email);
    expect(await emails("owner=me")).toEqual(["sita@example.com"]);
    expect(await emails(`owner=${supportId}`)).toEqual(["sita@example.com"]);
    expect(await emails("owner=none")).toEqual(["ram@example.com"]);

    const unassigned = await support.request("POST", `/api/admin/enquiries/${first.id}/assign/`, { assignee: "" });
    expect(unassigned.json()).toMatchObject({ assignee: null, message: "Unassigned." });
    expect((await t.database.db.select().from(auditLog)).map((entry) => entry.action)).toEqual(["enquiry.assigned", "enquiry.unassigned"]);
  });

  it("shows the time left, sorts the most overdue first, and filters overdue and by age", async () => {
    const older = await contact("Old Sender", "old@example.com", "Sent two days ago.");
    await later(30 * HOUR);
    const newer = await contact("New Sender", "new@example.com", "Sent just now.");
    const list = (await support.request("GET", "/api/admin/enquiries/")).json();
    expect(list.results.map((each: { id: number }) => each.id)).toEqual([older.id, newer.id]);
    expect(new Date(list.results[0].due_at).getTime()).toBeLessThan(t.clock.now.getTime());
    const ids = async (query: string) => (await support.request("GET", `/api/admin/enquiries/?${query}`)).json().results.map((each: { id: number }) => each.id);
    expect(await ids("overdue=yes")).toEqual([older.id]);
    expect(await ids("age=today")).toEqual([newer.id]);
    expect(await ids("age=week")).toEqual([older.id]);
    expect(await ids("age=older")).toEqual([]);
    await support.request("POST", `/api/admin/enquiries/${older.id}/reply/`, { body: "Sorry for the wait." });
    expect(await ids("overdue=yes")).toEqual([]);
  });

  it("finds a conversation by any word of its thread, replies and visitor answers included", async () => {
    const enquiry = await contact("Maya Shrestha", "maya@lumbini.example", "Cloud migration please.");
    await contact("Hari Bista", "hari@example.com", "Penetration test.");
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "We can use Kubernetes for that." });
    await t.app.services.conversations.replyAsVisitor(t.app.services.conversations.links.tokenOf(enquiry.id), "Our auditors prefer Frankfurt.");
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/note/`, { body: "Referral from Pokhara office." });
    const found = async (q: string) =>
      (await support.request("GET", `/api/admin/enquiries/?q=${encodeURIComponent(q)}`)).json().results.map((each: { id: number }) => each.id);
    for (const q of ["kubernetes", "frankfurt", "pokhara", "lumbini", "maya shrestha", "maya@lumbini.example", "migra"])
      expect(await found(q), q).toEqual([enquiry.id]);
    expect(await found("kubernetes hari")).toEqual([]);
  });

  it("closes, marks as spam and deletes in bulk, skipping ids already gone, with an audit entry each and no personal data in it", async () => {
    const [a, b, c] = [await contact(), await contact("B", "b@example.com"), await contact("C", "c@example.com")];
    expect((await support.request("POST", "/api/admin/enquiries/bulk/", { action: "close", ids: [a.id, b.id] })).json()).toEqual({
      changed: 2,
      message: "2 conversations closed.",
    });
    expect((await support.request("POST", "/api/admin/enquiries/bulk/", { action: "spam", ids: [c.id] })).json()).toMatchObject({
      message: "1 conversation marked as spam.",
    });
    expect((await conversation(c.id)).status).toBe("spam");
    await support.request("POST", `/api/admin/enquiries/${a.id}/note/`, { body: "Internal." });

    const deleted = await support.request("POST", "/api/admin/enquiries/bulk/", { action: "delete", ids: [a.id, 999_999] });
    expect(deleted.json()).toEqual({ changed: 1, message: "1 conversation deleted." });
    expect((await support.request("GET", `/api/admin/enquiries/${a.id}/`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(enquiryMessages)).toEqual([]);
    const deletion = (await t.database.db.select().from(auditLog)).find((entry) => entry.action === "enquiry.deleted")!;
    expect(deletion).toMatchObject({ target: `enquiry:${a.id}`, detail: { type: "CTA" } });
    expect(JSON.stringify(deletion)).not.toContain("sita");

    for (const payload of [{ action: "archive", ids: [b.id] }, { action: "close", ids: [] }, { action: "close", ids: ["x"] }, { action: "close" }]) {
      expect((await support.request("POST", "/api/admin/enquiries/bulk/", payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await support.request("POST", `/api/admin/enquiries/${b.id}/delete/`)).json()).toEqual({ message: `Enquiry #${b.id} deleted.` });
    expect((await support.request("POST", `/api/admin/enquiries/${b.id}/delete/`)).statusCode).toBe(404);
  });
});

describe("visitors' answers", () => {
  it("reopens a closed conversation, makes an answer due and tells its owner", async () => {
    const enquiry = await contact();
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/reply/`, { body: "Done, closing." });
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/status/`, { status: "closed" });
    const { results } = (await support.request("GET", "/api/admin/enquiries/owners/")).json();
    const assignee = support.username;
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/assign/`, {
      assignee: results.find((each: { username: string }) => each.username === assignee).id,
    });

    await later(HOUR);
    await t.app.services.conversations.replyAsVisitor(t.app.services.conversations.links.tokenOf(enquiry.id), "One more question.");
    expect(await conversation(enquiry.id)).toMatchObject({ status: "open", due_at: new Date(t.clock.now.getTime() + 24 * HOUR).toISOString() });
    const [told] = await mailsTo(`${assignee}@himaltech.test`);
    expect(told!.subject).toBe(`New reply from Sita Gurung (enquiry #${enquiry.id})`);
    expect(told!.text).toContain(`/admin/enquiries/${enquiry.id}`);
  });

  it("turns a mail that matches no conversation, or a forged one, into a new enquiry", async () => {
    const links = t.app.services.conversations.links;
    const enquiry = await contact();
    const forged = links.replyAddressOf(enquiry.id)!.replace(/[0-9a-f]@/, (match) => `${match[0] === "0" ? "1" : "0"}@`);
    for (const recipients of [[forged], ["hello@reply.himaltech.test"]]) {
      const received = await t.app.services.conversations.receiveMail(
        { recipients, from: { address: "stranger@example.com" }, subject: "Hello there", text: "Do you build chatbots?", references: [] },
        sender,
      );
      expect(received.matched).toBe(false);
      expect(await conversation(received.enquiryId)).toMatchObject({
        type: "EMAIL",
        email: "stranger@example.com",
        subject: "Hello there",
        message: "Do you build chatbots?",
      });
    }
    expect(await t.database.db.select().from(enquiryMessages)).toEqual([]);
  });

  it("keeps what arrives on a spam conversation without reopening it or telling anyone", async () => {
    const enquiry = await contact();
    await support.request("POST", `/api/admin/enquiries/${enquiry.id}/status/`, { status: "spam" });
    const mails = (await t.database.db.select().from(outbox)).length;
    const links = t.app.services.conversations.links;
    await t.app.services.conversations.receiveMail(
      { recipients: [links.replyAddressOf(enquiry.id)!], from: { address: "sita@example.com" }, subject: "Re", text: "Buy now", references: [] },
      sender,
    );
    expect(await conversation(enquiry.id)).toMatchObject({ status: "spam", due_at: null, messages: [{ body: "Buy now" }] });
    expect(await t.database.db.select().from(outbox)).toHaveLength(mails);
  });
});

describe("the new part of a mail reply", () => {
  it.each([
    ["Yes please.\n\nOn Mon, 23 Nov 2026 at 09:00, HimalTech <hello@himaltech.com.np> wrote:\n> Shall we?", "Yes please."],
    ["Sounds good\r\n\r\n-----Original Message-----\r\nFrom: HimalTech", "Sounds good"],
    ["Fine by me\n________________________________\nFrom: HimalTech\nSent: Monday", "Fine by me"],
    ["Agreed.\n\n> earlier\n> lines\n", "Agreed."],
    ["> I quote you\nand answer inline\n> more quote", "> I quote you\nand answer inline"],
    ["> only a quote", "> only a quote"],
  ])("%j → %j", (text, expected) => expect(newPartOf(text)).toBe(expected));
});
