import { describe, expect, it } from "vitest";
import { contentPassages } from "./text";

describe("a page's typed copy as passages", () => {
  it("holds what the page tells, not its interface's labels, placeholders, confirmations or which tab starts open", () => {
    const passages = contentPassages("Users API", {
      title: "Users API",
      intro: "Examples of every endpoint, ready to copy.",
      endpointsLabel: "Endpoints",
      searchPlaceholder: "Search guides, endpoints and errors",
      copyConfirmation: "Copied!",
      defaultEndpoint: "authentication",
      endpoints: [{ id: "authentication", title: "Authentication", description: "Send your key as a bearer token." }],
    });
    const words = passages.map((passage) => `${passage.heading}: ${passage.text}`).join("\n");
    expect(words).toContain("Examples of every endpoint");
    expect(words).toContain("Authentication: Send your key as a bearer token.");
    expect(words).not.toContain("Endpoints.");
    expect(words).not.toContain("Search guides");
    expect(words).not.toContain("Copied");
    expect(words).not.toMatch(/\bauthentication\./);
  });

  it("says an e-mail address is one, so a question asking whom to email finds it", () => {
    const [passage] = contentPassages("GDPR", { title: "Data Protection Officer", text: "Our officer answers within a week.", dpoEmail: "dpo@example.com" });
    expect(passage!.text).toBe("Our officer answers within a week. Email: dpo@example.com.");
  });
});
