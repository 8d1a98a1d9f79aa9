import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import {
  budgetLabels,
  helpTypeLabels,
  timelineLabels,
  userTypeLabels,
  type ContactSchema,
  type DiscussProjectSchema,
  type GetStartedSchema,
  type NewsletterLinkState,
  type NewsletterResponse,
  type NewsletterSchema,
  type SupportSchema,
  type TalkToExpertSchema,
  type UserType,
} from "#contracts/enquiries.ts";
import { RESPONSE_DUE_HOURS } from "#contracts/enquiry-inbox.ts";
import { site } from "#app/content/site.ts";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { createWriteBatcher, holdsValues, insertAsArrays } from "../../db/write-batcher";
import { currentRequestId } from "../../http/request-ids";
import type { MailOutbox, MailMessage } from "../../mail/outbox";
import type { ConversationLinks } from "./conversation-links";
import { enquiries, newsletterSubscriptions, type EnquiryType } from "./schema";

/** Who sent a request, as far as the server can tell. */
export interface Sender {
  ip: string;
  userAgent: string;
  /** The Referer header: the page whose form was sent, by its script or posted to its action (decision 029). */
  referer?: string;
}

/** The site pages that carry each form; /contact and /cta both send request_type CTA. */
const FORM_PAGES: Record<EnquiryType, readonly string[]> = {
  CTA: ["/contact", "/cta"],
  GET_STARTED: ["/getStarted"],
  TALK_TO_EXPERT: ["/talktoexpert"],
  DISCUSS_PROJECT: ["/discussProject"],
  SUPPORT: ["/support"],
  EMAIL: [],
  ASSISTANT: ["/contact", "/cta"],
};

/** The form's page from the Referer, when it is one of the pages that carry that form; anything else is not kept (decision 037). */
export function sourcePageOf(type: EnquiryType, referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const path = new URL(referer).pathname.replace(/\/+$/, "");
    return FORM_PAGES[type].includes(path) ? path : null;
  } catch {
    return null;
  }
}

export type ContactInput = z.output<typeof ContactSchema>;
export type GetStartedInput = z.output<typeof GetStartedSchema>;
export type TalkToExpertInput = z.output<typeof TalkToExpertSchema>;
export type DiscussProjectInput = z.output<typeof DiscussProjectSchema>;
export type NewsletterInput = z.output<typeof NewsletterSchema>;
export type SupportInput = z.output<typeof SupportSchema>;

/** A mail to the reply address that belonged to no conversation: it starts one. */
export interface MailEnquiryInput {
  name: string | null;
  email: string;
  subject: string;
  message: string;
}

type Enquiry = typeof enquiries.$inferSelect;
type EnquiryColumns = Pick<
  typeof enquiries.$inferInsert,
  "name" | "email" | "company" | "message" | "userType" | "helpType" | "budget" | "timeline" | "subject"
>;

const RESPONSE_DUE_MS = RESPONSE_DUE_HOURS * 60 * 60_000;

export const CONFIRMATION_VALID_MS = 24 * 60 * 60 * 1000;
/** A second subscription within this time sends no second confirmation mail, so the form cannot be used to flood an inbox. */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

/** How each form's enquiry is stored, answered and announced. */
interface EnquiryKind {
  type: EnquiryType;
  /** Shown to the sender on the page. */
  thanks: string;
  /** What the acknowledgement mail says was received; none for a mail, which is not answered by a machine. */
  received?: string;
  inbox: string;
  subject(enquiry: Enquiry): string;
  /** The labelled facts at the top of the inbox mail. */
  facts(enquiry: Enquiry): [label: string, value: string | null][];
  /** The stored enquiry in the payload's own field names. */
  fields(enquiry: Enquiry): Record<string, unknown>;
}

const contactFacts = (enquiry: Enquiry): [string, string | null][] => [
  ["Name", enquiry.name],
  ["Email", enquiry.email],
  ["Company", enquiry.company],
];

