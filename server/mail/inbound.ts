import { randomUUID } from "node:crypto";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { CONVERSATION_MESSAGE_MAX } from "#contracts/enquiry-inbox.ts";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { ConversationsService, InboundMail } from "../modules/enquiries/conversations";
import { runSandboxed, sandboxQueue, type SandboxResult } from "../sandbox/run-sandboxed";

/** A reply with a few photos fits; anything larger is refused, and no more of it is held than this. */
export const MAX_MAIL_BYTES = 10 * 1024 * 1024;
/**
 * Mails in hand at once, from MAIL FROM until they are answered; the sender of one more is told to try
 * again shortly, before sending it. The listener keeps at most this many times MAX_MAIL_BYTES on disk, however
 * many servers send together.
 */
export const MAX_MAILS_AT_ONCE = 4;
/** A visitor's reply has one recipient; a long list is someone else's bulk mail. */
const MAX_RECIPIENTS = 10;
const MAX_CLIENTS = 50;
/** A subject line is read in a list; a longer header is someone's mistake or abuse. */
const MAX_SUBJECT_CHARS = 300;
const SOCKET_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 10_000;

const PARSER = fileURLToPath(new URL("./inbound-parser.mjs", import.meta.url));
/** The parser's exit code for a mail it cannot read (inbound-parser.mjs). */
const UNREADABLE = 65;
/** A 10 MB mail takes about 2 s of processor time to read; one that needs ten times that never will be read. */
const PARSE_CPU_SECONDS = 20;
/**
 * On a machine too busy to give the parser its processor time in this long, the sender is asked to
 * try again later (451): that says nothing about the mail. The sender waits ten minutes (RFC 5321).
 */
const PARSE_TIMEOUT_MS = 180_000;
/** The parser answers with the fields it has cut to length: a subject, a text and a few dozen Message-IDs. */
const PARSER_OUTPUT_BYTES = 1024 * 1024;
/** Two cores: a third parser at once would take the processor from visitors' pages. */
const parseInTurn = sandboxQueue(2);

type SmtpError = Error & { responseCode: number };
const smtpError = (responseCode: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode });

const PRECEDENCE_OF_MACHINES = new Set(["bulk", "auto_reply", "junk"]);

/** What inbound-parser.mjs reads of a mail: what the conversations keep, already cut to length. */
interface ReadMail {
  from: { address: string; name: string };
  subject: string;
  text: string;
  messageId?: string;
  inReplyTo?: string;
  references: string[];
  /** Auto-Submitted and Precedence, trimmed and in lower case. */
  autoSubmitted?: string;
  precedence?: string;
}

/**
 * Mail no person wrote: out-of-office answers and bounces. Kept, they would reopen conversations and
 * answer the machines in turn; refused, the sending server would try again. They are dropped, with 250.
 */
function isAutomatic(mail: ReadMail, session: SMTPServerSession): boolean {
  if (!session.envelope.mailFrom || !session.envelope.mailFrom.address) return true; // a bounce: null reverse path
  if (mail.autoSubmitted !== undefined && mail.autoSubmitted !== "no") return true;
  return mail.precedence !== undefined && PRECEDENCE_OF_MACHINES.has(mail.precedence);
}

function inboundMailOf(mail: ReadMail, session: SMTPServerSession): InboundMail {
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  return {
    recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
    from: { address: mail.from.address || envelopeFrom, name: mail.from.name || undefined },
    subject: mail.subject,
    // An HTML-only mail is rendered as text. The new text comes first, so a long mail (a thread quoted
    // whole, a pasted log) keeps it, as long as an answer on the page may be.
    text: mail.text,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
  };
}

/**
 * Writes the message as sent to `file`, readable by the site's user alone, and says whether it fit in
 * `maxBytes`. Past it the rest is still read, so the sender hears the answer, but not kept. On disk, a
 * mail costs the server's memory nothing while it is received and read.
 */
