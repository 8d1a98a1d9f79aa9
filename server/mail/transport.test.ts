import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { notOwnerOnly, underUmask } from "../../tests/helpers/file-modes";
import { startSmtpSink } from "../../tests/helpers/smtp";
import { createMailTransport, firstLink, type OutgoingMail } from "./transport";

describe("mail without SMTP_URL", () => {
  it("keeps each mail as an .eml file in DATA_DIR/mail and logs one line with its first link", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "himal-mail-"));
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const transport = createMailTransport({ dataDir, log, publicUrl: "http://localhost:3000" });
    await transport.send({
      messageId: "<outbox-7@himaltech.com.np>",
      from: "HimalTech <hello@himaltech.com.np>",
      to: "asha@example.com",
      subject: "Activate your account",
      text: "Welcome http://evil.example/verify!\nActivate it here: http://localhost:3000/verify/abc/def-123 within 3 days.\nOr see https://himaltech.com.np/faq",
      headers: { "List-Unsubscribe": "<http://localhost:3000/u/1>" },
    });
    transport.close();

    const files = readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, "mail", files[0]!), "utf8");
    expect(eml).toContain("To: asha@example.com");
    expect(eml).toContain("Subject: Activate your account");
    expect(eml).toContain("Message-ID: <outbox-7@himaltech.com.np>");
    expect(eml).toContain("List-Unsubscribe: <http://localhost:3000/u/1>");

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toBe('mail to asha@example.com: "Activate your account" http://localhost:3000/verify/abc/def-123');
  });

  it("keeps the mail files, which hold sign-in and reset links, for their user alone whatever the umask", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "himal-mail-"));
    const transport = createMailTransport({ dataDir, log: pino({ level: "silent" }) });
    await underUmask(0o022, () =>
      transport.send({
        messageId: "<outbox-8@himaltech.com.np>",
        from: "HimalTech <hello@himaltech.com.np>",
        to: "asha@example.com",
        subject: "Reset your password",
        text: "Reset it here: http://localhost:3000/reset-password/abc/def-123",
        headers: {},
      }),
    );
    transport.close();
    expect(readdirSync(path.join(dataDir, "mail"))).toHaveLength(1);
    expect(notOwnerOnly(path.join(dataDir, "mail"))).toEqual([]);
  });

  it("finds the first link of a text on the site's own origin, if any", () => {
    const site = "https://himaltech.com.np";
    expect(firstLink("Reset: https://himaltech.com.np/reset-password/a/b now", site)).toBe("https://himaltech.com.np/reset-password/a/b");
    expect(firstLink("See https://himaltech.com.np.evil.example/x, http://himaltech.com.np/y and https://himaltech.com.np/z", site)).toBe(
      "https://himaltech.com.np/z",
    );
    expect(firstLink("Only https://evil.example/unlock here.", site)).toBeUndefined();
    expect(firstLink("No link here.", site)).toBeUndefined();
  });
});

describe("newsletter mail (a pooled transport, sent from a thread of its own)", () => {
  const log = pino({ level: "silent" });
  const newsletter = (to: string): OutgoingMail => ({
    messageId: `<campaign-1-${to}@himaltech.com.np>`,
    from: "HimalTech <hello@himaltech.com.np>",
    to,
    subject: "Notes from the Himalaya",
    text: "Plain words.",
    html: "<p>Plain words.</p>",
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });

  it("delivers mails side by side, and hands back a refusal with the code and command the sender judges it by", async () => {
    const sink = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent", log, pool: 2 });
    try {
      await Promise.all(["a@example.com", "b@example.com", "c@example.com"].map((to) => transport.send(newsletter(to))));
      expect(sink.messages.map((mail) => mail.to && "text" in mail.to && mail.to.text).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
      expect(sink.messages[0]!.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );

      sink.refuseMailbox("gone@example.com");
      await expect(transport.send(newsletter("gone@example.com"))).rejects.toMatchObject({ responseCode: 550, command: "RCPT TO" });
      await transport.send(newsletter("d@example.com"));
      expect(sink.messages).toHaveLength(4);
    } finally {
      transport.close();
      await sink.close();
    }
  });

  /** This process's threads in the scheduler's idle class (field 41 of a task's stat, after its name, is the policy; 5 is SCHED_IDLE). */
  const idleThreads = () =>
    readdirSync("/proc/self/task").filter((task) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38] === "5";
    }).length;

  it.runIf(process.platform === "linux")("sends from a thread in the scheduler's idle class, which gives the processor up to the site at once", async () => {
    const sink = await startSmtpSink();
    // The threads of the transports before this one end a moment after they are closed.
    await expect.poll(idleThreads).toBe(0);
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent", log, pool: 1 });
    try {
      await transport.send(newsletter("a@example.com"));
      expect(idleThreads()).toBe(1);
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it("fails the mail in hand when the thread is stopped, so the sender tries it again, and starts a new thread for the next", async () => {
    const sink = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent", log, pool: 1 });
    try {
      const held = sink.holdAfter(0);
      const inHand = transport.send(newsletter("a@example.com"));
      await held;
      transport.close();
      sink.release();
      // Sent before the stopped thread has ended: its end must not take this mail down with it.
      const next = transport.send(newsletter("b@example.com"));
      await expect(inHand).rejects.toThrow("the mail thread stopped");
      await next;
      expect(sink.messages.map((mail) => (mail.to as { text: string }).text)).toEqual(["b@example.com"]);
    } finally {
      transport.close();
      await sink.close();
    }
  });
});
