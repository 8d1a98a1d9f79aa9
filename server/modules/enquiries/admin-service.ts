import { and, asc, count, desc, eq, gte, inArray, isNull, lt, notInArray, sql, type SQL } from "drizzle-orm";
import type { AuditTargetNames } from "#contracts/admin-audit.ts";
import type {
  AdminConversation,
  AdminEnquiry,
  AdminSubscriber,
  EnquiryBulk,
  EnquiryListQuery,
  EnquiryStatus,
  Page,
  SubscriberListQuery,
} from "#contracts/admin-business.ts";
import { subscriberScreen } from "#contracts/admin-business.ts";
import type { ResponseFigures } from "#contracts/dashboard.ts";
import { ASSIGNED_TO_ME, UNASSIGNED, type EnquiryAge } from "#contracts/enquiry-inbox.ts";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import { cappedPageOf, countLimitOf, offsetOf, pageOf, searchFor } from "../../http/pagination";
import { admins } from "../admin/schema";
import { auditIds, recordAudit, type AuditActor } from "../audit/service";
import type { ConversationLinks } from "./conversation-links";
import type { ConversationsService } from "./conversations";
import { enquiries, newsletterSubscriptions } from "./schema";
import { searchConversations } from "./search";

const iso = (date: Date | null) => date?.toISOString() ?? null;

const enquiryColumns = { enquiry: enquiries, assignee: admins.username };

const DAY_MS = 24 * 60 * 60_000;

/** Each order of the enquiries list; ties fall to the newest, so pages never overlap. */
const enquiryOrders: Record<EnquiryListQuery["sort"], SQL[]> = {
  // Owed an answer first, longest overdue at the top; the index enquiries_due_idx holds this order.
  due: [sql`${enquiries.dueAt} asc nulls last`, desc(enquiries.createdAt), desc(enquiries.id)],
  "-activity": [desc(enquiries.lastMessageAt), desc(enquiries.id)],
  "-created": [desc(enquiries.createdAt), desc(enquiries.id)],
  created: [asc(enquiries.createdAt), asc(enquiries.id)],
  name: [asc(sql`lower(coalesce(${enquiries.name}, ${enquiries.email}))`), desc(enquiries.id)],
  email: [asc(sql`lower(${enquiries.email})`), desc(enquiries.id)],
};

const subscriberOrders: Record<SubscriberListQuery["sort"], SQL[]> = {
  "-created": [desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id)],
  created: [asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.id)],
  email: [asc(sql`lower(${newsletterSubscriptions.email})`), desc(newsletterSubscriptions.id)],
};

function toAdminEnquiry({ enquiry, assignee }: { enquiry: typeof enquiries.$inferSelect; assignee: string | null }): AdminEnquiry {
  return {
    id: enquiry.id,
    type: enquiry.type,
    name: enquiry.name,
    email: enquiry.email,
    company: enquiry.company,
    message: enquiry.message,
    user_type: enquiry.userType,
    help_type: enquiry.helpType,
    budget: enquiry.budget,
    timeline: enquiry.timeline,
    source_page: enquiry.sourcePage,
    subject: enquiry.subject,
    status: enquiry.status,
    created_at: enquiry.createdAt.toISOString(),
    assignee: enquiry.assigneeId !== null && assignee !== null ? { id: enquiry.assigneeId, username: assignee } : null,
    first_response_at: iso(enquiry.firstResponseAt),
    due_at: iso(enquiry.dueAt),
    last_message_at: enquiry.lastMessageAt.toISOString(),
  };
}

function toAdminSubscriber(row: typeof newsletterSubscriptions.$inferSelect): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    confirmed_at: iso(row.confirmedAt),
    unsubscribed_at: iso(row.unsubscribedAt),
    bounced_at: iso(row.bouncedAt),
  };
}

/** Who may own a conversation: an active admin whose role works the inbox (support or owner). */
export type MayOwnConversations = (adminId: number) => Promise<boolean>;

const AGES: Record<EnquiryAge, (now: number) => SQL | undefined> = {
  today: (now) => gte(enquiries.createdAt, new Date(now - DAY_MS)),
  week: (now) => and(lt(enquiries.createdAt, new Date(now - DAY_MS)), gte(enquiries.createdAt, new Date(now - 7 * DAY_MS))),
  older: (now) => lt(enquiries.createdAt, new Date(now - 7 * DAY_MS)),
};

/**
 * What staff do with enquiries and newsletter sign-ups: work the inbox (find, assign, change status,
 * delete), and remove subscribers. Every change is audited in its own transaction, by id only: the
 * log outlives a deleted enquiry and must not keep its sender (decision 036).
 */