async function spool(stream: SMTPServerDataStream, file: string, maxBytes: number): Promise<boolean> {
  const output = await open(file, "wx", 0o600);
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes <= maxBytes) await output.write(chunk);
    }
  } finally {
    await output.close();
  }
  return bytes <= maxBytes;
}

/**
 * Whether the parser ended on the mail itself (it said so, ran out of memory or time, or answered too
 * much): that mail will never be read, and its sender must stop trying. A parser that did not start is
 * the site's own failure.
 */
const unreadable = (result: Exclude<SandboxResult, { ok: true }>) =>
  result.reason === "cpu-limit" ||
  result.reason === "output-too-large" ||
  (result.reason === "failed" && (result.signal !== null || result.exitCode === UNREADABLE));

/** Reads a mail in a sandbox (decision 052): nothing a stranger wrote is parsed in the server. */
async function read(file: string): Promise<ReadMail> {
  const result = await parseInTurn(() =>
    runSandboxed(
      PARSER,
      [String(MAX_SUBJECT_CHARS), String(CONVERSATION_MESSAGE_MAX)],
      { file },
      {
        cpuSeconds: PARSE_CPU_SECONDS,
        timeoutMs: PARSE_TIMEOUT_MS,
        maxOutputBytes: PARSER_OUTPUT_BYTES,
      },
    ),
  );
  if (result.ok) return JSON.parse(result.output.toString("utf8")) as ReadMail;
  const { reason, exitCode, signal } = result;
  const cause = { reason, exitCode, signal };
  if (unreadable(result)) throw Object.assign(smtpError(554, "5.6.0 The message could not be read"), { cause });
  throw new Error("the mail parser did not run", { cause });
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
  // Each session with a mail in hand: taken at MAIL FROM, given back when the mail is answered, or when
  // the connection ends before its DATA (a mail being read keeps its place until it is answered).
  const inHand = new Map<string, "announced" | "receiving">();
  const tryLater = () => smtpError(451, "4.3.2 Too many mails at once, please try again in a few minutes");

  // Mails being received and read, each in a file of its own, removed once it is answered.
  const spoolDir = await mkdtemp(join(tmpdir(), "himal-inbound-"));

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const file = join(spoolDir, randomUUID());
    try {
      if (!(await spool(stream, file, maxBytes))) throw smtpError(552, "5.3.4 Message exceeds the fixed maximum message size");
      await keep(await read(file), session);
    } finally {
      await rm(file, { force: true });
    }
  }

  async function keep(mail: ReadMail, session: SMTPServerSession) {
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
    onMailFrom(_address, session, callback) {
      if (!inHand.has(session.id) && inHand.size >= MAX_MAILS_AT_ONCE) return callback(tryLater());
      inHand.set(session.id, "announced");
      callback();
    },
    onRcptTo(address, session, callback) {
      const at = address.address.lastIndexOf("@");
      if (at < 0 || address.address.slice(at + 1).toLowerCase() !== domain) return callback(smtpError(550, "Relay not permitted"));
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, "Too many recipients"));
      callback();
    },
    onData(stream, session, callback) {
      inHand.set(session.id, "receiving");
      receive(stream, session)
        .then(
          () => callback(),
          (error: Error & { responseCode?: number }) => {
            if (error.responseCode === 554)
              log.warn({ remote: session.remoteAddress, bytes: stream.byteLength, parser: error.cause }, "inbound mail: refused, the parser could not read it");
            if (error.responseCode) return callback(error);
            log.error({ err: error, remote: session.remoteAddress }, "inbound mail: could not be kept; the sender will retry");
            callback(smtpError(451, "4.3.0 Temporary failure, please try again later"));
          },
        )
        .finally(() => inHand.delete(session.id));
    },
    onClose(session) {
      if (inHand.get(session.id) === "announced") inHand.delete(session.id);
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
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(spoolDir, { recursive: true, force: true });
    },
  };
}
