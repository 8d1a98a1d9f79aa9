import path from "node:path";
import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONVERSATION_MESSAGE_MAX } from "@contracts/enquiry-inbox";
import { site } from "~/content/site";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { enquiries, enquiryMessages } from "../modules/enquiries/schema";
import { startInboundMail, type InboundMailListener } from "./inbound";
import { outbox } from "./schema";

const DOMAIN = "reply.himaltech.test";
const MAX_BYTES = 64 * 1024;
const log = pino({ level: "silent" });

let t: TestContext;
let listener: InboundMailListener;
let transport: Transporter;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true, env: { INBOUND_MAIL_DOMAIN: DOMAIN } });
  listener = await startInboundMail({ port: 0, host: "127.0.0.1", domain: DOMAIN, conversations: t.app.services.conversations, log, maxBytes: MAX_BYTES });
  transport = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transport.close();
  await listener.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(enquiries);
  await t.database.db.delete(outbox);
});

const services = () => t.app.services;
const send = (mail: Mail.Options) => transport.sendMail({ from: "Asha Gurung <asha@example.com>", subject: "Re: Thank you for contacting HimalTech", ...mail });
const refusal = (mail: Mail.Options) =>
  send(mail).then(
    () => undefined,
    (error: { responseCode?: number; response?: string }) => error,
  );

