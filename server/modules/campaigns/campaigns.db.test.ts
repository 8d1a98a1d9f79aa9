import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CampaignDetail, CampaignStats } from "@contracts/campaigns";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { secondInstanceOf } from "../../../tests/helpers/database";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import { createMailTransport, type MailTransport } from "../../mail/transport";
import { newsletterSubscriptions } from "../enquiries/schema";
import { campaignRecipients, campaigns } from "./schema";
import { CAMPAIGN_LEASE_MS, createCampaignSender, paceOf } from "./sender";

const log = pino({ level: "silent" });
let t: TestContext;
let sink: SmtpSink;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let transport: MailTransport;
let categoryId: number;
let startedAt: Date;

function sender(context: TestContext = t, via: MailTransport = transport) {
  return createCampaignSender({
    db: context.database.db,
    service: context.app.services.campaigns,
    audience: context.app.services.enquiries,
    transport: via,
    from: "HimalTech <news@himaltech.com.np>",
    messageIdDomain: "himaltech.test",
    log,
    now: () => t.clock.now,
  });
}

let addresses = 0;
/** Subscribers as the footer form leaves them, in the given state. */
async function subscribers(count: number, status: "pending" | "confirmed" | "unsubscribed" = "confirmed") {
  const rows = Array.from({ length: count }, () => ({
    email: `reader${++addresses}@example.com`,
    status,
    confirmedAt: status === "confirmed" ? t.clock.now : null,
    ipHash: "test",
    userAgent: "test",
    createdAt: t.clock.now,
  }));
  return t.database.db.insert(newsletterSubscriptions).values(rows).returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
}

