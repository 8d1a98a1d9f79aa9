import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONVERSATION_MESSAGE_MAX, RESPONSE_DUE_HOURS } from "#contracts/enquiry-inbox.ts";
import { HONEYPOT_FIELD } from "#contracts/honeypot.ts";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { users } from "../accounts/schema";
import { outbox } from "../../mail/schema";
import { enquiries, enquiryMessages } from "./schema";

/** The visitor's side of a conversation through its API: what is refused, what is kept, and what it changes. */

const STAFF = { id: null, username: "sita" };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(enquiries);
  await t.database.db.delete(outbox);
});

async function startConversation(app = t, email = "asha@example.com") {
  const response = await app.app.inject({
    method: "POST",
    url: "/api/cta/",
    headers: { "user-agent": BROWSER },
    payload: { name: "Asha Gurung", email, message: "We need a data pipeline.", request_type: "CTA" },
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().id as number;
  return { id, token: app.app.services.conversations.links.tokenOf(id) };
}

const reply = (token: string, payload: unknown, app = t) =>
  app.app.inject({ method: "POST", url: `/api/conversations/${token}/reply/`, headers: { "user-agent": BROWSER }, payload: payload as object });

const visitorMessages = async (id: number) =>
  (await t.database.db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, id))).filter((message) => message.kind === "visitor");

const enquiryRow = async (id: number) => (await t.database.db.select().from(enquiries).where(eq(enquiries.id, id)))[0]!;

describe("the page the acknowledgement links to", () => {
  const PHISHING = "Your account is locked\nverify at http://evil.example/unlock now";

  it("shows nothing the sender typed until its address's owner asks for the conversation; then shows it, and again later", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/support/",
      headers: { "user-agent": BROWSER },
      payload: { email: "victim@example.com", subject: "Unlock at http://evil.example/unlock", message: PHISHING, request_type: "SUPPORT" },
    });
    expect(sent.statusCode).toBe(201);
    const token = t.app.services.conversations.links.tokenOf(sent.json().id);
    const [ack] = await t.database.db.select().from(outbox).where(eq(outbox.to, "victim@example.com"));
    expect(ack!.text).toContain(`/conversation/${token}`);

    // Opening the link, as a person or a mail scanner does, shows only that a message was sent with this address.
    const opened = await t.app.inject({ method: "GET", url: `/api/conversations/${token}/` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ confirmed: false, subject: "Your enquiry to HimalTech", messages: [] });
    for (const leak of ["evil.example", "account is locked", "Unlock"]) expect(opened.body).not.toContain(leak);

    const shown = await t.app.inject({ method: "POST", url: `/api/conversations/${token}/confirm/`, payload: {} });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ confirmed: true, subject: "Unlock at http://evil.example/unlock", messages: [{ from: "visitor", body: PHISHING }] });
    expect((await t.app.inject({ method: "GET", url: `/api/conversations/${token}/` })).json()).toMatchObject({
      confirmed: true,
      messages: [{ body: PHISHING }],
    });
  });
});

