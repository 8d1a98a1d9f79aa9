import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Database, type Executor } from "../../db/client";
import type { MailTransport } from "../../mail/transport";
import { prepareCampaign, type PreparedCampaign } from "./render";
import { campaigns } from "./schema";
import type { CampaignsService, NewsletterAudience } from "./service";

const BATCH_SIZE = 20;
/** A temporary refusal is tried again this many times, backing off as the outbox does, before the recipient counts as failed. */
const MAX_ATTEMPTS = 5;
/**
 * A claimed recipient is the claiming sender's for this long. A sender that died leaves its
 * recipients to be taken over after it; one still at work renews the lease every third of it.
 */
export const CAMPAIGN_LEASE_MS = 15_000;
const POLL_MS = 1000;
/** Visitors in the last second count as visitors now. */
const VISITOR_WINDOW_MS = 1000;
/**
 * How long, as a multiple of a step's time on the event loop, the sender rests after it while visitors are
 * on the site: sending then takes at most a twentieth of the loop. A visitor who arrives during a step
 * waits for it, so the share is about how many visitors wait: at a fifth, enough to lift their p99 by
 * half on the embedded database, where the steps are the database's own work (docs/performance.md,
 * 2026-11-27, 05:40).
 */
const VISITOR_SHARE = 19;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The longest a step waits for a moment with no request in flight. */
const YIELD_MS = 1000;
const QUIET_CHECK_MS = 10;

/** Back-off before attempt n+1: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);
}

/** Waits while requests are in flight, at most `YIELD_MS`: under a burst of traffic a step goes in its gaps. */
async function quietMoment(busy: (() => boolean) | undefined, stopped: () => boolean): Promise<void> {
  const until = performance.now() + YIELD_MS;
  while (busy?.() && !stopped() && performance.now() < until) await delay(QUIET_CHECK_MS);
}

interface Claimed {
  subscription_id: number;
  email: string;
  attempts: number;
}

type Campaign = typeof campaigns.$inferSelect;

/** How many mails the speed allows per window: a window short enough to keep the pace even, never under a second. */
export function paceOf(ratePerMinute: number): { windowMs: number; mails: number } {
  const windowMs = Math.max(1000, Math.ceil(60_000 / ratePerMinute));
  return { windowMs, mails: Math.max(1, Math.floor((ratePerMinute * windowMs) / 60_000)) };
}

/**
 * Sends the campaigns that are due (decision 043). Each recipient row is claimed with SKIP LOCKED,
 * so any number of instances share a campaign without mailing anyone twice; a claim is leased, so
 * the recipients of an instance that died are taken over once its lease runs out. A recipient is
 * marked sent the moment the SMTP server accepts their mail, under the lease its sender still holds.
 */
