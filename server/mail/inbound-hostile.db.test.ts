import net from "node:net";
import readline from "node:readline";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { RUNS } from "../../tests/integration/support/hostile";
import { recordFigures } from "../../tests/verify/support/site";
import { enquiries } from "../modules/enquiries/schema";
import { startInboundMail, type InboundMailListener } from "./inbound";

/**
 * Mails made to break the reply listener: a few valid ones (plain, HTML, with an attachment, a reply in
 * a thread) cut short, with broken boundaries, huge headers, deep nesting, NUL bytes, bad charsets and
 * encodings, and lone surrogates in encoded words. Every one is answered 250 and kept, or refused for
 * good (5xx): the database is up, so a 4xx would have its sender retry a mail that fails forever. The
 * listener goes on taking mail after all of them.
 */

const DOMAIN = "reply.himaltech.test";
const MAX_BYTES = 1024 * 1024;
const CRLF = "\r\n";

let t: TestContext;
let listener: InboundMailListener;
let tried = 0;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true, env: { INBOUND_MAIL_DOMAIN: DOMAIN } });
  listener = await startInboundMail({
    port: 0,
    host: "127.0.0.1",
    domain: DOMAIN,
    conversations: t.app.services.conversations,
    log: pino({ level: "silent" }),
    maxBytes: MAX_BYTES,
  });
});
afterAll(async () => {
  recordFigures({ suite: "hostile-mail", backend: t.database.kind, hostileInputs: tried });
  await listener.close();
  await t.close();
});

const headers = (...lines: string[]) =>
  ["From: Asha Gurung <asha@example.com>", `To: hello@${DOMAIN}`, "Date: Tue, 24 Nov 2026 10:00:00 +0545", "MIME-Version: 1.0", ...lines].join(CRLF);

