import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
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
  /**
   * For many mails in a row (newsletters): keep up to this many SMTP connections open and reuse them,
   * in a thread of its own that gives way to the site (bulk-sender-thread.mjs).
   */
  pool?: number;
}): MailTransport {
  if (options.smtpUrl) {
    const connection = { url: options.smtpUrl, connectionTimeout: 10_000, socketTimeout: 20_000 };
    if (options.pool) return threadedTransport({ ...connection, pool: true, maxConnections: options.pool, maxMessages: Infinity });
    const transporter = nodemailer.createTransport(connection);
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
      // A mail may hold a sign-in or password reset link: its user's alone, whatever the process's umask.
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      const file = path.join(mailDir, `${Date.now()}-${mail.messageId.replace(/[^\w.-]/g, "_")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const link = options.publicUrl ? firstLink(mail.text, options.publicUrl) : undefined;
      options.log.info({ to: mail.to, file }, `mail to ${mail.to}: "${mail.subject}"${link ? ` ${link}` : ""}`);
    },
    close: () => transporter.close(),
  };
}

/** Beside this module in the source, and copied beside the compiled server by the build. */
const BULK_SENDER_THREAD = new URL("./bulk-sender-thread.mjs", import.meta.url);

type MailFailure = { message: string; responseCode?: number; command?: string };
type MailInHand = { resolve: () => void; reject: (error: Error) => void };

/**
 * Sends through a nodemailer transport made with `transportOptions` in a thread of its own. Each thread
 * answers for its own mails: one stopping fails only what it had in hand, never what its successor took.
 */
function threadedTransport(transportOptions: Record<string, unknown>): MailTransport {
  let thread: { worker: Worker; inHand: Map<number, MailInHand> } | undefined;
  let lastId = 0;
  function start() {
    const worker = new Worker(BULK_SENDER_THREAD, { workerData: transportOptions });
    const started = { worker, inHand: new Map<number, MailInHand>() };
    const failAll = (error: Error) => {
      for (const mail of started.inHand.values()) mail.reject(error);
      started.inHand.clear();
    };
    worker.unref();
    worker.on("message", ({ id, error }: { id: number; error?: MailFailure }) => {
      const mail = started.inHand.get(id);
      started.inHand.delete(id);
      if (error) mail?.reject(Object.assign(new Error(error.message), error));
      else mail?.resolve();
    });
    // A thread that died takes the mails in hand with it: each fails as a connection would, to be tried again.
    worker.on("error", failAll);
    worker.on("exit", () => {
      if (thread === started) thread = undefined;
      failAll(new Error("the mail thread stopped"));
    });
    return started;
  }
  return {
    send(mail) {
      const id = ++lastId;
      const current = (thread ??= start());
      return new Promise((resolve, reject) => {
        current.inHand.set(id, { resolve, reject });
        current.worker.postMessage({ id, mail: toNodemailer(mail) });
      });
    },
    close() {
      void thread?.worker.terminate();
      thread = undefined;
    },
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
