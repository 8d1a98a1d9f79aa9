import { and, asc, eq, sql } from "drizzle-orm";
import { RESPONSE_DUE_HOURS } from "#contracts/enquiry-inbox.ts";
import type { VisitorConversation } from "#contracts/enquiries.ts";
import type { ConversationMessage } from "#contracts/admin-business.ts";
import { site } from "#app/content/site.ts";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import type { AuditActor } from "../audit/service";
import type { ConversationLinks } from "./conversation-links";
import { enquiries, enquiryMessages } from "./schema";
import { acknowledgementSubject, type EnquiriesService, type Sender } from "./service";

const RESPONSE_DUE_MS = RESPONSE_DUE_HOURS * 60 * 60_000;
/** References name the thread's start and its latest mails; a long thread need not carry them all. */
const MAX_REFERENCES = 10;

/** A mail received for the site, as the inbound listener parsed it. */
export interface InboundMail {
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  from: { address: string; name?: string };
  subject: string;
  /** The plain-text body, quoted history included; only the new part is kept. */
  text: string;
  messageId?: string;
  inReplyTo?: string;
  references: string[];
}

/** How much of a message the account page shows to tell one conversation from another. */
export const EXCERPT_WORDS = 12;
export const EXCERPT_MAX_CHARS = 90;

/**
 * The first words of a message, on one line: at most EXCERPT_WORDS words and EXCERPT_MAX_CHARS characters
 * (a longer first word is cut), with "…" when the message goes on.
 */
export function firstWords(message: string): string {
  const words = message.trim().split(/\s+/).filter(Boolean);
  let excerpt = "";
  for (const word of words.slice(0, EXCERPT_WORDS)) {
    const longer = excerpt ? `${excerpt} ${word}` : word;
    if (longer.length > EXCERPT_MAX_CHARS) {
      // A first word longer than the whole excerpt is cut, by characters, never inside one.
      if (!excerpt) excerpt = Array.from(word).slice(0, EXCERPT_MAX_CHARS).join("");
      return `${excerpt}…`;
    }
    excerpt = longer;
  }
  return words.length > EXCERPT_WORDS ? `${excerpt}…` : excerpt;
}

const NOT_FOUND = "This conversation link is not valid.";
const notFound = () => new HttpError(404, NOT_FOUND, undefined, "not_found");

/**
 * The new part of a mail reply: what comes before the quoted history mail programs add below it
 * ("On … wrote:", "-----Original Message-----", "From: …" after a rule, or lines quoted with ">").
 */
export function newPartOf(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const end = lines.findIndex(
    (line, index) =>
      /^On .{3,200} wrote:\s*$/.test(line) ||
      /^-{2,}\s*Original Message\s*-{2,}/i.test(line) ||
      (/^_{5,}\s*$/.test(line) && /^From:/i.test(lines[index + 1] ?? "")) ||
      (line.startsWith(">") && lines.slice(index).every((rest) => rest.startsWith(">") || rest.trim() === "")),
  );
  const kept = (end < 0 ? lines : lines.slice(0, end)).join("\n").trim();
  return kept || text.trim();
}

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/**
 * A conversation after the enquiry that starts it: staff replies sent by mail with thread headers, the
 * visitor's answers from their private page or by mail, and notes only staff see (decision 038).
 */