const seeds = {
  plain: [
    headers("Subject: Re: Thank you for contacting HimalTech", "Message-ID: <plain@example.com>", "Content-Type: text/plain; charset=utf-8"),
    "",
    "Yes, Tuesday at 10 works for us. धन्यवाद!",
    "",
    "> Happy to help.",
  ].join(CRLF),
  html: [
    headers("Subject: A new question", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"),
    "",
    "<html><body><p>Do you build <b>mobile apps</b>?</p>=0A<table><tr><td>iOS</td><td>Android</td></tr></table></body></html>",
  ].join(CRLF),
  attachment: [
    headers("Subject: Our brief", 'Content-Type: multipart/mixed; boundary="mixed-1"'),
    "",
    "--mixed-1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "The brief is attached.",
    "--mixed-1",
    'Content-Type: application/pdf; name="brief.pdf"',
    "Content-Transfer-Encoding: base64",
    'Content-Disposition: attachment; filename="brief.pdf"',
    "",
    Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n").toString("base64"),
    "--mixed-1--",
  ].join(CRLF),
  reply: [
    headers(
      "Subject: Re: Re: Tuesday",
      "Message-ID: <reply@example.com>",
      "In-Reply-To: <enquiry-1-2@himaltech.test>",
      "References: <enquiry-1@himaltech.test> <enquiry-1-2@himaltech.test>",
      'Content-Type: multipart/alternative; boundary="alt-1"',
    ),
    "",
    "--alt-1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Tuesday is fine.",
    "--alt-1",
    "Content-Type: text/html; charset=utf-8",
    "",
    "<p>Tuesday is <i>fine</i>.</p>",
    "--alt-1--",
  ].join(CRLF),
};
const seed = fc.constantFrom(...Object.values(seeds));
const multipartSeed = fc.constantFrom(seeds.attachment, seeds.reply);

/** The mail with `lines` put in among its headers. */
const withHeaders = (mail: string, lines: string[]) => mail.replace(CRLF, `${CRLF}${lines.join(CRLF)}${CRLF}`);
/** The mail's body part that says its type, given another type. */
const retyped = (mail: string, contentType: string, encoding: string) =>
  mail.replace(
    /Content-Type: text\/(plain|html); charset=utf-8(\r\nContent-Transfer-Encoding: [^\r]*)?/,
    `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: ${encoding}`,
  );
const bytes = (text: string) => Buffer.from(text, "latin1");
const spliced = (mail: Buffer, at: number, insert: Buffer) => {
  const position = at % (mail.length + 1);
  return Buffer.concat([mail.subarray(0, position), insert, mail.subarray(position)]);
};

const mutations = {
  truncated: fc.tuple(seed, fc.nat()).map(([mail, at]) => Buffer.from(mail).subarray(0, at % mail.length)),
  "broken boundaries": fc
    .tuple(multipartSeed, fc.constantFrom("", '"', "x".repeat(200), "mixed-1", "--", " "))
    .chain(([mail, boundary]) =>
      fc.constantFrom(
        Buffer.from(mail.replace(/boundary="[^"]*"/, `boundary="${boundary}"`)),
        Buffer.from(mail.replace(/--(mixed|alt)-1--/, "")),
        Buffer.from(mail.replace(/boundary="[^"]*"/, "boundary=")),
        Buffer.from(mail.replaceAll(/--(mixed|alt)-1/g, `--${boundary}`)),
      ),
    ),
  "huge headers": fc.tuple(seed, fc.integer({ min: 1_000, max: 400_000 }), fc.constantFrom("one", "many", "folded", "subject")).map(([mail, size, shape]) => {
    const lines =
      shape === "one"
        ? [`X-Padding: ${"a".repeat(size)}`]
        : shape === "many"
          ? Array.from({ length: size / 20 }, (_, n) => `X-Header-${n}: value`)
          : shape === "folded"
            ? [`X-Folded: ${Array.from({ length: size / 10 }, () => "word").join(`${CRLF} `)}`]
            : [`Subject: ${"Re: ".repeat(size / 4)}`];
    return Buffer.from(withHeaders(mail, lines));
  }),
  "deep nesting": fc
    .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom("multipart", "<div>", "<table><tr><td>", "<b><i>", "<ul><li>"))
    .map(([depth, shape]) => {
      if (shape !== "multipart") return Buffer.from([headers("Subject: Deep", "Content-Type: text/html"), "", `${shape.repeat(depth)}Hello`].join(CRLF));
      const levels = Math.min(depth, 3_000);
      const opening = Array.from({ length: levels }, (_, n) => `Content-Type: multipart/mixed; boundary="b${n}"${CRLF}${CRLF}--b${n}`).join(CRLF);
      const closing = Array.from({ length: levels }, (_, n) => `--b${levels - 1 - n}--`).join(CRLF);
      return Buffer.from([headers("Subject: Deep"), opening, "Content-Type: text/plain", "", "Hello", closing].join(CRLF));
    }),
  "NUL bytes": fc.oneof(
    fc
      .tuple(seed, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }))
      .map(([mail, positions]) => positions.reduce((bytesSoFar, at) => spliced(bytesSoFar, at, Buffer.from([0])), Buffer.from(mail))),
    fc
      .tuple(seed, fc.constantFrom("Subject: =?utf-8?Q?a=00b?=", "From: =?utf-8?B?AAA=?= <asha@example.com>", "Message-ID: <a\u0000b@example.com>"))
      .map(([mail, header]) => Buffer.from(withHeaders(mail, [header]))),
    fc
      .constantFrom("quoted-printable", "base64")
      .map((encoding) =>
        Buffer.from(
          [
            headers("Subject: NUL", `Content-Type: text/plain; charset=utf-8`, `Content-Transfer-Encoding: ${encoding}`),
            "",
            encoding === "base64" ? Buffer.from("Tuesday\0works").toString("base64") : "Tuesday=00works",
          ].join(CRLF),
        ),
      ),
  ),
  "bad charsets and encodings": fc
    .tuple(
      fc.constantFrom(seeds.plain, seeds.html, seeds.reply),
      fc.constantFrom(
        "text/plain; charset=x-unknown",
        "text/plain; charset=utf-16",
        "text/html; charset=utf-7",
        "text/plain; charset=iso-2022-jp",
        "text/plain; charset=",
        'text/plain; charset="',
      ),
      fc.constantFrom("base64", "quoted-printable", "x-uuencode", "7bit", "binary", "", "base64; x=y"),
      fc.uint8Array({ minLength: 0, maxLength: 2_000 }),
      fc.constantFrom("====", "=ZZ=\r\n=", "!!!not base64!!!", "=\r\n=\r\n", "\x1b$B\x1b(J", "\xff\xfe\xfd"),
    )
    .map(([mail, contentType, encoding, noise, broken]) =>
      Buffer.concat([bytes(retyped(mail, contentType, encoding)), bytes(CRLF + broken + CRLF), Buffer.from(noise)]),
    ),
  "lone surrogates in encoded words": fc
    .tuple(
      seed,
      fc.constantFrom("Subject", "From", "Content-Disposition"),
      fc.constantFrom(
        "=?utf-8?B?7aCA?=",
        "=?utf-8?Q?=ED=A0=80x=ED=BF=BF?=",
        `=?utf-16le?B?${Buffer.from([0x00, 0xd8, 0x41, 0x00]).toString("base64")}?=`,
        `=?utf-16?B?${Buffer.from([0xdc, 0x00]).toString("base64")}?=`,
        "=?utf-8?B?####?=",
        "=?unknown?Q?abc?=",
        "=?utf-8?Q?unterminated",
        "=?utf-8?B?" + "7aCA".repeat(2_000) + "?=",
      ),
    )
    .map(([mail, header, word]) =>
      Buffer.from(
        withHeaders(mail, [
          header === "From"
            ? `From: ${word} <asha@example.com>`
            : header === "Subject"
              ? `Subject: ${word}`
              : `Content-Disposition: attachment; filename="${word}"`,
        ]),
      ),
    ),
};

