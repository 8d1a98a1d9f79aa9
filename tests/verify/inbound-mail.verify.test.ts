import { readdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { MAX_MAILS_AT_ONCE } from "../../server/mail/inbound";
import { freePort } from "../helpers/site";
import { pgliteRows } from "./support/databases";
import { FULL, newDataDir, probeHealth, recordFigures, rssMb, startServer } from "./support/site";

const DOMAIN = "reply.himaltech.test";
const PARALLEL_MAILS = FULL ? 30 : 6;
/** Just under the listener's 10 MB limit, as a sender who knows it would send. */
const PLAIN_MAIL_BYTES = 10 * 1000 * 1000;
const HTML_MAIL_BYTES = 5 * 1000 * 1000;
/** The server's memory budget (docs/performance.md). */
const RSS_BUDGET_MB = 300;

/** The process's children, theirs and so on: the mail parsers' sandboxes under the server. */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      children = children.concat(readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
  } catch {
    // the process has gone
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** The peaks of the server's resident memory and of its children's, together and the largest one, sampled every 50 ms. */
function peakRssOfTree(pid: number) {
  const peaks = { serverMb: rssMb(pid), childrenMb: 0, childMb: 0, children: 0 };
  const timer = setInterval(() => {
    const children = descendantsOf(pid).map((child) => {
      try {
        return rssMb(child);
      } catch {
        return 0; // ended between the listing and the reading
      }
    });
    peaks.serverMb = Math.max(peaks.serverMb, rssMb(pid));
    peaks.childrenMb = Math.max(
      peaks.childrenMb,
      children.reduce((sum, mb) => sum + mb, 0),
    );
    peaks.childMb = Math.max(peaks.childMb, ...children);
    peaks.children = Math.max(peaks.children, children.length);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}

/** Sends one mail on a connection of its own, as another server would: the code of the answer to it. */
async function deliver(port: number, mail: Mail.Options): Promise<string> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ from: "asha@example.com", to: `hello@${DOMAIN}`, ...mail });
    return String(info.response).slice(0, 3);
  } catch (error) {
    const { responseCode, code } = error as { responseCode?: number; code?: string };
    return responseCode ? String(responseCode) : `no answer (${code})`;
  } finally {
    transport.close();
  }
}

/**
 * A mail as it travels, written out once: composed by nodemailer for each of 30 senders, 300 MB of
 * encoding held the test's own event loop for seconds, and its /healthz probe with it.
 */
const rawMail = (subject: string, contentType: string, body: string) =>
  Buffer.from(`From: asha@example.com\r\nTo: hello@${DOMAIN}\r\nSubject: ${subject}\r\nContent-Type: ${contentType}; charset=utf-8\r\n\r\n${body}`);

const tally = (codes: string[]) => Object.fromEntries([...new Set(codes)].sort().map((code) => [code, codes.filter((each) => each === code).length]));

describe("inbound mail at the limits", () => {
  it(`reads a 5 MB HTML mail and ${PARALLEL_MAILS} parallel 10 MB mails outside the server, which stays up and within ${RSS_BUDGET_MB} MB`, async () => {
    const dataDir = await newDataDir();
    const smtpPort = await freePort();
    // The server's temporary directory, where each mail waits on disk while it is received and read.
    const temporary = join(dataDir, "tmp");
    await mkdir(temporary);
    const server = await startServer({
      dataDir,
      env: { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: String(smtpPort), INBOUND_SMTP_HOST: "127.0.0.1", TMPDIR: temporary },
    });
    try {
      const pid = server.process.pid!;
      const rssBeforeMb = rssMb(pid);
      const health = probeHealth(server.url);
      const memory = peakRssOfTree(pid);

      // A table whose whole HTML took the old listener minutes and the server's heap with it.
      const rows = `<tr><td>Item</td><td>NPR 100</td></tr>\r\n`.repeat(HTML_MAIL_BYTES / 40);
      let started = performance.now();
      const htmlAnswer = await deliver(smtpPort, { raw: rawMail("Our price list", "text/html", `<p>The list you asked for:</p><table>${rows}</table>`) });
      const htmlSeconds = Math.round(performance.now() - started) / 1000;

      const plainMail = rawMail("Our log", "text/plain", "a line of the log, as a visitor pastes it\r\n".repeat(PLAIN_MAIL_BYTES / 43));
      started = performance.now();
      const plainAnswers = await Promise.all(Array.from({ length: PARALLEL_MAILS }, () => deliver(smtpPort, { raw: plainMail })));
      const plainSeconds = Math.round(performance.now() - started) / 1000;

      const peaks = memory.stop();
      const during = await health.stop();
      const after = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
        (response) => response.status,
        () => 0,
      );
      expect(await server.stop("SIGTERM")).toBe(0);
      const leftOnDisk = await readdir(temporary, { recursive: true });
      const stored = (await pgliteRows(dataDir)).enquiries.length;
      const accepted = [htmlAnswer, ...plainAnswers].filter((code) => code === "250").length;

      const figures = {
        suite: "inbound-mail",
        full: FULL,
        htmlMailBytes: HTML_MAIL_BYTES,
        htmlAnswer,
        htmlSeconds,
        parallelMails: PARALLEL_MAILS,
        plainMailBytes: PLAIN_MAIL_BYTES,
        plainAnswers: tally(plainAnswers),
        plainSeconds,
        rssBeforeMb,
        rssPeakMb: peaks.serverMb,
        childrenPeakMb: peaks.childrenMb,
        childPeakMb: peaks.childMb,
        childrenAtOnce: peaks.children,
        healthz: during,
        healthzAfter: after,
        accepted,
        stored,
        rowsLost: accepted - stored,
        mailFilesLeft: leftOnDisk.length,
      };
      recordFigures(figures);
      expect(htmlAnswer).toBe("250");
      // As many as the listener takes at once are kept; the others' senders are asked to come again.
      expect(plainAnswers.filter((code) => code === "250").length).toBeGreaterThanOrEqual(Math.min(PARALLEL_MAILS, MAX_MAILS_AT_ONCE));
      expect(plainAnswers.every((code) => code === "250" || code === "451")).toBe(true);
      expect(stored).toBe(accepted);
      expect(during.failed).toBe(0);
      expect(after).toBe(200);
      expect(peaks.serverMb).toBeLessThanOrEqual(RSS_BUDGET_MB);
      // What strangers wrote is kept in the database only; none of it stays behind in files.
      expect(leftOnDisk).toEqual([]);
    } finally {
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
