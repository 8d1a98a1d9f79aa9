import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  headers: Record<string, string>;
  calendar?: MailCalendar | null;
}

/** An iCalendar invitation, sent as the mail's text/calendar part and as an .ics attachment. */
export interface MailCalendar {
  method: "REQUEST" | "CANCEL";
  content: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail is kept as an .eml file and summarised in the
 * log with its first link on `publicUrl` (the site's own, never one a sender typed).
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  log: FastifyBaseLogger;
  publicUrl?: string;
  /** Keep up to this many SMTP connections open and reuse them, for many mails in a row. */
  pool?: number;
}): MailTransport {
  if (options.smtpUrl) {
    const pooling = options.pool ? { pool: true, maxConnections: options.pool, maxMessages: Infinity } : {};
    const transporter = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, socketTimeout: 20_000, ...pooling } as Parameters<
      typeof nodemailer.createTransport
    >[0]);
    return {
      send: async (mail) => void (await transporter.sendMail(toNodemailer(mail))),
      close: () => transporter.close(),
    };
  }
  const mailDir = path.join(options.dataDir, "mail");
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      await mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${Date.now()}-${mail.messageId.replace(/[^\w.-]/g, "_")}.eml`);
      await writeFile(file, info.message as Buffer);
      const link = options.publicUrl ? firstLink(mail.text, options.publicUrl) : undefined;
      options.log.info({ to: mail.to, file }, `mail to ${mail.to}: "${mail.subject}"${link ? ` ${link}` : ""}`);
    },
    close: () => transporter.close(),
  };
}

function toNodemailer(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    headers: mail.headers,
    icalEvent: mail.calendar ? { method: mail.calendar.method, filename: "invitation.ics", content: mail.calendar.content } : undefined,
  };
}

/** The first link in `text` on the site's own origin: what a developer reading the log wants to open. */
export function firstLink(text: string, publicUrl: string): string | undefined {
  const origin = new URL(publicUrl).origin;
  for (const [link] of text.matchAll(/https?:\/\/\S+/g)) {
    if (URL.canParse(link) && new URL(link).origin === origin) return link;
  }
  return undefined;
}