/** Sends one mail as a server would, dot-stuffed: the answer to its DATA, or the refusal before it. */
async function deliver(message: Buffer): Promise<string> {
  const socket = net.connect(listener.port, "127.0.0.1");
  const lines = readline.createInterface({ input: socket })[Symbol.asyncIterator]();
  const answer = async () => {
    let line = "";
    while (!/^\d{3} /.test(line)) line = (await lines.next()).value as string;
    return line;
  };
  const stuffed = bytes(message.toString("latin1").replace(/(^|\n)\./g, "$1.."));
  try {
    await answer();
    for (const command of ["EHLO mail.example.com", "MAIL FROM:<asha@example.com>", `RCPT TO:<hello@${DOMAIN}>`, "DATA"]) {
      socket.write(`${command}${CRLF}`);
      const reply = await answer();
      if (!/^[23]/.test(reply)) return reply;
    }
    socket.write(Buffer.concat([stuffed, bytes(`${CRLF}.${CRLF}`)]));
    return await answer();
  } finally {
    socket.destroy();
  }
}

const stored = async () => (await t.database.db.select({ id: enquiries.id }).from(enquiries)).length;

describe("hostile mail to the reply listener", () => {
  for (const [name, mutation] of Object.entries(mutations)) {
    it(`keeps a mail answered 250 and refuses for good what it cannot keep: ${name}`, { timeout: 600_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(mutation, async (message) => {
          tried++;
          const before = await stored();
          const reply = await deliver(message);
          expect(reply).toMatch(/^(250|5\d\d) /);
          expect(await stored()).toBe(before + (reply.startsWith("250") ? 1 : 0));
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("goes on taking mail after all of them", async () => {
    const before = await stored();
    expect(await deliver(Buffer.from(seeds.plain))).toMatch(/^250 /);
    expect(await stored()).toBe(before + 1);
  });
});