/** A contact enquiry that staff have answered: waiting on the visitor, nothing due, no mail queued. */
async function answeredConversation() {
  const { id } = await services().enquiries.submitContact(
    { name: "Asha Gurung", email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" },
    { ip: "203.0.113.9", userAgent: "Mozilla/5.0" },
  );
  await services().conversations.reply(id, "Happy to help. Could we talk on Tuesday?", { id: null, username: "sita" });
  const conversation = (await services().enquiriesAdmin.getConversation(id))!;
  expect(conversation).toMatchObject({ status: "waiting", due_at: null });
  await t.database.db.delete(outbox); // the enquiry's own mails and the reply
  return { id, replyId: conversation.messages.at(-1)!.id };
}

const thread = async (id: number) => (await services().enquiriesAdmin.getConversation(id))!;
const count = async () => (await t.database.db.select({ id: enquiries.id }).from(enquiries)).length;

describe("mail replies received by SMTP", () => {
  it("add an answer to reply+<token>@ to its conversation, without the quoted history, and open it again", async () => {
    const { id } = await answeredConversation();
    const quoted =
      "Yes, Tuesday at 10 works for us.\n\nOn Tue, 24 Nov 2026 at 10:00, HimalTech <hello@himaltech.com.np> wrote:\n> Happy to help. Could we talk on Tuesday?\n";
    await send({ to: services().conversations.links.replyAddressOf(id)!, text: quoted });

    const conversation = await thread(id);
    expect(conversation.status).toBe("open");
    expect(conversation.due_at).not.toBeNull();
    expect(conversation.messages.at(-1)).toMatchObject({
      kind: "visitor",
      channel: "mail",
      author: "asha@example.com",
      body: "Yes, Tuesday at 10 works for us.",
    });
    const [notice] = await t.database.db.select().from(outbox);
    expect(notice).toMatchObject({ to: site.contact.email, subject: `New reply from Asha Gurung (enquiry #${id})` });
    expect(notice!.text).toContain("answered by mail");
    expect(await count()).toBe(1);
  });

  it("match a mail to any address of the domain by the staff reply it answers (In-Reply-To)", async () => {
    const { id, replyId } = await answeredConversation();
    await send({ to: `hello@${DOMAIN}`, inReplyTo: services().conversations.links.messageIdOf(id, replyId), text: "Tuesday is fine." });
    expect((await thread(id)).messages.at(-1)).toMatchObject({ kind: "visitor", channel: "mail", body: "Tuesday is fine." });
    expect(await count()).toBe(1);
  });

  it("keep a mail with a tampered token, or that answers nothing, as a new EMAIL enquiry", async () => {
    const { id } = await answeredConversation();
    const forged = services()
      .conversations.links.replyAddressOf(id)!
      .replace(/-[0-9a-f]{32}@/, `-${"0".repeat(32)}@`);
    await send({ to: forged, text: "Is this the right address?" });
    await send({ to: `hello@${DOMAIN}`, subject: "A new question", html: "<p>Do you build <b>mobile apps</b>?</p>" });

    expect((await thread(id)).messages.map((message) => message.kind)).toEqual(["reply"]);
    const received = await t.database.db.select().from(enquiries).where(eq(enquiries.type, "EMAIL")).orderBy(enquiries.id);
    expect(received.map(({ email, name, subject }) => ({ email, name, subject }))).toEqual([
      { email: "asha@example.com", name: "Asha Gurung", subject: "Re: Thank you for contacting HimalTech" },
      { email: "asha@example.com", name: "Asha Gurung", subject: "A new question" },
    ]);
    expect(received[0]!.message).toBe("Is this the right address?");
    expect(received[1]!.message).toMatch(/Do you build mobile apps\?/i);
    expect(received[1]!.userAgent).toBe("smtp");
  });

  it("keep as much of a long mail as an answer on the conversation page may hold", async () => {
    const { id } = await answeredConversation();
    await send({ to: services().conversations.links.replyAddressOf(id)!, text: "Our log:\n" + "line of the log\n".repeat(3000) });
    const answer = (await thread(id)).messages.at(-1)!;
    expect(answer.body.startsWith("Our log:\nline of the log")).toBe(true);
    expect(answer.body.length).toBeLessThanOrEqual(CONVERSATION_MESSAGE_MAX);
  });

  it("refuse a recipient at another domain with 550: never a relay, nothing kept", async () => {
    const error = await refusal({ to: "someone@example.com", text: "Pass this on." });
    expect(error).toMatchObject({ responseCode: 550 });
    expect(error!.response).toMatch(/Relay not permitted/);
    expect(await count()).toBe(0);
  });

  it("take one mail to at most ten recipients, refusing the rest with 452", async () => {
    const to = Array.from({ length: 11 }, (_, n) => `hello${n}@${DOMAIN}`);
    const info = await send({ to, text: "To everyone." });
    expect(info.accepted).toHaveLength(10);
    expect(info.rejected).toEqual([`hello10@${DOMAIN}`]);
    expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452 });
    expect(await count()).toBe(1);
  });

  it("accept automatic replies and bounces, and keep none of them", async () => {
    const { id } = await answeredConversation();
    const to = services().conversations.links.replyAddressOf(id)!;
    await send({ to, subject: "Out of office", text: "I am away until Monday.", headers: { "Auto-Submitted": "auto-replied" } });
    await send({ to, subject: "Holiday", text: "Away.", headers: { Precedence: "bulk" } });
    await send({ to, envelope: { from: "", to }, subject: "Delivery Status Notification", text: "Undeliverable." });

    expect((await thread(id)).messages.map((message) => message.kind)).toEqual(["reply"]);
    expect((await thread(id)).status).toBe("waiting");
    expect(await count()).toBe(1);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });

  it("refuse a mail over the size limit with 552, and keep nothing of it", async () => {
    const { id } = await answeredConversation();
    const error = await refusal({ to: services().conversations.links.replyAddressOf(id)!, text: "x".repeat(MAX_BYTES + 1024) });
    expect(error).toMatchObject({ responseCode: 552 });
    expect((await thread(id)).messages).toHaveLength(1);
    expect(await t.database.db.select().from(enquiryMessages)).toHaveLength(1);
  });

  it("answer 451 when a mail cannot be kept, so the sending server retries, and go on receiving", async () => {
    const failing = await startInboundMail({
      port: 0,
      host: "127.0.0.1",
      domain: DOMAIN,
      conversations: { receiveMail: () => Promise.reject(new Error("the database is not answering")) },
      log,
    });
    const failingTransport = nodemailer.createTransport({ host: "127.0.0.1", port: failing.port, secure: false, ignoreTLS: true });
    try {
      const mail = { from: "asha@example.com", to: `hello@${DOMAIN}`, subject: "Hello", text: "Hello." };
      await expect(failingTransport.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
      await expect(failingTransport.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      failingTransport.close();
      await failing.close();
    }
  });

  it("offer STARTTLS with a key and certificate, and take mail over it", async () => {
    // A throwaway self-signed pair for reply.himaltech.test, kept with the tests (no tool is needed to make one).
    const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/tls");
    const tls = { keyFile: path.join(fixtures, "key.pem"), certFile: path.join(fixtures, "cert.pem") };
    const secure = await startInboundMail({ port: 0, host: "127.0.0.1", domain: DOMAIN, tls, conversations: services().conversations, log });
    // requireTLS: the mail goes only once the connection is encrypted.
    const tlsTransport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: secure.port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    try {
      const { id } = await answeredConversation();
      await tlsTransport.sendMail({
        from: "asha@example.com",
        to: services().conversations.links.replyAddressOf(id)!,
        subject: "Re: Tuesday",
        text: "Sent encrypted.",
      });
      expect((await thread(id)).messages.at(-1)).toMatchObject({ kind: "visitor", body: "Sent encrypted." });
    } finally {
      tlsTransport.close();
      await secure.close();
    }
  });
});