const kinds = {
  CTA: {
    type: "CTA",
    thanks: "Thank you for your message! We’ll get back to you within 24 hours.",
    received: "your message",
    inbox: site.contact.email,
    subject: (enquiry) => `Contact message from ${enquiry.name}`,
    facts: contactFacts,
    fields: (enquiry) => ({ name: enquiry.name, email: enquiry.email, message: enquiry.message }),
  },
  GET_STARTED: {
    type: "GET_STARTED",
    thanks: "Thanks for reaching out! Our team will get back to you within 24 hours.",
    received: "your request for help getting started",
    inbox: site.contact.email,
    subject: (enquiry) => `Get started: ${userTypeLabels[enquiry.userType!.toLowerCase() as UserType]} (${enquiry.email})`,
    facts: (enquiry) => [
      ["Email", enquiry.email],
      ["I am a", userTypeLabels[enquiry.userType!.toLowerCase() as UserType]],
    ],
    fields: (enquiry) => ({ email: enquiry.email, user_type: enquiry.userType, message: enquiry.message }),
  },
  TALK_TO_EXPERT: {
    type: "TALK_TO_EXPERT",
    thanks: "Thank you! One of our experts will contact you within 24 hours.",
    received: "your request to talk to an expert",
    inbox: site.contact.email,
    subject: (enquiry) => `Expert request (${helpTypeLabels[enquiry.helpType as keyof typeof helpTypeLabels]}) from ${enquiry.name}`,
    facts: (enquiry) => [...contactFacts(enquiry), ["Help with", helpTypeLabels[enquiry.helpType as keyof typeof helpTypeLabels]]],
    fields: (enquiry) => ({ name: enquiry.name, email: enquiry.email, company: enquiry.company, helpType: enquiry.helpType, message: enquiry.message }),
  },
  DISCUSS_PROJECT: {
    type: "DISCUSS_PROJECT",
    thanks: "Thank you for telling us about your project! We’ll get back to you within 24 hours.",
    received: "the details of your project",
    inbox: site.contact.projectsEmail,
    subject: (enquiry) => `Project enquiry from ${enquiry.name}${enquiry.company ? ` (${enquiry.company})` : ""}`,
    facts: (enquiry) => [
      ...contactFacts(enquiry),
      ["Budget", budgetLabels[enquiry.budget as keyof typeof budgetLabels]],
      ["Timeline", timelineLabels[enquiry.timeline as keyof typeof timelineLabels]],
    ],
    fields: (enquiry) => ({
      name: enquiry.name,
      email: enquiry.email,
      company: enquiry.company,
      budget: enquiry.budget,
      timeline: enquiry.timeline,
      details: enquiry.message,
    }),
  },
  SUPPORT: {
    type: "SUPPORT",
    thanks: "Thank you for contacting support! We’ll get back to you within 24 hours.",
    received: "your support request",
    inbox: site.contact.email,
    subject: (enquiry) => `Support request: ${enquiry.subject}`,
    facts: (enquiry) => [
      ["Email", enquiry.email],
      ["Subject", enquiry.subject],
    ],
    fields: (enquiry) => ({ email: enquiry.email, subject: enquiry.subject, message: enquiry.message }),
  },
  EMAIL: {
    type: "EMAIL",
    thanks: "Received.",
    inbox: site.contact.email,
    subject: (enquiry) => `Mail from ${enquiry.name || enquiry.email}: ${enquiry.subject}`,
    facts: (enquiry) => [
      ["From", enquiry.name ? `${enquiry.name} <${enquiry.email}>` : enquiry.email],
      ["Subject", enquiry.subject],
    ],
    fields: (enquiry) => ({ name: enquiry.name, email: enquiry.email, subject: enquiry.subject, message: enquiry.message }),
  },
  ASSISTANT: {
    type: "ASSISTANT",
    thanks: "Thank you! A member of our team will reply by email within 24 hours.",
    received: "your conversation with our assistant",
    inbox: site.contact.email,
    subject: (enquiry) => `Assistant handoff from ${enquiry.name}`,
    facts: contactFacts,
    fields: (enquiry) => ({ name: enquiry.name, email: enquiry.email, transcript: enquiry.message }),
  },
} satisfies Record<EnquiryType, EnquiryKind>;

