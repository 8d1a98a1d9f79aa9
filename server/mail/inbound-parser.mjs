// Reads one mail received for the conversations, in a sandbox of its own (decisions 050 and 052): the
// message arrives on stdin, the longest subject and text to keep as the two arguments, and what the
// listener needs of it leaves on stdout as JSON, already cut to length.
// A mail that cannot be read, however it fails, ends the process with UNREADABLE: the listener refuses
// it for good, since it never will be. Any other end (this file or a package missing) is the site's own
// failure, and the sender is asked to try again.
import { createRequire } from "node:module";
import { buffer } from "node:stream/consumers";
import { simpleParser } from "mailparser";

const UNREADABLE = 65; // EX_DATAERR of sysexits.h
// The converter mailparser itself uses, given the start of the HTML only: a 4 MB table, whole, took it
// more than two minutes and half a gigabyte.
const { htmlToText } = createRequire(import.meta.resolve("mailparser"))("html-to-text");
const HTML_MAX_CHARS = 256 * 1024;
const NAME_MAX_CHARS = 200;
const ADDRESS_MAX_CHARS = 320;
/** A Message-ID fits a header line; a longer one threads nothing. */
const MESSAGE_ID_MAX_CHARS = 998;
/** References name the thread's first mail and its latest ones; a reply's own are a few dozen at most. */
const MAX_REFERENCES = 50;
const HEADER_VALUE_MAX_CHARS = 100;

process.on("uncaughtException", () => process.exit(UNREADABLE));
process.on("unhandledRejection", () => process.exit(UNREADABLE));

const [subjectMaxChars, textMaxChars] = process.argv.slice(2).map(Number);

/** Lone surrogates (a broken encoded word) become U+FFFD, as the database would store them anyway. */
const cut = (value, maxChars) => (typeof value === "string" ? value.toWellFormed().slice(0, maxChars) : undefined);

function textOf(mail) {
  if (mail.text?.trim() || !mail.html) return mail.text ?? "";
  return htmlToText(mail.html.slice(0, HTML_MAX_CHARS));
}

function machineHeader(mail, name) {
  const value = mail.headers.get(name);
  return typeof value === "string" ? cut(value.trim().toLowerCase(), HEADER_VALUE_MAX_CHARS) : undefined;
}

try {
  const mail = await simpleParser(await buffer(process.stdin), {
    // Only the text is kept: the HTML is converted here, from its start, and nothing is made of the
    // text's links or inline images.
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const from = mail.from?.value[0];
  const references = [mail.references ?? []].flat().slice(-MAX_REFERENCES);
  const read = {
    from: { address: cut(from?.address ?? "", ADDRESS_MAX_CHARS), name: cut(from?.name ?? "", NAME_MAX_CHARS) },
    subject: cut(mail.subject ?? "", subjectMaxChars),
    text: cut(textOf(mail), textMaxChars),
    messageId: cut(mail.messageId, MESSAGE_ID_MAX_CHARS),
    inReplyTo: cut(mail.inReplyTo, MESSAGE_ID_MAX_CHARS),
    references: references.map((id) => cut(id, MESSAGE_ID_MAX_CHARS)),
    autoSubmitted: machineHeader(mail, "auto-submitted"),
    precedence: machineHeader(mail, "precedence"),
  };
  // No text column takes a NUL, and no person's mail has one: kept, it would fail to be stored forever.
  const strings = [read.from.address, read.from.name, read.subject, read.text, read.messageId, read.inReplyTo, ...read.references];
  if (strings.some((value) => value?.includes("\0"))) process.exit(UNREADABLE);
  process.stdout.write(JSON.stringify(read));
} catch {
  process.exit(UNREADABLE);
}
