import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "#app/content/site.ts";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink } from "../../../tests/helpers/smtp";
import { outbox } from "../../mail/schema";
import { enquiries, newsletterSubscriptions } from "./schema";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(enquiries);
  await t.database.db.delete(newsletterSubscriptions);
  await t.database.db.delete(outbox);
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36";
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { "user-agent": BROWSER, ...headers } });

const valid = {
  "/api/cta/": { name: "Asha Gurung", email: "asha@example.com", message: "We need a data pipeline.", request_type: "CTA" },
  "/api/get-started/": { email: "dev@example.com", user_type: "DEVELOPER", message: "How do I start with your API?", request_type: "GET_STARTED" },
  "/api/talk-to-expert/": {
    name: "Bikash Rai",
    email: "bikash@example.com",
    company: "Everest Foods",
    helpType: "technical",
    message: "Need help with cloud costs.",
    request_type: "TALK_TO_EXPERT",
  },
  "/api/discuss-project/": {
    name: "Chandra Lama",
    email: "chandra@example.com",
    company: "",
    budget: "10k-50k",
    timeline: "1-3months",
    details: "A booking app for trekking agencies.",
    request_type: "DISCUSS_PROJECT",
  },
} as const;
type FormUrl = keyof typeof valid;
const forms = Object.keys(valid) as FormUrl[];

const mails = () => t.database.db.select().from(outbox).orderBy(outbox.id);

