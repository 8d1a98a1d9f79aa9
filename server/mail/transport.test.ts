import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createMailTransport, firstLink } from "./transport";

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
