import { describe, expect, it } from "vitest";
import { webmailFor } from "./webmail";

describe("webmailFor", () => {
  it("opens the webmail of the address's provider", () => {
    expect(webmailFor("asha@gmail.com")).toBe("https://mail.google.com/");
    expect(webmailFor("asha@Outlook.com")).toBe("https://outlook.live.com/mail/");
    expect(webmailFor("asha@hotmail.co.uk")).toBe("https://outlook.live.com/mail/");
    expect(webmailFor("asha@yahoo.com")).toBe("https://mail.yahoo.com/");
    for (const domain of ["icloud.com", "me.com", "mac.com"]) expect(webmailFor(`asha@${domain}`)).toBe("https://www.icloud.com/mail/");
    expect(webmailFor("asha@proton.me")).toBe("https://mail.proton.me/");
    expect(webmailFor("asha@protonmail.com")).toBe("https://mail.proton.me/");
  });

  it("falls back to Gmail for any other domain", () => {
    expect(webmailFor("asha@himaltech.com.np")).toBe("https://mail.google.com/");
    expect(webmailFor("no-at-sign")).toBe("https://mail.google.com/");
    // A company whose domain merely begins like a provider's is not that provider.
    for (const domain of ["me.example.org", "live.example.com", "mac.engineering.io"]) expect(webmailFor(`asha@${domain}`)).toBe("https://mail.google.com/");
  });

  it("knows the providers' country domains", () => {
    expect(webmailFor("asha@yahoo.co.in")).toBe("https://mail.yahoo.com/");
    expect(webmailFor("asha@yahoo.fr")).toBe("https://mail.yahoo.com/");
    expect(webmailFor("asha@hotmail.com.au")).toBe("https://outlook.live.com/mail/");
  });
});