export function createCampaignSender(options: {
  db: Database;
  service: CampaignsService;
  audience: NewsletterAudience;
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Whether visitors are being answered; newsletters give way to them as the outbox does. */
  busy?: () => boolean;
  /** Whether visitors came in the last `ms` milliseconds: while they come, sending slows to leave them the machine. */
  visitedWithin?: (ms: number) => boolean;
  pollMs?: number;
}) {
  const { db, service, log } = options;
  const now = options.now ?? (() => new Date());
  const prepared = new Map<number, { body: string; campaign: PreparedCampaign }>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** The lanes' turns while visitors are on the site. */
  let turn: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const mine = turn.then(work);
    turn = mine.catch(() => undefined);
    return mine;
  };

  /** The campaign rendered once per instance (re-rendered only if its row were to change). */
  function preparedFor(campaign: Campaign): PreparedCampaign {
    const cached = prepared.get(campaign.id);
    if (cached?.body === campaign.body) return cached.campaign;
    const fresh = prepareCampaign(campaign);
    prepared.set(campaign.id, { body: campaign.body, campaign: fresh });
    return fresh;
  }

  /** Marks up to `allowance` recipients that are due as this sender's until `lease`, while the campaign is sending. */
  async function claimDue(executor: Executor, campaign: Campaign, allowance: number, lease: Date): Promise<Claimed[]> {
    const recipients = await queryRows<Claimed>(
      executor,
      sql`update campaign_recipients recipient
        set status = 'sending', locked_until = ${lease}, claimed_at = coalesce(recipient.claimed_at, ${now()})
        from (
          select subscription_id from campaign_recipients
          where campaign_id = ${campaign.id}
            and ((status = 'queued' and next_attempt_at <= ${now()}) or (status = 'sending' and locked_until < ${now()}))
            and exists (select from campaigns where id = ${campaign.id} and status = 'sending')
          order by next_attempt_at, subscription_id
          limit ${allowance}
          for update skip locked
        ) due
        where recipient.campaign_id = ${campaign.id} and recipient.subscription_id = due.subscription_id
        returning recipient.subscription_id, recipient.email, recipient.attempts`,
    );
    return recipients.map((recipient) => ({ ...recipient, subscription_id: Number(recipient.subscription_id) }));
  }

  /**
   * Takes the next recipients that are due: one statement, the shortest hold on the embedded database's
   * event loop. With a speed set, the campaign's row is locked while the window's claims are counted, so
   * lanes and instances together keep to it.
   */
  async function claim(campaign: Campaign): Promise<{ lease: Date; recipients: Claimed[] }> {
    const lease = new Date(now().getTime() + CAMPAIGN_LEASE_MS);
    const { ratePerMinute } = campaign;
    if (!ratePerMinute) return { lease, recipients: await claimDue(db, campaign, BATCH_SIZE, lease) };
    return db.transaction(async (tx) => {
      const [current] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id)).for("update");
      if (current?.status !== "sending") return { lease, recipients: [] };
      const pace = paceOf(ratePerMinute);
      const [counted] = await queryRows<{ claims: number }>(
        tx,
        sql`select count(*)::int as claims from campaign_recipients
          where campaign_id = ${campaign.id} and claimed_at > ${new Date(now().getTime() - pace.windowMs)}`,
      );
      const allowance = Math.min(BATCH_SIZE, pace.mails - (counted?.claims ?? 0));
      return { lease, recipients: allowance > 0 ? await claimDue(tx, campaign, allowance, lease) : [] };
    });
  }

  /** Writes a recipient's outcome, only while the lease this sender wrote is still theirs. */
  const settle = (campaignId: number, recipient: Claimed, lease: Date, change: ReturnType<typeof sql>) =>
    db.execute(sql`update campaign_recipients set ${change}, locked_until = null, attempts = ${recipient.attempts + 1}
      where campaign_id = ${campaignId} and subscription_id = ${recipient.subscription_id} and status = 'sending' and locked_until = ${lease}`);

  async function renew(campaignId: number, subscriptionIds: number[], lease: Date): Promise<Date> {
    const renewed = new Date(now().getTime() + CAMPAIGN_LEASE_MS);
    await db.execute(sql`update campaign_recipients set locked_until = ${renewed}
      where campaign_id = ${campaignId} and status = 'sending' and locked_until = ${lease}
        and subscription_id = any(${sql.param(subscriptionIds)}::bigint[])`);
    return renewed;
  }

  /**
   * Runs one step of the sender's work on the event loop (a claim, the subscriber check, building a mail,
   * writing its outcome) in turn with the other lanes' while visitors are on the site, at a moment with no
   * visitor's request in flight, then rests VISITOR_SHARE times as long. A step never lands between two
   * awaits of a visitor's request, so only a visitor who arrives during one waits, and only for what is
   * left of it; the sending leaves the event loop to visitors nineteen twentieths of the time. The wait on the
   * mail server is nobody's turn, so the lanes' mails overlap there.
   */
  const inTurn = <T>(work: () => Promise<T> | T): Promise<T> => {
    if (!options.visitedWithin?.(VISITOR_WINDOW_MS)) return Promise.resolve(work());
    return oneAtATime(async () => {
      await quietMoment(options.busy, () => stopped);
      const started = performance.now();
      const result = await work();
      await delay((performance.now() - started) * VISITOR_SHARE);
      return result;
    });
  };

  /**
   * A lane's claimed recipients while it works through them. Their lease is renewed every third of its
   * length for as long as the lane holds them, however long one mail keeps the mail server busy; a lane
   * that died renews nothing, so its recipients are taken over once the lease runs out. Renewals and
   * outcomes are written one after the other, so an outcome always goes under the lease its row holds.
   */
  function holdBatch(campaignId: number, recipients: Claimed[], firstLease: Date) {
    let lease = firstLease;
    const unsettled = new Set(recipients.map((recipient) => recipient.subscription_id));
    let writes: Promise<unknown> = Promise.resolve();
    const oneAfterAnother = <T>(write: () => Promise<T>): Promise<T> => {
      const mine = writes.then(write);
      writes = mine.catch(() => undefined);
      return mine;
    };
    const heartbeat = setInterval(() => {
      oneAfterAnother(() => inTurn(async () => void (lease = await renew(campaignId, [...unsettled], lease)))).catch((error: unknown) =>
        log.warn({ err: error, campaignId }, "newsletter lease not renewed; trying again shortly"),
      );
    }, CAMPAIGN_LEASE_MS / 3);
    heartbeat.unref();
    return {
      async settle(recipient: Claimed, change: ReturnType<typeof sql>): Promise<void> {
        await oneAfterAnother(() => inTurn(() => settle(campaignId, recipient, lease, change)));
        unsettled.delete(recipient.subscription_id);
      },
      release: () => clearInterval(heartbeat),
    };
  }

  /** What to write for a mail the SMTP server refused or could not take. */
  async function refusal(campaign: Campaign, recipient: Claimed, error: unknown): Promise<ReturnType<typeof sql>> {
    const { responseCode, command, message } = error as { responseCode?: number; command?: string; message?: string };
    const reason = (message ?? String(error)).slice(0, 1000);
    const permanent = (responseCode ?? 0) >= 500;
    const attempts = recipient.attempts + 1;
    if (permanent && command === "RCPT TO") await options.audience.markBounced(recipient.subscription_id, now());
    if (permanent || attempts >= MAX_ATTEMPTS) {
      log.warn({ campaignId: campaign.id, subscriptionId: recipient.subscription_id, err: reason }, "newsletter failed for good");
      return sql`status = 'failed', last_error = ${reason}`;
    }
    return sql`status = 'queued', last_error = ${reason}, next_attempt_at = ${new Date(now().getTime() + retryDelayMs(attempts))}`;
  }

  async function deliver(campaign: Campaign, recipient: Claimed, batch: ReturnType<typeof holdBatch>): Promise<void> {
    const mail = await inTurn(() => service.mailFor(campaign, preparedFor(campaign), { subscriptionId: recipient.subscription_id, email: recipient.email }));
    let outcome: ReturnType<typeof sql>;
    try {
      await options.transport.send({
        // The same for every try: a receiving server that got a copy before a crash can tell the next one is the same mail.
        messageId: `<campaign-${campaign.id}-${recipient.subscription_id}@${options.messageIdDomain}>`,
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      outcome = sql`status = 'sent', sent_at = ${now()}, last_error = null`;
    } catch (error) {
      outcome = await refusal(campaign, recipient, error);
    }
    await batch.settle(recipient, outcome);
  }

  /** One connection's worth of sending: claims a batch, sends it, and again, until nothing is due, the campaign pauses or the sender stops. */
  async function lane(campaign: Campaign): Promise<void> {
    while (!stopped) {
      const { recipients, lease } = await inTurn(() => claim(campaign));
      if (recipients.length === 0) return;
      const batch = holdBatch(campaign.id, recipients, lease);
      try {
        // Whoever unsubscribed or bounced since sending began gets nothing more.
        const subscribed = await inTurn(() => options.audience.stillSubscribed(recipients.map((recipient) => recipient.subscription_id)));
        for (const recipient of recipients) {
          if (subscribed.has(recipient.subscription_id)) await deliver(campaign, recipient, batch);
          else await batch.settle(recipient, sql`status = 'skipped'`);
        }
      } finally {
        batch.release();
      }
    }
  }

  async function runOnce(): Promise<void> {
    const started = await service.startDue();
    for (const id of started) log.info({ campaignId: id }, "newsletter sending began");
    const sending = await db.select().from(campaigns).where(eq(campaigns.status, "sending"));
    for (const campaign of sending) {
      await Promise.all(Array.from({ length: campaign.concurrency }, () => lane(campaign)));
      if (await service.finishIfDone(campaign.id)) {
        prepared.delete(campaign.id);
        log.info({ campaignId: campaign.id }, "newsletter sent");
      }
    }
  }

  function tick() {
    running = runOnce()
      .catch((error: unknown) => log.error({ err: error }, "newsletter sending failed; trying again shortly"))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? POLL_MS);
      });
  }

  return {
    /** Starts what is due and sends until nothing more can go now; for tests. */
    async runOnce() {
      stopped = false;
      try {
        await runOnce();
      } finally {
        stopped = true;
      }
    },
    start() {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
