import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { CONVERSATION_MESSAGE_MAX } from "@contracts/enquiry-inbox";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { ConversationsService, InboundMail } from "../modules/enquiries/conversations";

/** A reply with a few photos fits; anything larger is refused before it is stored. */
export const MAX_MAIL_BYTES = 10 * 1024 * 1024;
/** A visitor's reply has one recipient; a long list is someone else's bulk mail. */
const MAX_RECIPIENTS = 10;
const MAX_CLIENTS = 50;
/** A subject line is read in a list; a longer header is someone's mistake or abuse. */
const MAX_SUBJECT_CHARS = 300;
const SOCKET_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 10_000;

type SmtpError = Error & { responseCode: number };
const smtpError = (responseCode: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode });

const PRECEDENCE_OF_MACHINES = new Set(["bulk", "auto_reply", "junk"]);

/**
 * Mail no person wrote: out-of-office answers and bounces. Kept, they would reopen conversations and
 * answer the machines in turn; refused, the sending server would try again. They are dropped, with 250.
 */
function isAutomatic(mail: ParsedMail, session: SMTPServerSession): boolean {
  if (!session.envelope.mailFrom || !session.envelope.mailFrom.address) return true; // a bounce: null reverse path
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === "string" ? value.trim().toLowerCase() : undefined;
  };
  const autoSubmitted = header("auto-submitted");
  if (autoSubmitted !== undefined && autoSubmitted !== "no") return true;
  const precedence = header("precedence");
  return precedence !== undefined && PRECEDENCE_OF_MACHINES.has(precedence);
}

function inboundMailOf(mail: ParsedMail, session: SMTPServerSession): InboundMail {
  const from = mail.from?.value[0];
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  const references = mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  return {
    recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
    from: { address: from?.address || envelopeFrom, name: from?.name || undefined },
    subject: (mail.subject ?? "").slice(0, MAX_SUBJECT_CHARS),
    // mailparser renders an HTML-only mail as text itself. The new text comes first, so a long mail
    // (a thread quoted whole, a pasted log) keeps it, as long as an answer on the page may be.
    text: (mail.text ?? "").slice(0, CONVERSATION_MESSAGE_MAX),
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references,
  };
}

export interface InboundMailListener {
  port: number;
  /** Stops taking connections and waits for the mail in hand (up to a few seconds). */
  close(): Promise<void>;
}

/**
 * The SMTP listener for visitors' mail replies (docs/inbound-mail.md): it takes mail for the reply
 * domain only, from anyone and without sign-in, as an MX does, and hands each one to the
 * conversations. It never relays: a recipient elsewhere is refused at RCPT.
 */
export async function startInboundMail(options: {
  port: number;
  host: string;
  domain: string;
  tls?: { keyFile: string; certFile: string };
  conversations: Pick<ConversationsService, "receiveMail">;
  log: FastifyBaseLogger;
  maxBytes?: number;
}): Promise<InboundMailListener> {
  const { domain, conversations, log } = options;
  const maxBytes = options.maxBytes ?? MAX_MAIL_BYTES;
  const tls = options.tls && { key: await readFile(options.tls.keyFile), cert: await readFile(options.tls.certFile) };

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const mail = await simpleParser(stream);
    if (stream.sizeExceeded) throw smtpError(552, "Message exceeds the fixed maximum message size");
    if (isAutomatic(mail, session)) {
      log.info({ remote: session.remoteAddress }, "inbound mail: automatic reply or bounce dropped");
      return;
    }
    const result = await conversations.receiveMail(inboundMailOf(mail, session), { ip: session.remoteAddress, userAgent: "smtp" });
    log.info(
      { enquiry: result.enquiryId, remote: session.remoteAddress },
      result.matched ? `inbound mail: answer added to enquiry #${result.enquiryId}` : `inbound mail: new enquiry #${result.enquiryId}`,
    );
  }

  const server = new SMTPServer({
    name: domain,
    banner: "mail for conversation replies",
    logger: false,
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(tls ?? {}),
    size: maxBytes,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onRcptTo(address, session, callback) {
      const at = address.address.lastIndexOf("@");
      if (at < 0 || address.address.slice(at + 1).toLowerCase() !== domain) return callback(smtpError(550, "Relay not permitted"));
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, "Too many recipients"));
      callback();
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        () => callback(),
        (error: Error & { responseCode?: number }) => {
          stream.resume(); // whatever is left of the message is read, so the answer reaches the sender
          if (error.responseCode === 552) return callback(error);
          log.error({ err: error, remote: session.remoteAddress }, "inbound mail: could not be kept; the sender will retry");
          callback(smtpError(451, "Temporary failure, please try again later"));
        },
      );
    },
  });
  // A broken connection ends that session only, never the process.
  server.on("error", (error) => log.warn({ err: error }, "inbound mail: connection error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