describe("a visitor's reply", () => {
  it("is kept and shown in the thread, with the page's message", async () => {
    const { id, token } = await startConversation();
    const response = await reply(token, { body: "Here are the details." });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Your reply has been sent.");
    expect(response.json().messages.map((message: { body: string }) => message.body)).toEqual(["We need a data pipeline.", "Here are the details."]);
    expect((await visitorMessages(id)).map((message) => message.body)).toEqual(["Here are the details."]);
  });

  it("is refused when empty or blank, and nothing is kept", async () => {
    const { id, token } = await startConversation();
    for (const body of ["", "   \n  "]) {
      const response = await reply(token, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.body).toEqual(["This field is required."]);
    }
    expect(await visitorMessages(id)).toEqual([]);
  });

  it("is refused over 20,000 characters, and a body over the route's limit is refused before it is read", async () => {
    const { id, token } = await startConversation();
    expect((await reply(token, { body: "a".repeat(CONVERSATION_MESSAGE_MAX) })).statusCode).toBe(201);
    const tooLong = await reply(token, { body: "b".repeat(CONVERSATION_MESSAGE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.body).toEqual([`Use at most ${CONVERSATION_MESSAGE_MAX} characters.`]);
    const huge = await reply(token, { body: "c".repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    expect((await visitorMessages(id)).map((message) => message.body.length)).toEqual([CONVERSATION_MESSAGE_MAX]);
  });

  it("is refused when the hidden trap field is filled in", async () => {
    const { id, token } = await startConversation();
    const response = await reply(token, { body: "Buy cheap watches", [HONEYPOT_FIELD]: "https://spam.example" });
    expect(response.statusCode).toBe(400);
    expect(await visitorMessages(id)).toEqual([]);
  });

  it("opens a closed conversation again and makes an answer due", async () => {
    const { id, token } = await startConversation();
    await t.app.services.conversations.reply(id, "Done, closing this.", STAFF);
    await t.app.services.enquiriesAdmin.setEnquiryStatus(id, "closed", STAFF);
    expect((await enquiryRow(id)).dueAt).toBeNull();
    expect((await t.app.inject({ method: "GET", url: `/api/conversations/${token}/` })).json().status).toBe("closed");

    t.clock.advance(3 * 24 * 60 * 60_000);
    const response = await reply(token, { body: "One more question." });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe("open");
    const row = await enquiryRow(id);
    expect(row.status).toBe("open");
    expect(row.dueAt?.getTime()).toBe(t.clock.now.getTime() + RESPONSE_DUE_HOURS * 60 * 60_000);
  });

  it("to a conversation marked spam answers as a link that names nothing", async () => {
    const { id, token } = await startConversation();
    const unknown = t.app.services.conversations.links.tokenOf(id + 1000);
    await t.app.services.enquiriesAdmin.setEnquiryStatus(id, "spam", STAFF);
    const page = await t.app.inject({ method: "GET", url: `/api/conversations/${token}/` });
    const missing = await t.app.inject({ method: "GET", url: `/api/conversations/${unknown}/` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe(missing.body);
    expect((await reply(token, { body: "Hello?" })).statusCode).toBe(404);
    expect(await visitorMessages(id)).toEqual([]);
  });

  it("is never kept by a cache: the conversation is personal", async () => {
    const { token } = await startConversation();
    const page = await t.app.inject({ method: "GET", url: `/api/conversations/${token}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect((await reply(token, { body: "Thanks" })).headers["cache-control"]).toBe("no-store");
  });
});

describe("a visitor's reply, counted", () => {
  it("is refused with 429 after ten in ten minutes from one address", async () => {
    const limited = await buildTestApp();
    try {
      const { token } = await startConversation(limited);
      const statuses: number[] = [];
      for (let n = 1; n <= 11; n++) statuses.push((await reply(token, { body: `Answer ${n}` }, limited)).statusCode);
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
      const refused = await reply(token, { body: "Once more" }, limited);
      expect(refused.json().message).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe("a signed-in account's conversations", () => {
  it("lists the enquiries sent from its address, each with its private page, and nobody else's", async () => {
    await t.database.db.delete(users);
    const password = "Glacier-Walk-42";
    await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: "Asha@Example.com", password } });
    await t.database.db.update(users).set({ isActive: true });
    const access = (await t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: "Asha@Example.com", password } })).json().access;
    const list = () => t.app.inject({ method: "GET", url: "/api/accounts/conversations/", headers: { authorization: `Bearer ${access}` } });

    expect((await list()).json()).toEqual({ results: [] });
    const mine = await startConversation();
    await startConversation(t, "someone@example.com");
    const response = await list();
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json().results).toEqual([
      expect.objectContaining({ id: mine.id, status: "open", link: `/conversation/${mine.token}`, last_message_at: expect.any(String) }),
    ]);
    // Each says what it is: the form it came from, its first words and when it was sent.
    const [listed] = response.json().results;
    expect(listed).toMatchObject({ type: "CTA", subject: null, excerpt: "We need a data pipeline." });
    expect(listed.created_at).toBe((await enquiryRow(mine.id)).createdAt.toISOString());
    expect((await t.app.inject({ method: "GET", url: "/api/accounts/conversations/" })).statusCode).toBe(401);
  });
});