async function newCampaign(fields: Record<string, unknown> = {}): Promise<CampaignDetail> {
  const response = await admin.request("POST", "/api/admin/campaigns/", {
    subject: "Notes from the Himalaya",
    preheader: "What we learned this month",
    body: "# Hello\n\nRead [our guide](https://himaltech.com.np/blog/1) and https://example.org/paper.\n\nBye.",
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const act = (id: number, action: string) => admin.request("POST", `/api/admin/campaigns/${id}/action/`, { action });
const stats = async (id: number): Promise<CampaignStats & { status: string }> => (await admin.request("GET", `/api/admin/campaigns/${id}/progress/`)).json();
const campaignMails = (subject = "Notes from the Himalaya") => sink.messages.filter((mail) => mail.subject === subject);
const recipientsOf = (mails: ParsedMail[]) => mails.map((mail) => (mail.to as { text: string }).text).sort();
const pathOf = (url: string) => new URL(url).pathname;
const headerOf = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, "");
const linksIn = (mail: ParsedMail) => [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  sink = await startSmtpSink();
  transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent", log, pool: 4 });
  admin = await signedInAdmin(t, "support");
  categoryId = (await t.app.services.blog.createCategory("Engineering")).id;
  startedAt = t.clock.now;
});
afterAll(async () => {
  transport.close();
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  // Back to the time the admin signed in, whose session a test that moved the clock far would have ended.
  t.clock.now = startedAt;
  sink.messages.length = 0;
  // Every test starts with no subscriber on the list and no campaign on the way.
  await t.database.db.delete(campaigns);
  await t.database.db.update(newsletterSubscriptions).set({ status: "unsubscribed" });
});

describe("writing a campaign", () => {
  it("starts from a blog post: its title, excerpt, cover and link", async () => {
    const post = await t.app.services.blog.createPost({
      title: "Monsoon-proof data pipelines",
      excerpt: "How we keep pipelines running when the power does not.",
      content: "Long read.",
      readTimeMinutes: 6,
      featured: false,
      categoryIds: [categoryId],
    });
    const response = await admin.request("POST", "/api/admin/campaigns/from-post/", { post_id: post.id });
    expect(response.statusCode).toBe(201);
    const campaign: CampaignDetail = response.json();
    expect(campaign).toMatchObject({ subject: "Monsoon-proof data pipelines", preheader: post.excerpt, status: "draft", created_by: admin.username });
    expect(campaign.body).toContain(`[Read the full post](${t.config.publicUrl}/blog/${post.id})`);
    expect(campaign.preview_html).toContain("How we keep pipelines running");
    expect(campaign.preview_html).toContain(`href="${t.config.publicUrl}/blog/${post.id}"`);
    expect((await admin.request("POST", "/api/admin/campaigns/from-post/", { post_id: 999_999 })).statusCode).toBe(404);
  });

  it("refuses a subject on two lines, an empty body or a made-up speed, and keeps nothing", async () => {
    for (const bad of [{ subject: "Hi\r\nBcc: everyone@example.com" }, { body: "  " }, { rate_per_minute: "fast" }, { concurrency: 50 }]) {
      const response = await admin.request("POST", "/api/admin/campaigns/", { subject: "Hello", body: "Body", ...bad });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(campaigns)).toEqual([]);
  });

  it("keeps drafts editable until they are scheduled, and only support and owners may open the screen", async () => {
    const campaign = await newCampaign();
    const edited = await admin.request("PATCH", `/api/admin/campaigns/${campaign.id}/`, { subject: "Edited", body: "New words" });
    expect(edited.json()).toMatchObject({ subject: "Edited", body: "New words" });
    const past = await admin.request("POST", `/api/admin/campaigns/${campaign.id}/schedule/`, { send_at: "2020-01-01T09:00" });
    expect(past.statusCode).toBe(400);
    expect((await admin.request("POST", `/api/admin/campaigns/${campaign.id}/schedule/`, { send_at: "tomorrow" })).statusCode).toBe(400);
    await admin.request("POST", `/api/admin/campaigns/${campaign.id}/schedule/`, { send_at: "2099-01-01T09:00" });
    const locked = await admin.request("PATCH", `/api/admin/campaigns/${campaign.id}/`, { subject: "Again", body: "Words" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe("This campaign is scheduled: take it off the schedule to edit it.");
    const editor = await signedInAdmin(t, "editor");
    expect((await editor.request("GET", "/api/admin/campaigns/")).statusCode).toBe(403);
  });

  it("sends a test to the admin with plain links, counting nothing", async () => {
    await subscribers(2);
    const campaign = await newCampaign();
    const response = await admin.request("POST", `/api/admin/campaigns/${campaign.id}/test/`);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(`A test was sent to ${admin.username}@himaltech.test.`);
    const outbox = testOutbox(t, sink.url);
    await outbox.runOnce();
    await outbox.close();
    const test = await sink.waitFor((mail) => mail.subject === "[Test] Notes from the Himalaya");
    expect(linksIn(test)).toContain("https://himaltech.com.np/blog/1");
    expect(String(test.html)).not.toContain("/api/newsletter/open/");
    expect((await stats(campaign.id)).recipients).toBe(0);
  });
});

describe("sending", () => {
  it("goes to confirmed subscribers only, each mail with both parts, one-click unsubscribe and the postal address", async () => {
    const confirmed = await subscribers(3);
    await subscribers(1, "pending");
    await subscribers(1, "unsubscribed");
    const campaign = await newCampaign();
    expect((await act(campaign.id, "send")).json().status).toBe("scheduled");
    await sender().runOnce();

    const mails = campaignMails();
    expect(recipientsOf(mails)).toEqual(confirmed.map((subscriber) => subscriber.email).sort());
    const mail = mails[0]!;
    expect(mail.text).toContain("Read our guide (http://localhost:3000/api/newsletter/click/");
    expect(mail.text).toContain("Jhamsikhel Road 12, Lalitpur 44700, Nepal");
    expect(mail.html).toContain("What we learned this month");
    expect(headerOf(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headerOf(mail, "list-unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/[\w.-]+\/>$/);
    expect(linksIn(mail).some((link) => link.startsWith(`${t.config.publicUrl}/newsletter/unsubscribe/`))).toBe(true);
    expect(mail.messageId).toMatch(new RegExp(`^<campaign-${campaign.id}-\\d+@himaltech.test>$`));
    expect(await stats(campaign.id)).toMatchObject({ status: "sent", recipients: 3, sent: 3, queued: 0, failed: 0 });
    // Run again: nobody is mailed twice.
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(3);
  });

  it("waits for its time in Kathmandu, then sends", async () => {
    await subscribers(1);
    const campaign = await newCampaign();
    // Two hours from now, to the minute, as the company's clocks show it.
    const at = new Date(Math.ceil((t.clock.now.getTime() + 2 * 3_600_000) / 60_000) * 60_000);
    const kathmandu = new Date(at.getTime() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 16);
    const scheduled = await admin.request("POST", `/api/admin/campaigns/${campaign.id}/schedule/`, { send_at: kathmandu });
    expect(scheduled.json().scheduled_at).toBe(at.toISOString());
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(0);
    t.clock.now = at;
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(1);
  });

  it("keeps to its speed, and pauses and resumes from the screen", async () => {
    expect(paceOf(120)).toEqual({ windowMs: 1000, mails: 2 });
    expect(paceOf(10)).toEqual({ windowMs: 6000, mails: 1 });
    await subscribers(5);
    const campaign = await newCampaign({ rate_per_minute: 120 });
    await act(campaign.id, "send");
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(2);
    expect(await stats(campaign.id)).toMatchObject({ status: "sending", sent: 2, queued: 3 });

    expect((await act(campaign.id, "pause")).json().status).toBe("paused");
    t.clock.advance(60_000);
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(2);
    expect((await act(campaign.id, "pause")).statusCode).toBe(409);

    await act(campaign.id, "resume");
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(4);
    t.clock.advance(1000);
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(5);
    expect((await stats(campaign.id)).status).toBe("sent");
  });

  it("sends nothing more to someone who unsubscribes mid-send", async () => {
    const [first, second] = await subscribers(2);
    const campaign = await newCampaign();
    await act(campaign.id, "send");
    await t.app.services.campaigns.startDue();
    await t.app.services.enquiries.unsubscribe(t.app.services.enquiries.unsubscribeLinksOf(second!.id).page.split("/").pop()!);
    await sender().runOnce();
    expect(recipientsOf(campaignMails())).toEqual([first!.email]);
    expect(await stats(campaign.id)).toMatchObject({ sent: 1, skipped: 1, status: "sent" });
  });

  it("records a hard bounce and skips the address next time; a temporary refusal is tried again", async () => {
    const [kept, gone] = await subscribers(2);
    sink.refuseMailbox(gone!.email);
    const first = await newCampaign();
    await act(first.id, "send");
    await sender().runOnce();
    expect(await stats(first.id)).toMatchObject({ sent: 1, failed: 1 });
    const [failed] = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.status, "failed"));
    expect(failed!.lastError).toMatch(/550/);
    const [bounced] = await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, gone!.id));
    expect(bounced!.bouncedAt).not.toBeNull();

    sink.messages.length = 0;
    sink.setRefusing(true);
    const second = await newCampaign({ subject: "Second issue" });
    await act(second.id, "send");
    await sender().runOnce();
    expect(await stats(second.id)).toMatchObject({ recipients: 1, queued: 1, status: "sending" });
    sink.setRefusing(false);
    t.clock.advance(60_000);
    await sender().runOnce();
    expect(recipientsOf(campaignMails("Second issue"))).toEqual([kept!.email]);
  });

  it("shares a campaign between two instances without mailing anyone twice", async () => {
    const list = await subscribers(60);
    const campaign = await newCampaign({ concurrency: 3 });
    await act(campaign.id, "send");
    const other = secondInstanceOf(t.database);
    const otherTransport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent", log, pool: 3 });
    const second = createCampaignSender({
      db: other.db,
      service: t.app.services.campaigns,
      audience: t.app.services.enquiries,
      transport: otherTransport,
      from: "HimalTech <news@himaltech.com.np>",
      messageIdDomain: "himaltech.test",
      log,
      now: () => t.clock.now,
    });
    await Promise.all([sender().runOnce(), second.runOnce()]);
    otherTransport.close();
    await other.close();
    expect(recipientsOf(campaignMails())).toEqual(list.map((subscriber) => subscriber.email).sort());
  });

  it("takes over the recipients of a sender that died once its lease runs out", async () => {
    await subscribers(4);
    const campaign = await newCampaign({ concurrency: 1 });
    await act(campaign.id, "send");
    // A sender whose mail server stops answering after the first mail: its process is as good as gone.
    let sent = 0;
    const dying = sender(t, { send: (mail) => (sent++ === 0 ? transport.send(mail) : new Promise(() => {})), close() {} });
    void dying.runOnce();
    // The first mail's outcome is written once the mail server has taken it: a sender that dies between
    // the two leaves a mail that will be sent again (at least once), which is not this test's case.
    await expect.poll(() => t.database.db.$count(campaignRecipients, eq(campaignRecipients.status, "sent"))).toBe(1);
    expect(campaignMails()).toHaveLength(1);
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(1);
    t.clock.advance(CAMPAIGN_LEASE_MS + 1);
    await sender().runOnce();
    expect(new Set(recipientsOf(campaignMails())).size).toBe(4);
    expect(campaignMails()).toHaveLength(4);
  });

  it("while visitors are on the site, sends no statement to the database while one of their requests is being answered", async () => {
    await subscribers(6);
    const campaign = await newCampaign({ concurrency: 2 });
    await act(campaign.id, "send");
    // A visitor's request in flight for 10 ms of every 30.
    let answering = false;
    const visitors = setInterval(() => {
      answering = true;
      setTimeout(() => (answering = false), 10);
    }, 30);
    let statementsDuringRequests = 0;
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== "execute") return value;
        return (query: Parameters<typeof target.execute>[0]) => {
          if (answering) statementsDuringRequests++;
          return target.execute(query);
        };
      },
    });
    try {
      const polite = createCampaignSender({
        db,
        service: t.app.services.campaigns,
        audience: t.app.services.enquiries,
        transport,
        from: "HimalTech <news@himaltech.com.np>",
        messageIdDomain: "himaltech.test",
        log,
        now: () => t.clock.now,
        busy: () => answering,
        visitedWithin: () => true,
      });
      await polite.runOnce();
    } finally {
      clearInterval(visitors);
    }
    expect(campaignMails()).toHaveLength(6);
    expect(statementsDuringRequests).toBe(0);
  });

  it("keeps the recipients of a mail slower than the lease, so no other sender mails them too", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      await subscribers(3);
      const campaign = await newCampaign({ concurrency: 1 });
      await act(campaign.id, "send");
      // The mail server takes the first mail at once and keeps the second for longer than a lease.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let sent = 0;
      const slow = sender(t, { send: async (mail) => (sent++ === 1 ? released.then(() => transport.send(mail)) : transport.send(mail)), close() {} });
      const slowRun = slow.runOnce();
      await expect.poll(() => campaignMails().length).toBe(1);
      await expect.poll(() => sent).toBe(2);
      const leaseOf = async () => {
        const rows = await t.database.db
          .select({ lockedUntil: campaignRecipients.lockedUntil })
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, campaign.id));
        return Math.max(...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
      };
      const firstLease = await leaseOf();
      for (let third = 0; third < 4; third++) {
        t.clock.advance(CAMPAIGN_LEASE_MS / 3);
        const before = await leaseOf();
        vi.advanceTimersByTime(CAMPAIGN_LEASE_MS / 3);
        await expect.poll(leaseOf).toBeGreaterThan(before);
      }
      expect(t.clock.now.getTime()).toBeGreaterThan(firstLease);
      await sender().runOnce();
      expect(campaignMails()).toHaveLength(1);
      release();
      await slowRun;
      expect(recipientsOf(campaignMails())).toHaveLength(3);
      expect(new Set(recipientsOf(campaignMails())).size).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("measuring", () => {
  async function sentCampaign() {
    const [reader] = await subscribers(1);
    const campaign = await newCampaign();
    await act(campaign.id, "send");
    await sender().runOnce();
    return { campaign, reader: reader!, mail: campaignMails()[0]! };
  }
  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("counts an open and a click once per reader, and redirects only to the campaign's links", async () => {
    const { campaign, mail } = await sentCampaign();
    const pixel = String(mail.html).match(/src="([^"]+\/api\/newsletter\/open\/[^"]+)"/)![1]!;
    const opened = await get(pathOf(pixel));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("image/gif");
    await get(pathOf(pixel));
    expect(await stats(campaign.id)).toMatchObject({ unique_opens: 1, unique_clicks: 0 });

    const tracked = linksIn(mail).filter((link) => link.includes("/api/newsletter/click/"));
    expect(tracked).toHaveLength(2);
    const click = await get(pathOf(tracked[1]!));
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://example.org/paper");
    await get(pathOf(tracked[1]!));
    expect(await stats(campaign.id)).toMatchObject({ unique_opens: 1, unique_clicks: 1, top_links: [{ url: "https://example.org/paper", clicks: 1 }] });
    const window = { from: new Date(t.clock.now.getTime() - 60_000), to: new Date(t.clock.now.getTime() + 60_000) };
    expect(await t.app.services.campaigns.rates(window)).toEqual({ sent: 1, opened: 1, clicked: 1 });
  });

  it("refuses a tampered tracking link with 404 and counts nothing", async () => {
    const { campaign, mail } = await sentCampaign();
    const [click] = linksIn(mail).filter((link) => link.includes("/api/newsletter/click/"));
    const [, , , , id, subscriber, link, signature] = pathOf(click!).split("/");
    const tampered = [
      `/api/newsletter/click/${id}/${subscriber}/1/${signature}/`,
      `/api/newsletter/click/${id}/${Number(subscriber) + 1}/${link}/${signature}/`,
      `/api/newsletter/click/${id}/${subscriber}/${link}/${signature!.slice(0, -1)}A/`,
      `/api/newsletter/click/${id}/${subscriber}/${link}/x/`,
      `/api/newsletter/open/${id}/${subscriber}/${signature}/`,
      `/api/newsletter/click/${id}/${subscriber}/99999999999/${signature}/`,
    ];
    for (const url of tampered) expect((await get(url)).statusCode, url).toBe(404);
    expect(await stats(campaign.id)).toMatchObject({ unique_opens: 0, unique_clicks: 0 });
  });

  it("unsubscribes with the one-click POST, counts it against the campaign, and leaves the reader out of the next", async () => {
    const { campaign, reader, mail } = await sentCampaign();
    const header = headerOf(mail, "list-unsubscribe")!.match(/<([^>]+)>/)![1]!;
    const response = await t.app.inject({
      method: "POST",
      url: pathOf(header),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("You have been unsubscribed and will receive no more newsletter emails.");
    expect((await stats(campaign.id)).unsubscribes).toBe(1);
    expect((await t.app.services.enquiries.newsletterAudience()).map((subscriber) => subscriber.id)).not.toContain(reader.id);
  });
});