/** Every mail of a conversation keeps the acknowledgement's subject, so mail programs show one thread. */
export const acknowledgementSubject = `We received your enquiry – ${site.name}`;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

export function createEnquiriesService(deps: {
  db: Database;
  outbox: MailOutbox;
  secretKey: string;
  publicUrl: string;
  links: ConversationLinks;
  now: () => Date;
  /** Told of every unsubscribe, so the newsletter it followed can count it. */
  onUnsubscribed?: (subscriptionId: number, at: Date) => Promise<void>;
}) {
  const { db, now } = deps;
  const hmac = (purpose: string, value: string) => createHmac("sha256", deps.secretKey).update(`${purpose}|${value}`).digest("base64url");
  const ipHash = (ip: string) => hmac("enquiry-ip", ip);
  const senderColumns = (sender: Sender) => ({ ipHash: ipHash(sender.ip), userAgent: sender.userAgent.slice(0, 512) });

  /**
   * Enquiries sent at the same moment are stored together (group commit): a burst of form posts
   * shares its commits instead of queueing one transaction each. Each is answered once its
   * transaction has committed, with the row stored from its own values: the rows an insert returns
   * come in no promised order, so each is matched to the enquiry whose values it holds.
   */
  /** Each enquiry's request, so that its mails name the request that sent it, not the one whose turn wrote the batch. */
  const requestOf = new WeakMap<object, string | undefined>();
  const store = createWriteBatcher({
    db,
    // The search document is the database's to set (a trigger, migration 0011).
    async write(tx, items: Omit<Enquiry, "id" | "search">[]) {
      const rows = await insertAsArrays(tx, enquiries, items);
      await deps.outbox.enqueueMany(
        tx,
        rows.flatMap((enquiry) => {
          const kind = kinds[enquiry.type];
          const item = items.find((values) => holdsValues(enquiry, values));
          const requestId = item ? requestOf.get(item) : undefined;
          return [inboxMail(kind, enquiry), acknowledgement(kind, enquiry)]
            .filter((message) => message !== undefined)
            .map((message) => ({ message: { ...message, requestId }, at: enquiry.createdAt }));
        }),
      );
      return rows;
    },
    belongsTo: holdsValues,
  });

  async function record(kind: EnquiryKind, columns: EnquiryColumns, sender: Sender) {
    const at = now();
    const values = {
      type: kind.type,
      name: null,
      company: null,
      userType: null,
      helpType: null,
      budget: null,
      timeline: null,
      subject: null,
      ...columns,
      sourcePage: sourcePageOf(kind.type, sender.referer),
      ...senderColumns(sender),
      createdAt: at,
      status: "new",
      assigneeId: null,
      firstResponseAt: null,
      confirmedAt: null,
      dueAt: new Date(at.getTime() + RESPONSE_DUE_MS),
      lastMessageAt: at,
    } satisfies Omit<Enquiry, "id" | "search">;
    requestOf.set(values, currentRequestId());
    const enquiry = await store(values);
    // The form's own `message` field is stored, but the answer's `message` is what the person reads.
    return {
      id: enquiry.id,
      request_type: enquiry.type,
      ...kind.fields(enquiry),
      created_at: enquiry.createdAt.toISOString(),
      message: kind.thanks,
    };
  }

  /** Staff answer in the admin, where the reply is kept with the thread, so the mail links there rather than to the sender. */
  function inboxMail(kind: EnquiryKind, enquiry: Enquiry): MailMessage {
    const facts = kind
      .facts(enquiry)
      .filter(([, value]) => value)
      .map(([label, value]) => `${label}: ${value}`);
    const arrived = kind.type === "EMAIL" ? "Received by mail" : `Sent from the ${site.name} website`;
    return {
      to: kind.inbox,
      subject: kind.subject(enquiry),
      text:
        `${facts.join("\n")}\n\n${enquiry.message}\n\n— ${arrived} on ${enquiry.createdAt.toISOString()}. ` +
        `Answer it in the admin, where the conversation is kept:\n${deps.publicUrl}/admin/enquiries/${enquiry.id}\n`,
    };
  }

  /**
   * Short on purpose: it repeats nothing the sender typed, so the form cannot relay someone else's text.
   * It starts the conversation's mail thread: staff replies answer its Message-ID, and the visitor's
   * answer reaches the thread through its reply address or its link.
   */
  function acknowledgement(kind: EnquiryKind, enquiry: Enquiry): MailMessage | undefined {
    if (!kind.received) return undefined;
    const replyTo = deps.links.replyAddressOf(enquiry.id);
    return {
      to: enquiry.email,
      recipientTypedByVisitor: true,
      subject: acknowledgementSubject,
      messageId: deps.links.messageIdOf(enquiry.id),
      replyTo,
      text:
        `Hello,\n\nThank you for contacting ${site.name}. We have received ${kind.received} and will reply within 24 hours.\n\n` +
        `${replyTo ? "Reply to this email, or follow" : "Follow"} this private link to see the conversation and add to it:\n${deps.links.pageOf(enquiry.id)}\n\n` +
        `If you did not write to us, you can ignore this email; we will not write again unless you reply.\n\n` +
        `${site.name}\n${site.contact.email} · ${site.contact.phone}\n`,
    };
  }

  // Newsletter: double opt-in, one row per address.

  const unsubscribeToken = (subscriptionId: number) => `${subscriptionId}.${hmac("newsletter-unsubscribe", String(subscriptionId)).slice(0, 32)}`;

  function subscriptionIdOf(token: string): number | undefined {
    const [id, signature] = token.split(".");
    if (!id || !signature || !/^\d{1,15}$/.test(id)) return undefined;
    const expected = Buffer.from(unsubscribeToken(Number(id)));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? Number(id) : undefined;
  }

  /** A subscriber's unsubscribe page, and the address mail clients POST to for one-click unsubscribing (RFC 8058). */
  function unsubscribeLinks(subscriptionId: number) {
    const token = unsubscribeToken(subscriptionId);
    return { page: `${deps.publicUrl}/newsletter/unsubscribe/${token}`, oneClick: `${deps.publicUrl}/api/newsletter/unsubscribe/${token}/` };
  }

  const oneClickHeaders = (oneClick: string) => ({ "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

  /** Every newsletter mail carries a visible unsubscribe link and the one-click headers mail clients offer. */
  function newsletterMail(subscriptionId: number, to: string, subject: string, body: string): MailMessage {
    const links = unsubscribeLinks(subscriptionId);
    return {
      to,
      subject,
      text: `${body}\n\n—\nYou receive this because this address was entered in the newsletter form on ${site.url.replace(/^https?:\/\//, "")}.\nUnsubscribe: ${links.page}\n`,
      headers: oneClickHeaders(links.oneClick),
    };
  }

  async function sendConfirmation(tx: Executor, subscriptionId: number, email: string, sentAt: Date) {
    const token = randomBytes(32).toString("base64url");
    await tx
      .update(newsletterSubscriptions)
      .set({ status: "pending", confirmTokenHash: sha256(token), confirmExpiresAt: new Date(sentAt.getTime() + CONFIRMATION_VALID_MS), confirmSentAt: sentAt })
      .where(eq(newsletterSubscriptions.id, subscriptionId));
    await deps.outbox.enqueue(
      tx,
      {
        ...newsletterMail(
          subscriptionId,
          email,
          `Confirm your subscription to the ${site.name} newsletter`,
          `Hello,\n\nPlease confirm that you want the ${site.name} newsletter at this address:\n\n${deps.publicUrl}/newsletter/confirm/${token}\n\n` +
            `The link is valid for 24 hours. If you did not ask for the newsletter, ignore this email and nothing more will be sent.`,
        ),
        recipientTypedByVisitor: true,
      },
      sentAt,
    );
  }

  const invalidConfirmation = () => new HttpError(400, "This confirmation link is invalid or has expired. Please subscribe again.", undefined, "invalid_token");

  return {
    submitContact: (input: ContactInput, sender: Sender) => record(kinds.CTA, { name: input.name, email: input.email, message: input.message }, sender),

    submitGetStarted: (input: GetStartedInput, sender: Sender) =>
      record(kinds.GET_STARTED, { email: input.email, userType: input.user_type, message: input.message }, sender),

    submitTalkToExpert: (input: TalkToExpertInput, sender: Sender) =>
      record(
        kinds.TALK_TO_EXPERT,
        { name: input.name, email: input.email, company: input.company ?? null, helpType: input.helpType, message: input.message },
        sender,
      ),

    submitSupport: (input: SupportInput, sender: Sender) =>
      record(kinds.SUPPORT, { email: input.email, subject: input.subject, message: input.message }, sender),

    /** A mail that belonged to no conversation becomes an enquiry of its own; it is not acknowledged by a machine. */
    receiveMail: (input: MailEnquiryInput, sender: Sender) =>
      record(kinds.EMAIL, { name: input.name, email: input.email, subject: input.subject, message: input.message }, sender),

    /** A visitor asked the assistant for a person: the conversation's transcript is the enquiry's message. */
    submitAssistantHandoff: (input: { name: string; email: string; transcript: string }, sender: Sender) =>
      record(kinds.ASSISTANT, { name: input.name, email: input.email, message: input.transcript }, sender),

    submitDiscussProject: (input: DiscussProjectInput, sender: Sender) =>
      record(
        kinds.DISCUSS_PROJECT,
        { name: input.name, email: input.email, company: input.company ?? null, budget: input.budget, timeline: input.timeline, message: input.details },
        sender,
      ),

    /**
     * Records the wish and mails a confirmation link; the address receives newsletters only once the
     * link is used. The answer is the same whatever the address's state, so it reveals no subscriber.
     */
    async subscribe(input: NewsletterInput, sender: Sender): Promise<NewsletterResponse> {
      const email = input.email.toLowerCase();
      const at = now();
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(newsletterSubscriptions)
          .values({ email, status: "pending", ...senderColumns(sender), createdAt: at })
          .onConflictDoNothing({ target: newsletterSubscriptions.email })
          .returning({ id: newsletterSubscriptions.id });
        if (created) return sendConfirmation(tx, created.id, email, at);

        const [existing] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).for("update");
        if (!existing || existing.status === "confirmed") return;
        const recentlySent =
          existing.status === "pending" && existing.confirmSentAt && at.getTime() - existing.confirmSentAt.getTime() < CONFIRMATION_RESEND_MS;
        if (!recentlySent) await sendConfirmation(tx, existing.id, email, at);
      });
      return { message: "Thank you for subscribing! Please check your inbox and confirm your subscription.", email, request_type: "NEWSLETTER" };
    },

    /** What a confirmation link's page should offer, without changing anything (mail scanners open links too). */
    async confirmationLinkState(token: string): Promise<NewsletterLinkState> {
      const [row] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.confirmTokenHash, sha256(token)));
      if (!row) return "invalid";
      if (row.status === "pending" && row.confirmExpiresAt && row.confirmExpiresAt <= now()) return "expired";
      return row.status;
    },

    async confirm(token: string): Promise<{ message: string; email: string }> {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.confirmTokenHash, sha256(token)))
          .for("update");
        if (!row || row.status === "unsubscribed") throw invalidConfirmation();
        if (row.status === "confirmed") return { message: "Your subscription is already confirmed.", email: row.email };
        if (!row.confirmExpiresAt || row.confirmExpiresAt <= at) throw invalidConfirmation();
        await tx
          .update(newsletterSubscriptions)
          .set({ status: "confirmed", confirmedAt: at, unsubscribedAt: null })
          .where(eq(newsletterSubscriptions.id, row.id));
        await deps.outbox.enqueue(
          tx,
          newsletterMail(
            row.id,
            row.email,
            `Welcome to the ${site.name} newsletter`,
            `Hello,\n\nYour subscription is confirmed. Once a month you will get practical notes on AI, data, security and cloud from our engineers.`,
          ),
          at,
        );
        return { message: "Your subscription is confirmed. Welcome aboard!", email: row.email };
      });
    },

    /** Whether an address receives the newsletter now. */
    async isSubscribed(email: string): Promise<boolean> {
      const [row] = await db
        .select({ status: newsletterSubscriptions.status })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email.toLowerCase()));
      return row?.status === "confirmed";
    },

    /**
     * The account page's switch. A signed-in account's address is verified already, so subscribing it
     * needs no confirmation link; switching off is an unsubscribe, counted against the last newsletter.
     */
    async setSubscribed(email: string, subscribed: boolean, sender: Sender): Promise<void> {
      const address = email.toLowerCase();
      const at = now();
      if (subscribed) {
        await db
          .insert(newsletterSubscriptions)
          .values({ email: address, status: "confirmed", confirmedAt: at, ...senderColumns(sender), createdAt: at })
          .onConflictDoUpdate({
            target: newsletterSubscriptions.email,
            set: { status: "confirmed", confirmedAt: at, unsubscribedAt: null, bouncedAt: null, confirmTokenHash: null, confirmExpiresAt: null },
          });
        return;
      }
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: "unsubscribed", unsubscribedAt: at, confirmTokenHash: null, confirmExpiresAt: null })
        .where(and(eq(newsletterSubscriptions.email, address), ne(newsletterSubscriptions.status, "unsubscribed")))
        .returning({ id: newsletterSubscriptions.id });
      if (row) await deps.onUnsubscribed?.(row.id, at);
    },

    /** Works without an account: the signed link is the proof. Unsubscribing twice is not an error. */
    async unsubscribe(token: string): Promise<{ message: string; email: string }> {
      const id = subscriptionIdOf(token);
      const invalid = new HttpError(400, "This unsubscribe link is invalid.", undefined, "invalid_token");
      if (id === undefined) throw invalid;
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: "unsubscribed", unsubscribedAt: now(), confirmTokenHash: null, confirmExpiresAt: null })
        .where(eq(newsletterSubscriptions.id, id))
        .returning({ email: newsletterSubscriptions.email, unsubscribedAt: newsletterSubscriptions.unsubscribedAt });
      if (!row) throw invalid;
      await deps.onUnsubscribed?.(id, row.unsubscribedAt!);
      return { message: "You have been unsubscribed and will receive no more newsletter emails.", email: row.email };
    },

    /** Who a newsletter goes to now: every confirmed subscriber whose address has not bounced. */
    async newsletterAudience(): Promise<{ id: number; email: string }[]> {
      return db
        .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })
        .from(newsletterSubscriptions)
        .where(and(eq(newsletterSubscriptions.status, "confirmed"), isNull(newsletterSubscriptions.bouncedAt)))
        .orderBy(newsletterSubscriptions.id);
    },

    /** Which of these subscribers may still be sent a newsletter: one who unsubscribed or bounced since is not. */
    async stillSubscribed(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: newsletterSubscriptions.id })
        .from(newsletterSubscriptions)
        .where(and(inArray(newsletterSubscriptions.id, ids), eq(newsletterSubscriptions.status, "confirmed"), isNull(newsletterSubscriptions.bouncedAt)));
      return new Set(rows.map((row) => row.id));
    },

    /** The mail server refused this address for good. */
    async markBounced(subscriptionId: number, at: Date): Promise<void> {
      await db.update(newsletterSubscriptions).set({ bouncedAt: at }).where(eq(newsletterSubscriptions.id, subscriptionId));
    },

    /** The unsubscribe page and one-click headers a newsletter to this subscriber carries. */
    unsubscribeLinksOf(subscriptionId: number) {
      const links = unsubscribeLinks(subscriptionId);
      return { page: links.page, headers: oneClickHeaders(links.oneClick) };
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
