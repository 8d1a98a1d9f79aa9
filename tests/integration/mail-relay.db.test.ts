import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "#app/content/site.ts";
import { MAIL_QUEUE } from "../../server/mail/jobs";
import { deliverMail } from "../../server/mail/outbox";
import { createMailTransport } from "../../server/mail/transport";
import { pdfDocument } from "../fixtures/resume-documents";
import { buildTestApp, type TestContext } from "../helpers/app";
import { testOutbox } from "../helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

/**
 * Every form that mails the address it was given, filled with the text of a phishing mail. The address
 * has proven nothing, so whatever arrives there must hold none of that text: the site's domain would
 * otherwise relay anyone's words to anyone. Mails to the company's own inboxes may quote the sender.
 */

const PHISHING = "Your account is locked\nverify at http://evil.example/unlock now";
/** Pieces of the text that must not arrive, whichever way a template folds lines. */
const LEAKS = ["evil.example", "account is locked", "unlock"];
const companyInboxes = new Set<string>([site.contact.email, site.contact.projectsEmail, site.contact.careersEmail]);

let t: TestContext;
let sink: SmtpSink;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

/** Sends every queued mail through a real SMTP conversation. */
async function deliver() {
  const outbox = testOutbox(t, sink.url);
  try {
    await outbox.runOnce();
  } finally {
    await outbox.close();
  }
}

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: "POST", url, payload });

function careersApplication() {
  const form = new FormData();
  form.append("name", "Sita http://evil.example/unlock");
  form.append("email", "applicant@example.com");
  form.append("cover_letter", PHISHING);
  form.append("resume", new Blob([new Uint8Array(pdfDocument())], { type: "application/pdf" }), "cv.pdf");
  return t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
}

describe("mail to an address that has not proven itself", () => {
  it("carries nothing the sender typed, from every form that sends one", async () => {
    const submissions = [
      post("/api/accounts/register/", { email: "victim@example.com", password: "Glacier-Walk-42", full_name: PHISHING }),
      post("/api/cta/", { name: "Asha http://evil.example/unlock", email: "cta@example.com", message: PHISHING, request_type: "CTA" }),
      post("/api/get-started/", { email: "start@example.com", user_type: "DEVELOPER", message: PHISHING, request_type: "GET_STARTED" }),
      post("/api/talk-to-expert/", {
        name: "Bikash http://evil.example/unlock",
        email: "expert@example.com",
        company: "evil.example/unlock",
        helpType: "technical",
        message: PHISHING,
        request_type: "TALK_TO_EXPERT",
      }),
      post("/api/discuss-project/", {
        name: "Chandra http://evil.example/unlock",
        email: "project@example.com",
        company: "evil.example/unlock",
        budget: "10k-50k",
        timeline: "1-3months",
        details: PHISHING,
        request_type: "DISCUSS_PROJECT",
      }),
      post("/api/newsletter/", { email: "reader@example.com" }),
      careersApplication(),
    ];
    for (const response of await Promise.all(submissions)) expect(response.statusCode, response.body).toBeLessThan(300);
    // The account's other mails: a second activation link, and a password reset.
    expect((await post("/api/accounts/resend-activation/", { email: "victim@example.com" })).statusCode).toBeLessThan(300);
    expect((await post("/api/accounts/password-reset/", { email: "victim@example.com" })).statusCode).toBeLessThan(300);

    await deliver();
    const toVisitors = sink.messages.filter((mail) => !companyInboxes.has(mail.to && "text" in mail.to ? mail.to.text : ""));
    expect(toVisitors.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : "")).sort()).toEqual(
      [
        "applicant@example.com",
        "cta@example.com",
        "expert@example.com",
        "project@example.com",
        "reader@example.com",
        "start@example.com",
        "victim@example.com",
        "victim@example.com",
        "victim@example.com",
      ].sort(),
    );
    for (const mail of toVisitors) {
      const seen = `${mail.subject}\n${mail.text}\n${mail.html || ""}`;
      for (const leak of LEAKS) expect(seen, `${mail.subject} to ${mail.to && "text" in mail.to ? mail.to.text : ""}`).not.toContain(leak);
      expect(mail.text).toMatch(/^Hello,\n/);
    }
    // The company's own inboxes still get the whole message, to answer it.
    const inbox = sink.messages.find((mail) => mail.subject?.startsWith("Contact message"));
    expect(inbox?.text).toContain("http://evil.example/unlock");
  });

  it("is logged with the site's own link when kept as a file, never a link the sender typed", async () => {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const transport = createMailTransport({ dataDir: t.config.dataDir, log, publicUrl: t.config.publicUrl });
    t.app.jobs.handle(
      MAIL_QUEUE.name,
      deliverMail({ db: t.database.db, transport, from: t.config.mailFrom, messageIdDomain: "localhost", log, now: () => t.clock.now }),
    );
    try {
      t.clock.advance(60 * 60_000);
      // The careers inbox's mail quotes the cover letter, with its link, before the link to the admin area.
      expect((await careersApplication()).statusCode).toBe(201);
      expect((await post("/api/accounts/resend-activation/", { email: "victim@example.com" })).statusCode).toBeLessThan(300);
      await t.app.jobs.drain(MAIL_QUEUE.name);
    } finally {
      transport.close();
    }
    const logged = lines.map((line) => JSON.parse(line).msg as string).filter((msg) => msg.startsWith("mail to "));
    expect(logged).toHaveLength(3);
    const product = t.config.publicUrl.replace(/[.]/g, "\\.");
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^mail to victim@example.com: "Verify your HimalTech account" ${product}/verify/\\S+$`)),
        expect.stringMatching(
          new RegExp(`^mail to ${site.contact.careersEmail}: "New general application – Sita http://evil.example/unlock" ${product}/admin/applications/\\S+$`),
        ),
        // The acknowledgement's one link of the site's own is the applicant's withdrawal link.
        expect.stringMatching(new RegExp(`^mail to applicant@example.com: "We received your application – [^"]+" ${product}/careers/withdraw/\\S+$`)),
      ]),
    );
    const files = readdirSync(path.join(t.config.dataDir, "mail")).map((file) => readFileSync(path.join(t.config.dataDir, "mail", file), "utf8"));
    const toVictim = files.find((eml) => eml.includes("To: victim@example.com"));
    for (const leak of LEAKS) expect(toVictim).not.toContain(leak);
  });
});
