import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughLoginPage } from "../helpers/admin";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const DOMAIN = "reply.himaltech.test";

let sink: SmtpSink;
let site: TestSite;
beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url, env: { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: "0", INBOUND_SMTP_HOST: "127.0.0.1" } });
  await site.app.services.admin.createAdmin({ username: "sita", email: "sita@himaltech.test", password: "a-long-test-passphrase", role: "support" });
});
afterAll(async () => {
  await site.stop();
  await sink.close();
});

describe("a visitor answering a staff reply by mail", () => {
  it("puts the answer in the conversation the admin has open, and opens it again", async () => {
    const { id } = await site.app.services.enquiries.submitContact(
      { name: "Asha Gurung", email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" },
      { ip: "203.0.113.9", userAgent: "Mozilla/5.0" },
    );
    await site.app.services.conversations.reply(id, "Happy to help. Could we talk on Tuesday?", { id: null, username: "sita" });
    await site.flushMail();
    const reply = await sink.waitFor((mail) => mail.text?.includes("Could we talk on Tuesday?") ?? false);
    const replyTo = reply.replyTo?.value[0]?.address;
    expect(replyTo).toMatch(new RegExp(`^reply\\+${id}-[0-9a-f]{32}@${DOMAIN.replaceAll(".", "\\.")}$`));

    // The visitor's mail program answers the mail as mail programs do: to its Reply-To, threaded, the original quoted.
    const visitor = nodemailer.createTransport({ host: "127.0.0.1", port: site.inboundMail!.port, secure: false, ignoreTLS: true });
    await visitor.sendMail({
      from: "Asha Gurung <asha@example.com>",
      to: replyTo,
      subject: `Re: ${reply.subject}`,
      inReplyTo: reply.messageId,
      references: reply.messageId,
      text: `Tuesday at 10 suits us.\n\nOn Tue, 24 Nov 2026 at 10:00, HimalTech wrote:\n> Happy to help. Could we talk on Tuesday?\n`,
    });
    visitor.close();
    expect((await site.app.services.enquiriesAdmin.getConversation(id))!.messages.at(-1)).toMatchObject({ kind: "visitor", channel: "mail" });

    const admin = await newPage(site, 1280);
    try {
      await signInThroughLoginPage(site, admin.page, "sita", "a-long-test-passphrase");
      await admin.page.goto(`/admin/enquiries/${id}`);
      await admin.page.getByRole("heading", { level: 1, name: `Enquiry #${id}` }).waitFor();
      await admin.page
        .getByText(/^Open$/i)
        .first()
        .waitFor();
      await admin.page.getByText("Tuesday at 10 suits us.", { exact: true }).waitFor();
      expect(await admin.page.getByText("Could we talk on Tuesday?").count()).toBe(1); // the staff reply; its quote was cut
    } finally {
      await admin.context.close();
    }
  });
});