export function createEnquiriesAdminService(deps: {
  db: Database;
  now: () => Date;
  links: ConversationLinks;
  conversations: ConversationsService;
  mayOwn: MayOwnConversations;
}) {
  const { db } = deps;

  async function changeStatus(ids: number[], status: EnquiryStatus, actor: AuditActor): Promise<number[]> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(enquiries)
        .set({
          status,
          // Nothing is owed on a conversation that is closed, spam or waiting on the visitor; one opened
          // again that was never answered owes its first answer from when it came.
          dueAt:
            status === "new" || status === "open"
              ? sql`case when ${enquiries.firstResponseAt} is null then ${enquiries.createdAt} + interval '24 hours' else ${enquiries.dueAt} end`
              : null,
        })
        .where(inArray(enquiries.id, ids))
        .returning({ id: enquiries.id });
      for (const row of rows) await recordAudit(tx, actor, `enquiry.${status}`, `enquiry:${row.id}`);
      return rows.map((row) => row.id);
    });
  }

  /** Deletes conversations with their threads: the sender's data goes; the audit entry keeps the id alone. */
  async function remove(ids: number[], actor: AuditActor): Promise<number[]> {
    return db.transaction(async (tx) => {
      const rows = await tx.delete(enquiries).where(inArray(enquiries.id, ids)).returning({ id: enquiries.id, type: enquiries.type });
      for (const row of rows) await recordAudit(tx, actor, "enquiry.deleted", `enquiry:${row.id}`, { type: row.type });
      return rows.map((row) => row.id);
    });
  }

  return {
    /**
     * Conversations in the order asked (owed an answer first by default), found by full text over names,
     * addresses, companies and every message, filtered by form, status, owner, age and overdue.
     */
    async listEnquiries(query: EnquiryListQuery, viewerId: number | null = null): Promise<Page<AdminEnquiry>> {
      const now = deps.now().getTime();
      const owner =
        query.owner === UNASSIGNED
          ? isNull(enquiries.assigneeId)
          : query.owner === ASSIGNED_TO_ME
            ? viewerId === null
              ? sql`false`
              : eq(enquiries.assigneeId, viewerId)
            : query.owner !== undefined
              ? eq(enquiries.assigneeId, query.owner)
              : undefined;
      const where = and(
        query.type ? eq(enquiries.type, query.type) : undefined,
        query.status ? eq(enquiries.status, query.status) : undefined,
        owner,
        query.age ? AGES[query.age](now) : undefined,
        query.overdue ? lt(enquiries.dueAt, new Date(now)) : undefined,
        searchConversations(query.q),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(enquiryColumns)
          .from(enquiries)
          .leftJoin(admins, eq(admins.id, enquiries.assigneeId))
          .where(where)
          .orderBy(...enquiryOrders[query.sort])
          .limit(query.per_page)
          .offset(offsetOf(query)),
        // Counting every match of a common word among a hundred thousand conversations costs more than
        // the page itself; past a thousand the screen says "1,000+", which is all anyone reads of it.
        db.select({ value: count() }).from(
          db
            .select({ one: sql`1` })
            .from(enquiries)
            .where(where)
            .limit(countLimitOf(query))
            .as("matched"),
        ),
      ]);
      return cappedPageOf(rows.map(toAdminEnquiry), total?.value ?? 0, query);
    },

    /**
     * The 24-hour promise, measured on the enquiries that came in a range: the median time to the first
     * answer, the share answered within 24 hours, and how many conversations are overdue now. An enquiry
     * younger than 24 hours and not yet answered has neither kept nor broken the promise, so the share
     * leaves it out; spam was never owed an answer.
     */
    async responseFigures(range: { from: Date; to: Date }): Promise<ResponseFigures> {
      const now = deps.now();
      const dayAgo = new Date(now.getTime() - DAY_MS);
      const waited = sql`${enquiries.firstResponseAt} - ${enquiries.createdAt}`;
      const [[answers], [overdue]] = await Promise.all([
        db
          .select({
            medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${waited}))`.mapWith(Number),
            inTime: sql<number>`count(*) filter (where ${enquiries.status} <> 'spam' and ${waited} <= interval '24 hours')`.mapWith(Number),
            settled:
              sql<number>`count(*) filter (where ${enquiries.status} <> 'spam' and (${enquiries.firstResponseAt} is not null or ${enquiries.createdAt} <= ${dayAgo.toISOString()}::timestamptz))`.mapWith(
                Number,
              ),
          })
          .from(enquiries)
          .where(and(gte(enquiries.createdAt, range.from), lt(enquiries.createdAt, range.to))),
        db
          .select({ value: count() })
          .from(enquiries)
          .where(and(lt(enquiries.dueAt, now), notInArray(enquiries.status, ["closed", "spam"]))),
      ]);
      const settled = answers?.settled ?? 0;
      return {
        medianSeconds: answers?.medianSeconds ?? null,
        // Rounded down: one promise broken in a thousand must not read as 100 %.
        withinDayPercent: settled === 0 ? null : Math.floor(((answers?.inTime ?? 0) * 1000) / settled) / 10,
        overdue: overdue?.value ?? 0,
      };
    },

    async getEnquiry(id: number): Promise<AdminEnquiry | null> {
      const [row] = await db.select(enquiryColumns).from(enquiries).leftJoin(admins, eq(admins.id, enquiries.assigneeId)).where(eq(enquiries.id, id));
      return row ? toAdminEnquiry(row) : null;
    },

    /** An enquiry with its whole thread, notes included, and the link the visitor answers on. */
    async getConversation(id: number): Promise<AdminConversation | null> {
      const enquiry = await this.getEnquiry(id);
      if (!enquiry) return null;
      return { ...enquiry, messages: await deps.conversations.messagesOf(id), visitor_link: deps.links.pageOf(id) };
    },

    async setEnquiryStatus(id: number, status: EnquiryStatus, actor: AuditActor): Promise<AdminEnquiry> {
      if ((await changeStatus([id], status, actor)).length === 0) throw new HttpError(404, "Enquiry not found.");
      return (await this.getEnquiry(id))!;
    },

    /** Gives the conversation to an admin who works the inbox, or to nobody. */
    async assign(id: number, assigneeId: number | null, actor: AuditActor): Promise<AdminEnquiry> {
      if (assigneeId !== null && !(await deps.mayOwn(assigneeId))) {
        throw new HttpError(400, "Choose an active admin with the support or owner role.", undefined, "not_assignable");
      }
      await db.transaction(async (tx) => {
        const [row] = await tx.update(enquiries).set({ assigneeId }).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
        if (!row) throw new HttpError(404, "Enquiry not found.");
        await recordAudit(
          tx,
          actor,
          assigneeId === null ? "enquiry.unassigned" : "enquiry.assigned",
          `enquiry:${id}`,
          assigneeId === null ? {} : { admin: assigneeId },
        );
      });
      return (await this.getEnquiry(id))!;
    },

    /** Closes, marks as spam or deletes several conversations at once; answers how many it changed (ids gone already are skipped). */
    async bulk(input: EnquiryBulk, actor: AuditActor): Promise<{ changed: number; message: string }> {
      const ids = [...new Set(input.ids)];
      if (input.action === "delete") {
        const changed = (await remove(ids, actor)).length;
        return { changed, message: `${changed} ${changed === 1 ? "conversation" : "conversations"} deleted.` };
      }
      const status = input.action === "close" ? "closed" : "spam";
      const changed = (await changeStatus(ids, status, actor)).length;
      return { changed, message: `${changed} ${changed === 1 ? "conversation" : "conversations"} ${input.action === "close" ? "closed" : "marked as spam"}.` };
    },

    async deleteEnquiry(id: number, actor: AuditActor): Promise<void> {
      if ((await remove([id], actor)).length === 0) throw new HttpError(404, "Enquiry not found.");
    },

    /** Subscribers in the order asked (newest first by default), found by address, filtered by status. */
    async listSubscribers(query: SubscriberListQuery): Promise<Page<AdminSubscriber>> {
      const where = and(query.status ? eq(newsletterSubscriptions.status, query.status) : undefined, searchFor(query.q, [newsletterSubscriptions.email]));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscriptions)
          .where(where)
          .orderBy(...subscriberOrders[query.sort])
          .limit(query.per_page)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(newsletterSubscriptions).where(where),
      ]);
      return pageOf(rows.map(toAdminSubscriber), total?.value ?? 0, query);
    },

    /** Deletes a subscription outright; the audit entry keeps the address that was removed. */
    async removeSubscriber(id: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning({ email: newsletterSubscriptions.email });
        if (!row) throw new HttpError(404, "Subscriber not found.");
        await recordAudit(tx, actor, "subscriber.removed", `subscriber:${id}`, { email: row.email });
      });
    },

    /** Names for the audit log of the enquiries and subscriptions it mentions that still exist. */
    async auditNames(kind: "enquiry" | "subscriber", ids: string[]): Promise<AuditTargetNames> {
      const numbers = auditIds(ids, Number.MAX_SAFE_INTEGER);
      if (numbers.length === 0) return {};
      if (kind === "enquiry") {
        const rows = await db.select({ id: enquiries.id, name: enquiries.name }).from(enquiries).where(inArray(enquiries.id, numbers));
        return Object.fromEntries(
          rows.map((row) => [String(row.id), { label: `Enquiry #${row.id} from ${row.name || "a visitor"}`, href: `/admin/enquiries/${row.id}` }]),
        );
      }
      const rows = await db
        .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })
        .from(newsletterSubscriptions)
        .where(inArray(newsletterSubscriptions.id, numbers));
      return Object.fromEntries(rows.map((row) => [String(row.id), { label: `Subscriber: ${row.email}`, href: subscriberScreen(row) }]));
    },
  };
}

export type EnquiriesAdminService = ReturnType<typeof createEnquiriesAdminService>;