export function createConversationsService(deps: {
  db: Database;
  outbox: MailOutbox;
  links: ConversationLinks;
  enquiries: EnquiriesService;
  publicUrl: string;
  now: () => Date;
  /** Where to tell staff that a visitor answered: the owner's address, or the company inbox. */
  staffAddress: (adminId: number | null) => Promise<string>;
}) {
  const { db, links, now } = deps;

  async function lockEnquiry(tx: Executor, id: number) {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
    return enquiry;
  }

  async function threadOf(executor: Executor, id: number) {
    return executor.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, id)).orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
  }

  async function addMessage(tx: Executor, values: Omit<typeof enquiryMessages.$inferInsert, "id">) {
    // A trigger adds the message to its conversation's search document (migration 0011).
    const [message] = await tx.insert(enquiryMessages).values(values).returning();
    return message!;
  }

  /**
   * A visitor's answer: kept, the conversation open again and an answer due, and `staff` (its owner's
   * address, or the inbox: looked up before the transaction, which holds the embedded database) told.
   */
  async function answerAsVisitor(
    tx: Executor,
    enquiry: typeof enquiries.$inferSelect,
    body: string,
    staff: string,
    channel: "web" | "mail",
    mail?: { from: string; messageId?: string },
  ) {
    const at = now();
    // A conversation marked spam keeps what arrives, and stays spam: nobody is told, nothing is due.
    const spam = enquiry.status === "spam";
    await addMessage(tx, {
      enquiryId: enquiry.id,
      kind: "visitor",
      channel,
      authorId: null,
      authorName: mail?.from ?? enquiry.name ?? enquiry.email,
      body,
      mailMessageId: mail?.messageId ?? null,
      createdAt: at,
    });
    // An answer already owed keeps its earlier due time: the first unanswered message sets the clock.
    await tx
      .update(enquiries)
      .set(spam ? { lastMessageAt: at } : { status: "open", lastMessageAt: at, dueAt: enquiry.dueAt ?? new Date(at.getTime() + RESPONSE_DUE_MS) })
      .where(eq(enquiries.id, enquiry.id));
    if (spam) return;
    await deps.outbox.enqueue(
      tx,
      {
        to: staff,
        subject: `New reply from ${enquiry.name || enquiry.email} (enquiry #${enquiry.id})`,
        text: `${enquiry.name || enquiry.email} answered ${channel === "mail" ? "by mail" : "on their conversation page"}:\n\n${body}\n\nAnswer it in the admin:\n${deps.publicUrl}/admin/enquiries/${enquiry.id}\n`,
      },
      at,
    );
  }

  function visitorView(enquiry: typeof enquiries.$inferSelect, messages: (typeof enquiryMessages.$inferSelect)[]): VisitorConversation {
    const shared = {
      id: enquiry.id,
      status: enquiry.status === "closed" ? ("closed" as const) : ("open" as const),
      created_at: enquiry.createdAt.toISOString(),
    };
    if (!enquiry.confirmedAt) return { ...shared, subject: `Your enquiry to ${site.name}`, confirmed: false, messages: [] };
    return {
      ...shared,
      subject: enquiry.subject ?? `Your enquiry to ${site.name}`,
      confirmed: true,
      messages: [
        { from: "visitor" as const, author: enquiry.name || enquiry.email, body: enquiry.message, created_at: enquiry.createdAt.toISOString() },
        ...messages
          .filter((message) => message.kind !== "note")
          .map((message) => ({
            from: message.kind === "reply" ? ("staff" as const) : ("visitor" as const),
            author: message.kind === "reply" ? site.name : message.authorName,
            body: message.body,
            created_at: message.createdAt.toISOString(),
          })),
      ],
    };
  }

  /** The conversation's link used on purpose: by its address's owner, since it went nowhere else. */
  async function confirm(tx: Executor, enquiry: typeof enquiries.$inferSelect) {
    if (enquiry.confirmedAt) return enquiry;
    const [confirmed] = await tx.update(enquiries).set({ confirmedAt: now() }).where(eq(enquiries.id, enquiry.id)).returning();
    return confirmed!;
  }

  /** The conversation a link names; spam is shown to nobody, and a wrong or deleted one answers the same 404. */
  async function visibleEnquiry(executor: Executor, token: string, lock = false) {
    const id = links.idOf(token);
    if (id === undefined) throw notFound();
    const query = executor.select().from(enquiries).where(eq(enquiries.id, id));
    const [enquiry] = lock ? await query.for("update") : await query;
    if (!enquiry || enquiry.status === "spam") throw notFound();
    return enquiry;
  }

  return {
    links,

    /** What the visitor's private page shows: their messages and staff replies, never notes; before it is confirmed, none. */
    async visitorConversation(token: string): Promise<VisitorConversation> {
      const enquiry = await visibleEnquiry(db, token);
      return visitorView(enquiry, await threadOf(db, enquiry.id));
    },

    /** The page asked, by a press of its button (a mail scanner opening the link presses none), to show the conversation. */
    async confirmVisitorConversation(token: string): Promise<VisitorConversation> {
      return db.transaction(async (tx) => {
        const enquiry = await confirm(tx, await visibleEnquiry(tx, token, true));
        return visitorView(enquiry, await threadOf(tx, enquiry.id));
      });
    },

    /** An answer from the visitor's page. */
    async replyAsVisitor(token: string, body: string): Promise<VisitorConversation> {
      const staff = await deps.staffAddress((await visibleEnquiry(db, token)).assigneeId);
      return db.transaction(async (tx) => {
        const enquiry = await confirm(tx, await visibleEnquiry(tx, token, true));
        await answerAsVisitor(tx, enquiry, body, staff, "web");
        return visitorView((await lockEnquiry(tx, enquiry.id))!, await threadOf(tx, enquiry.id));
      });
    },

    /**
     * A mail to the site: added to the conversation its reply address or thread headers name, else a
     * new enquiry. Never an error for the sender: whatever arrives is kept.
     */
    async receiveMail(mail: InboundMail, sender: Sender): Promise<{ enquiryId: number; matched: boolean }> {
      const threadIds = [mail.inReplyTo, ...mail.references].filter((value): value is string => Boolean(value));
      const id = links.conversationOfMail(mail.recipients, threadIds);
      const body = newPartOf(mail.text);
      const [current] = id === undefined ? [] : await db.select({ assigneeId: enquiries.assigneeId }).from(enquiries).where(eq(enquiries.id, id));
      if (id !== undefined && current) {
        const staff = await deps.staffAddress(current.assigneeId);
        const matched = await db.transaction(async (tx) => {
          const enquiry = await lockEnquiry(tx, id);
          if (!enquiry) return false;
          await answerAsVisitor(tx, enquiry, body, staff, "mail", { from: mail.from.address, messageId: mail.messageId });
          return true;
        });
        if (matched) return { enquiryId: id, matched: true };
      }
      const created = await deps.enquiries.receiveMail(
        { name: mail.from.name || null, email: mail.from.address, subject: mail.subject || "(no subject)", message: body },
        sender,
      );
      return { enquiryId: created.id, matched: false };
    },

    /** The thread as staff see it, notes included. */
    async messagesOf(id: number): Promise<ConversationMessage[]> {
      return (await threadOf(db, id)).map((message) => ({
        id: message.id,
        kind: message.kind,
        channel: message.channel,
        author: message.authorName,
        body: message.body,
        created_at: message.createdAt.toISOString(),
      }));
    },

    /**
     * A staff reply: kept, and mailed to the visitor answering the thread's latest mail, with the
     * original quoted below. The conversation then waits on the visitor, and nothing is due.
     */
    async reply(id: number, body: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const enquiry = await lockEnquiry(tx, id);
        if (!enquiry) throw new HttpError(404, "Enquiry not found.");
        if (enquiry.status === "spam") throw new HttpError(409, "This enquiry is marked as spam. Mark it open before replying.", undefined, "spam");
        const at = now();
        const thread = await threadOf(tx, id);
        const message = await addMessage(tx, {
          enquiryId: id,
          kind: "reply",
          channel: "admin",
          authorId: actor.id,
          authorName: actor.username,
          body,
          mailMessageId: null,
          createdAt: at,
        });
        const messageId = links.messageIdOf(id, message.id);
        await tx.update(enquiryMessages).set({ mailMessageId: messageId }).where(eq(enquiryMessages.id, message.id));
        await tx
          .update(enquiries)
          .set({ status: "waiting", dueAt: null, lastMessageAt: at, firstResponseAt: enquiry.firstResponseAt ?? at })
          .where(eq(enquiries.id, id));

        // The thread's mails in order: the acknowledgement first, then every mail sent or received since.
        const earlier = [links.messageIdOf(id), ...thread.map((each) => each.mailMessageId).filter((each): each is string => Boolean(each))];
        const references = [earlier[0]!, ...earlier.slice(1).slice(-(MAX_REFERENCES - 1))];
        const replyTo = links.replyAddressOf(id);
        await deps.outbox.enqueue(
          tx,
          {
            to: enquiry.email,
            subject: `Re: ${acknowledgementSubject}`,
            messageId,
            replyTo,
            headers: { "In-Reply-To": earlier.at(-1)!, References: references.join(" ") },
            text:
              `${body}\n\n—\n${actor.username}, ${site.name}\n\n` +
              `${replyTo ? "Reply to this email, or answer" : "Answer"} on your conversation page: ${links.pageOf(id)}\n\n` +
              `On ${enquiry.createdAt.toUTCString()}, you wrote:\n${quote(enquiry.message)}\n`,
          },
          at,
        );
      });
    },

    /** An internal note: part of the thread for staff, never shown or sent to the visitor. */
    async note(id: number, body: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const enquiry = await lockEnquiry(tx, id);
        if (!enquiry) throw new HttpError(404, "Enquiry not found.");
        await addMessage(tx, {
          enquiryId: id,
          kind: "note",
          channel: "admin",
          authorId: actor.id,
          authorName: actor.username,
          body,
          mailMessageId: null,
          createdAt: now(),
        });
      });
    },

    /** A signed-in visitor's own conversations, by the address they proved, each with its first words; spam left out. */
    async conversationsOf(email: string) {
      const rows = await db
        .select({
          id: enquiries.id,
          type: enquiries.type,
          subject: enquiries.subject,
          // Enough of the message for its first words, however long it is.
          opening: sql<string>`left(${enquiries.message}, ${EXCERPT_MAX_CHARS * 4})`,
          status: enquiries.status,
          createdAt: enquiries.createdAt,
          lastMessageAt: enquiries.lastMessageAt,
        })
        .from(enquiries)
        .where(and(sql`lower(${enquiries.email}) = ${email.toLowerCase()}`, sql`${enquiries.status} <> 'spam'`))
        .orderBy(sql`${enquiries.lastMessageAt} desc`)
        .limit(50);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        subject: row.subject,
        excerpt: firstWords(row.opening),
        status: row.status === "closed" ? ("closed" as const) : ("open" as const),
        created_at: row.createdAt.toISOString(),
        last_message_at: row.lastMessageAt.toISOString(),
        link: `/conversation/${links.tokenOf(row.id)}`,
      }));
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