describe("enquiry forms", () => {
  it.each(forms)("%s stores the enquiry and queues the inbox mail and the acknowledgement in one go", async (url) => {
    const response = await post(url, valid[url]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const sent = valid[url] as Record<string, string>;
    expect(body.message).toMatch(/within 24 hours/);
    expect(body.email).toBe(sent.email);
    if (sent.name) expect(body.name).toBe(sent.name);

    const [row] = await t.database.db.select().from(enquiries);
    expect(row).toMatchObject({ type: sent.request_type, email: sent.email, userAgent: BROWSER });
    expect(row!.ipHash).toMatch(/^[\w-]{43}$/);
    expect(row!.ipHash).not.toContain("127.0.0.1");

    const [inbox, acknowledgement] = await mails();
    expect(inbox).toMatchObject({ to: url === "/api/discuss-project/" ? site.contact.projectsEmail : site.contact.email, replyTo: null });
    expect(inbox!.text).toContain(sent.message ?? sent.details);
    expect(inbox!.text).toContain(`/admin/enquiries/${row!.id}`);
    expect(acknowledgement).toMatchObject({ to: sent.email });
    expect(acknowledgement!.text).toContain("within 24 hours");
    expect(acknowledgement!.text).toMatch(new RegExp(`/conversation/${row!.id}-[0-9a-f]{32}\n`));
    expect(acknowledgement!.text).not.toContain(sent.message ?? sent.details);
  });

  it("keeps discuss-project's labels and an absent company as none", async () => {
    const body = (await post("/api/discuss-project/", valid["/api/discuss-project/"])).json();
    expect(body).toMatchObject({ company: null, budget: "10k-50k", timeline: "1-3months", details: "A booking app for trekking agencies." });
    const [inbox] = await mails();
    expect(inbox!.text).toContain("Budget: $10,000 - $50,000");
  });

  it.each([
    ["/api/cta/", { email: "x" }, "email"],
    ["/api/cta/", { name: "   " }, "name"],
    ["/api/cta/", { message: undefined }, "message"],
    ["/api/cta/", { request_type: "NEWSLETTER" }, "request_type"],
    ["/api/get-started/", { user_type: "business" }, "user_type"],
    ["/api/talk-to-expert/", { helpType: "legal" }, "helpType"],
    ["/api/talk-to-expert/", { company: "A\nBcc: x@example.com" }, "company"],
    ["/api/discuss-project/", { budget: "1m" }, "budget"],
    ["/api/discuss-project/", { timeline: 3 }, "timeline"],
    ["/api/discuss-project/", { details: "x".repeat(5001) }, "details"],
    ["/api/cta/", { name: "Null\u0000byte" }, "name"],
    ["/api/cta/", { name: ["array"] }, "name"],
  ] as [FormUrl, Record<string, unknown>, string][])("%s refuses %j, naming %s, and stores nothing", async (url, change, field) => {
    const response = await post(url, { ...valid[url], ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await t.database.db.select().from(enquiries)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it.each(forms)("%s: a filled honeypot is refused and nothing is stored or mailed", async (url) => {
    const response = await post(url, { ...valid[url], website: "http://spam.example" });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(enquiries)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("answers every malformed request with a 4xx, never a 5xx", async () => {
    const attempts = [
      t.app.inject({ method: "POST", url: "/api/cta/" }),
      t.app.inject({ method: "POST", url: "/api/cta/", payload: "null", headers: { "content-type": "application/json" } }),
      t.app.inject({ method: "POST", url: "/api/cta/", payload: "[1,2]", headers: { "content-type": "application/json" } }),
      t.app.inject({ method: "POST", url: "/api/cta/", payload: "{broken", headers: { "content-type": "application/json" } }),
      t.app.inject({ method: "POST", url: "/api/cta/", payload: "name=a", headers: { "content-type": "text/plain" } }),
      t.app.inject({ method: "POST", url: "/api/cta/", payload: "<x/>", headers: { "content-type": "application/xml" } }),
      post("/api/cta/", { ...valid["/api/cta/"], message: "x".repeat(20_000) }),
      post("/api/newsletter/", { email: 42 }),
      post("/api/newsletter/", { email: `${"a".repeat(300)}@example.com` }),
      post("/api/newsletter/confirm/", { token: { $ne: "" } }),
      post("/api/newsletter/unsubscribe/%00%00%00%00%00%00%00%00%00%00%00%00/", {}),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(typeof response.json().message).toBe("string");
    }
    expect(await t.database.db.select().from(enquiries)).toHaveLength(0);
  });

  it.each([...forms, "/api/newsletter/"] as const)("%s refuses a body over 16 KB with 413 and stores nothing", async (url) => {
    const base = url === "/api/newsletter/" ? { email: "reader@example.com" } : valid[url];
    const response = await post(url, { ...base, padding: "x".repeat(16 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(typeof response.json().message).toBe("string");
    expect(await t.database.db.select().from(enquiries)).toHaveLength(0);
    expect(await t.database.db.select().from(newsletterSubscriptions)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("stores unicode as sent, and refuses half of a character (a lone surrogate) with 400, storing nothing", async () => {
    const halfCharacter = await post("/api/cta/", { ...valid["/api/cta/"], message: "नमस्ते \ud800 world" });
    expect(halfCharacter.statusCode).toBe(400);
    expect(await t.database.db.select().from(enquiries)).toHaveLength(0);
    const name = "श्रेया 👩🏽‍💻 Zoë";
    const response = await post("/api/cta/", { ...valid["/api/cta/"], name, message: "नमस्ते world" });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(enquiries);
    expect(row!.name).toBe(name);
  });

  it("accepts a form-encoded post as well as JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/cta/",
      payload: "name=Asha&email=asha%40example.com&message=Hello&request_type=CTA",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(201);
  });

  it("refuses a cross-site post with 403", async () => {
    const response = await post("/api/cta/", valid["/api/cta/"], { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.select().from(enquiries)).toHaveLength(0);
  });
});

describe("newsletter", () => {
  const tokenIn = (text: string, kind: "confirm" | "unsubscribe") => text.match(new RegExp(`/newsletter/${kind}/([\\w.-]+)`))![1]!;

  it("stores one pending subscription and mails a confirmation link with one-click unsubscribe headers", async () => {
    const response = await post("/api/newsletter/", { email: "Reader@Example.com", request_type: "NEWSLETTER" });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/confirm/);
    const rows = await t.database.db.select().from(newsletterSubscriptions);
    expect(rows).toMatchObject([{ email: "reader@example.com", status: "pending" }]);
    const [mail] = await mails();
    expect(mail!.to).toBe("reader@example.com");
    expect(mail!.text).toContain(`${t.config.publicUrl}/newsletter/confirm/`);
    expect(mail!.text).toContain(`${t.config.publicUrl}/newsletter/unsubscribe/`);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${t.config.publicUrl}/api/newsletter/unsubscribe/[\\w.-]+/>$`));
  });

  it("does not duplicate a second subscription nor mail again within ten minutes", async () => {
    await post("/api/newsletter/", { email: "reader@example.com" });
    const again = await post("/api/newsletter/", { email: "READER@example.com" });
    expect(again.statusCode).toBe(201);
    expect(await t.database.db.select().from(newsletterSubscriptions)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
    t.clock.advance(11 * 60_000);
    await post("/api/newsletter/", { email: "reader@example.com" });
    expect(await t.database.db.select().from(newsletterSubscriptions)).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
  });

  it("confirms with the link's token (POST only), says so again on a second press, and mails a welcome", async () => {
    await post("/api/newsletter/", { email: "reader@example.com" });
    const token = tokenIn((await mails())[0]!.text, "confirm");
    expect(await t.app.services.enquiries.confirmationLinkState(token)).toBe("pending");
    const confirmed = await post("/api/newsletter/confirm/", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe("Your subscription is confirmed. Welcome aboard!");
    expect((await t.database.db.select().from(newsletterSubscriptions))[0]!.status).toBe("confirmed");
    expect((await post("/api/newsletter/confirm/", { token })).json().message).toBe("Your subscription is already confirmed.");
    const welcome = (await mails())[1]!;
    expect(welcome.subject).toMatch(/Welcome/);
    expect(welcome.headers["List-Unsubscribe"]).toBeDefined();
    // Confirmed readers subscribing again get no mail and no second row.
    await post("/api/newsletter/", { email: "reader@example.com" });
    expect(await mails()).toHaveLength(2);
  });

  it("refuses a confirmation link after 24 hours, and a made-up one", async () => {
    await post("/api/newsletter/", { email: "reader@example.com" });
    const token = tokenIn((await mails())[0]!.text, "confirm");
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await t.app.services.enquiries.confirmationLinkState(token)).toBe("expired");
    const late = await post("/api/newsletter/confirm/", { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/invalid or has expired/);
    expect((await post("/api/newsletter/confirm/", { token: "x".repeat(43) })).statusCode).toBe(400);
    expect((await t.database.db.select().from(newsletterSubscriptions))[0]!.status).toBe("pending");
  });

  it("unsubscribes through the one-click POST without logging in; a forged token does nothing", async () => {
    await post("/api/newsletter/", { email: "reader@example.com" });
    const token = tokenIn((await mails())[0]!.text, "unsubscribe");
    const [id] = token.split(".");
    const forged = await post(`/api/newsletter/unsubscribe/${id}.${"A".repeat(32)}/`, {});
    expect(forged.statusCode).toBe(400);
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/newsletter/unsubscribe/${token}/`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await t.database.db.select().from(newsletterSubscriptions))[0]!.status).toBe("unsubscribed");
    expect((await post(`/api/newsletter/unsubscribe/${token}/`, undefined)).statusCode).toBe(200);
    // The old confirmation link no longer subscribes anyone.
    const confirmToken = tokenIn((await mails())[0]!.text, "confirm");
    expect((await post("/api/newsletter/confirm/", { token: confirmToken })).statusCode).toBe(400);
  });

  it("refuses a filled honeypot", async () => {
    expect((await post("/api/newsletter/", { email: "bot@example.com", website: "x" })).statusCode).toBe(400);
    expect(await t.database.db.select().from(newsletterSubscriptions)).toHaveLength(0);
  });
});

describe("limits", () => {
  it.each([...forms, "/api/newsletter/"] as const)(
    "%s answers 429 with Retry-After after five posts a minute from one address, and stores nothing more",
    async (url) => {
      const limited = await buildTestApp();
      try {
        const statuses: number[] = [];
        let retryAfter: unknown;
        for (let i = 0; i < 6; i++) {
          const payload = url === "/api/newsletter/" ? { email: `r${i}@example.com` } : { ...valid[url], email: `r${i}@example.com` };
          const response = await limited.app.inject({ method: "POST", url, payload, headers: { "user-agent": BROWSER } });
          statuses.push(response.statusCode);
          retryAfter ??= response.headers["retry-after"];
          if (response.statusCode === 429) expect(response.json().message).toMatch(/Too many requests/);
        }
        expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
        expect(Number(retryAfter)).toBeGreaterThan(0);
        const table = url === "/api/newsletter/" ? newsletterSubscriptions : enquiries;
        expect(await limited.database.db.select().from(table)).toHaveLength(5);
      } finally {
        await limited.close();
      }
    },
  );
});

describe("the daily cap on mail to a typed address", () => {
  it("lets the forms together send one address five mails a day; a sixth submission is kept and staff told, with no mail to the address", async () => {
    t.clock.now = new Date("2026-11-26T00:00:00Z");
    const target = "Target@Example.com";
    for (const url of forms) expect((await post(url, { ...valid[url], email: target })).statusCode).toBe(201);
    expect((await post("/api/newsletter/", { email: target })).statusCode).toBe(201);
    const sixth = await post("/api/cta/", { ...valid["/api/cta/"], email: "target+again@example.com" });
    expect(sixth.statusCode).toBe(201);

    expect(await t.database.db.$count(enquiries)).toBe(5);
    const sent = await mails();
    expect(sent.filter((mail) => /target/i.test(mail.to))).toHaveLength(5);
    expect(sent.filter((mail) => mail.subject === "Contact message from Asha Gurung")).toHaveLength(2);

    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await post("/api/cta/", { ...valid["/api/cta/"], email: target })).statusCode).toBe(201);
    expect((await mails()).filter((mail) => /target/i.test(mail.to))).toHaveLength(6);
  });
});

describe("when the mail server is down", () => {
  it("still answers 201 and stores the enquiry; once it is back every mail is delivered exactly once", async () => {
    const sink = await startSmtpSink();
    sink.setRefusing(true);
    const worker = testOutbox(t, sink.url);
    try {
      expect((await post("/api/cta/", valid["/api/cta/"])).statusCode).toBe(201);
      expect((await post("/api/talk-to-expert/", valid["/api/talk-to-expert/"])).statusCode).toBe(201);
      expect(await t.database.db.select().from(enquiries)).toHaveLength(2);
      await worker.runOnce();
      expect(sink.messages).toHaveLength(0);
      expect((await mails()).every((mail) => mail.status === "pending" && mail.attempts === 1)).toBe(true);

      sink.setRefusing(false);
      t.clock.advance(60_000);
      await worker.runOnce();
      await worker.runOnce();
      expect(sink.messages).toHaveLength(4);
      expect(new Set(sink.messages.map((mail) => mail.messageId)).size).toBe(4);
      expect(sink.messages.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : "")).sort()).toEqual(
        [site.contact.email, site.contact.email, "asha@example.com", "bikash@example.com"].sort(),
      );
      expect(sink.messages.find((mail) => mail.subject?.startsWith("Contact message"))!.text).toMatch(/\/admin\/enquiries\/\d+/);
    } finally {
      await worker.close();
      await sink.close();
    }
  });
});
