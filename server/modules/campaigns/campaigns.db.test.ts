import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { Job } from "pg-boss";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CampaignDetail, CampaignStats } from "#contracts/campaigns.ts";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { testNewsletters } from "../../../tests/helpers/newsletters";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import { queryRows } from "../../db/client";
import { createMailTransport, type MailTransport } from "../../mail/transport";
import { newsletterSubscriptions } from "../enquiries/schema";
import type { NewsletterJob } from "./deliver";
import { NEWSLETTER_QUEUE } from "./jobs";
import { campaignRecipients, campaigns } from "./schema";

const log = pino({ level: "silent" });
let t: TestContext;
let sink: SmtpSink;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let transport: MailTransport;
let categoryId: number;
let startedAt: Date;

/** The newsletter queue of the test app, sending through `via`: as the site's worker runs it, one drain at a time. */
const sender = (via: MailTransport = transport) => testNewsletters(t, via);

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

  it("keeps to its speed: one mail due every 60/speed seconds, as the queue holds them back", async () => {
    await subscribers(5);
    const campaign = await newCampaign({ rate_per_minute: 120 });
    await act(campaign.id, "send");
    await t.app.services.campaigns.startDue();
    const due = await queryRows<{ start_after: Date | string }>(
      t.database.db,
      sql`select start_after from pgboss.job where name = ${NEWSLETTER_QUEUE.name} and (data->>'campaignId')::bigint = ${campaign.id} order by start_after`,
    );
    const times = due.map((job) => new Date(job.start_after).getTime());
    expect(times.slice(1).map((time, index) => time - times[index]!)).toEqual([500, 500, 500, 500]);
  });

  it("pauses and resumes from the screen: a paused campaign's jobs send nothing, and resuming sends to everyone left, once", async () => {
    await subscribers(4);
    const campaign = await newCampaign();
    await act(campaign.id, "send");
    await t.app.services.campaigns.startDue();
    expect((await act(campaign.id, "pause")).json().status).toBe("paused");
    expect((await act(campaign.id, "pause")).statusCode).toBe(409);
    await sender().runOnce();
    expect(campaignMails()).toHaveLength(0);
    expect(await stats(campaign.id)).toMatchObject({ status: "paused", queued: 4 });

    await act(campaign.id, "resume");
    await sender().runOnce();
    expect(new Set(recipientsOf(campaignMails())).size).toBe(4);
    expect(campaignMails()).toHaveLength(4);
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

  it("shares a campaign between two workers without mailing anyone twice, with no more connections at once than it allows", async () => {
    const list = await subscribers(60);
    const campaign = await newCampaign({ concurrency: 3 });
    await act(campaign.id, "send");
    let open = 0;
    let most = 0;
    const counting: MailTransport = {
      async send(mail) {
        most = Math.max(most, ++open);
        try {
          return await transport.send(mail);
        } finally {
          open--;
        }
      },
      close() {},
    };
    const newsletters = sender(counting);
    // Five workers at once, each taking the jobs no other holds.
    await Promise.all(Array.from({ length: 5 }, () => newsletters.runOnce()));
    expect(recipientsOf(campaignMails())).toEqual(list.map((subscriber) => subscriber.email).sort());
    expect(most).toBeLessThanOrEqual(3);
  });

  it("sends nothing twice when a recipient has two jobs, and only the job holding a recipient may finish it", async () => {
    const [first, second] = await subscribers(2);
    const campaign = await newCampaign();
    await act(campaign.id, "send");
    await t.app.services.campaigns.startDue();
    // A second job for each recipient, as a pause and a resume can leave behind.
    await t.app.jobs.add(
      t.database.db,
      NEWSLETTER_QUEUE.name,
      [first!, second!].map((reader) => ({ data: { campaignId: campaign.id, subscriptionId: reader.id } })),
    );
    // The job of a worker that stopped mid-send holds the first recipient, to be tried again under its own id.
    const stopped = "00000000-0000-4000-8000-000000000001";
    await t.database.db.update(campaignRecipients).set({ status: "sending", jobId: stopped }).where(eq(campaignRecipients.subscriptionId, first!.id));
    const newsletters = sender();
    await newsletters.runOnce();
    expect(recipientsOf(campaignMails())).toEqual([second!.email]);
    expect((await stats(campaign.id)).status).toBe("sending");

    await newsletters.deliver({ id: stopped, name: NEWSLETTER_QUEUE.name, data: { campaignId: campaign.id, subscriptionId: first!.id } } as Job<NewsletterJob>);
    expect(recipientsOf(campaignMails())).toEqual([first!.email, second!.email].sort());
    expect(await stats(campaign.id)).toMatchObject({ status: "sent", sent: 2 });
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
