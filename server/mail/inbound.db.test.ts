import net from "node:net";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import readline from "node:readline";
import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONVERSATION_MESSAGE_MAX } from "#contracts/enquiry-inbox.ts";
import { site } from "#app/content/site.ts";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { enquiries, enquiryMessages } from "../modules/enquiries/schema";
import { MAX_MAILS_AT_ONCE, startInboundMail, type InboundMailListener } from "./inbound";
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

/** A listener of its own for one test, and a transport to it; both closed after. */
async function withListener(
  options: Partial<Parameters<typeof startInboundMail>[0]>,
  test: (transport: Transporter, port: number) => Promise<void>,
  transportOptions: Record<string, unknown> = {},
) {
  const own = await startInboundMail({ port: 0, host: "127.0.0.1", domain: DOMAIN, conversations: services().conversations, log, ...options });
  const ownTransport = nodemailer.createTransport({ host: "127.0.0.1", port: own.port, secure: false, ignoreTLS: true, ...transportOptions });
  try {
    await test(ownTransport, own.port);
  } finally {
    ownTransport.close();
    await own.close();
  }
}

/** Talks SMTP a line at a time: the greeting, then each command's whole answer. */
async function converse(port: number, commands: string[]): Promise<string[]> {
  const socket = net.connect(port, "127.0.0.1");
  const lines = readline.createInterface({ input: socket })[Symbol.asyncIterator]();
  const answer = async () => {
    const answerLines: string[] = [];
    while (!/^\d{3} /.test(answerLines.at(-1) ?? "")) answerLines.push((await lines.next()).value as string);
    return answerLines.join("\n");
  };
  try {
    const answers = [await answer()];
    for (const command of commands) {
      socket.write(`${command}\r\n`);
      answers.push(await answer());
    }
    return answers;
  } finally {
    socket.destroy();
  }
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
    const conversations = { receiveMail: () => Promise.reject(new Error("the database is not answering")) };
    await withListener({ conversations }, async (failing) => {
      const mail = { from: "asha@example.com", to: `hello@${DOMAIN}`, subject: "Hello", text: "Hello." };
      await expect(failing.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
      await expect(failing.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
    });
  });

  it("advertise the size limit, and refuse a mail announced larger with 552 before it is sent", async () => {
    const [, hello, mailFrom] = await converse(listener.port, ["EHLO mail.example.com", `MAIL FROM:<asha@example.com> SIZE=${MAX_BYTES + 1}`]);
    expect(hello).toMatch(new RegExp(`^250[- ]SIZE ${MAX_BYTES}$`, "m"));
    expect(mailFrom).toMatch(/^552 /);
  });

  it("refuse for good (554) a mail that could never be stored, a NUL in its text or HTML nested too deep, and keep nothing", async () => {
    const { id } = await answeredConversation();
    const to = services().conversations.links.replyAddressOf(id)!;
    const withNul = await refusal({ to, text: "Tuesday\u0000 works." });
    const tooDeep = await refusal({ to, html: "<div>".repeat(12_000) + "Tuesday works." });
    expect([withNul, tooDeep]).toMatchObject([{ responseCode: 554 }, { responseCode: 554 }]);
    expect((await thread(id)).messages).toHaveLength(1);
    expect(await count()).toBe(1);
  });

  it("take a 3 MB HTML mail, kept as text from the start of its HTML, while the server goes on answering", { timeout: 60_000 }, async () => {
    const rows = Array.from({ length: 100_000 }, (_, n) => `<tr><td>Item ${n}</td><td>NPR ${n * 10}</td></tr>`).join("\r\n");
    // Written out beforehand, so that only the listener's work is timed, not the sender's.
    const mail = `From: asha@example.com\r\nSubject: Our price list\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>The list you asked for:</p><table>${rows}</table>\r\n.`;
    await withListener({}, async (_transport, port) => {
      const stalls = monitorEventLoopDelay({ resolution: 20 });
      stalls.enable();
      const answers = await converse(port, ["EHLO mail.example.com", "MAIL FROM:<asha@example.com>", `RCPT TO:<hello@${DOMAIN}>`, "DATA", mail]);
      stalls.disable();
      expect(answers.at(-1)).toMatch(/^250 /);
      // Read in the server, this HTML held its event loop for 5 to 8 s; a 4 MB table holds it for minutes.
      expect(stalls.max / 1e6).toBeLessThan(2_000);
    });
    const [received] = await t.database.db.select().from(enquiries);
    expect(received!.message).toMatch(/^The list you asked for:\s+Item 0\s*NPR 0\s+Item 1\s*NPR 10\s/);
  });

  it(`take ${MAX_MAILS_AT_ONCE} mails at once, and ask the sender of one more to try again in a moment (451)`, { timeout: 60_000 }, async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    let allInHand!: () => void;
    const inHand = new Promise<void>((resolve) => (allInHand = resolve));
    const conversations = {
      receiveMail: async () => {
        if (++calls === MAX_MAILS_AT_ONCE) allInHand();
        if (calls <= MAX_MAILS_AT_ONCE) await released; // the database is slow to answer these
        return { enquiryId: 1, matched: false };
      },
    };
    await withListener({ conversations }, async (busy) => {
      const mail = (n: number) => ({ from: "asha@example.com", to: `hello@${DOMAIN}`, subject: `Mail ${n}`, text: "Hello." });
      const first = Array.from({ length: MAX_MAILS_AT_ONCE }, (_, n) => busy.sendMail(mail(n)));
      await inHand;
      await expect(busy.sendMail(mail(MAX_MAILS_AT_ONCE))).rejects.toMatchObject({ responseCode: 451 });
      release();
      expect((await Promise.all(first)).map((info) => info.response)).toEqual(Array(MAX_MAILS_AT_ONCE).fill(expect.stringMatching(/^250 /)));
      await expect(busy.sendMail(mail(MAX_MAILS_AT_ONCE + 1))).resolves.toMatchObject({ response: expect.stringMatching(/^250 /) });
    });
  });

  it("give a sender's place back when it leaves before sending its mail", async () => {
    const mailFrom = async () => (await converse(listener.port, ["EHLO mail.example.com", "MAIL FROM:<asha@example.com>"]))[2];
    for (let n = 0; n < MAX_MAILS_AT_ONCE; n++) expect(await mailFrom()).toMatch(/^250 /);
    await expect.poll(mailFrom).toMatch(/^250 /);
  });

  it("offer STARTTLS with a key and certificate, and take mail over it", async () => {
    // A throwaway self-signed pair for reply.himaltech.test, kept with the tests (no tool is needed to make one).
    const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/tls");
    const tls = { keyFile: path.join(fixtures, "key.pem"), certFile: path.join(fixtures, "cert.pem") };
    // requireTLS: the mail goes only once the connection is encrypted.
    await withListener(
      { tls },
      async (tlsTransport) => {
        const { id } = await answeredConversation();
        await tlsTransport.sendMail({
          from: "asha@example.com",
          to: services().conversations.links.replyAddressOf(id)!,
          subject: "Re: Tuesday",
          text: "Sent encrypted.",
        });
        expect((await thread(id)).messages.at(-1)).toMatchObject({ kind: "visitor", body: "Sent encrypted." });
      },
      { requireTLS: true, ignoreTLS: false, tls: { rejectUnauthorized: false } },
    );
  });
});
