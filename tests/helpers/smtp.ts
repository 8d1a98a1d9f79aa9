import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps what it receives, for tests to read. */
export async function startSmtpSink() {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  let refuse = false;
  /** Addresses whose mailbox does not exist: refused for good at RCPT TO, as a hard bounce. */
  const unknownMailboxes = new Set<string>();
  /** While set: the mail after this many is received but never acknowledged, as by a server that went quiet mid-transfer. */
  let hold: { after: number; held: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(refuse ? Object.assign(new Error("Service unavailable"), { responseCode: 421 }) : undefined);
    },
    onRcptTo(address, _session, callback) {
      callback(unknownMailboxes.has(address.address.toLowerCase()) ? Object.assign(new Error("No such mailbox"), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, callback) {
      if (hold && messages.length >= hold.after) {
        stream.on("end", hold.held).resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-conversation (as the crash and failover tests do) resets its connection; the
  // server reports that as an error event, which unheard would end the test run as an uncaught exception.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** While set, the server refuses every mail, as a server that is down for maintenance would. */
    setRefusing(value: boolean) {
      refuse = value;
    },
    /** Refuses mail to this address from now on, as a server with no such mailbox does. */
    refuseMailbox(address: string) {
      unknownMailboxes.add(address.toLowerCase());
    },
    /**
     * Acknowledges `count` mails, then receives the next one without ever answering: resolves when
     * that mail is in. The sender cannot know whether it was delivered, and the mail is not kept.
     */
    holdAfter(count: number): Promise<void> {
      return new Promise((held) => (hold = { after: count, held }));
    },
    /** Acknowledges every mail again. */
    release() {
      hold = undefined;
    },
    /** Waits until a mail matching the test has arrived, and returns it. */
    async waitFor(test: (mail: ParsedMail) => boolean, timeoutMs = 15_000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching mail within ${timeoutMs} ms; received: ${messages.map((m) => m.subject).join(", ") || "none"}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
