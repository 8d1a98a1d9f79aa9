import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AuditTargetNames } from "@contracts/admin-audit";
import type { AdminEnquiry, AdminSubscriber, EnquiryListQuery, EnquiryStatus, Page, SubscriberListQuery } from "@contracts/admin-business";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import { offsetOf, pageOf, searchFor } from "../../http/pagination";
import { admins } from "../admin/schema";
import { auditIds, recordAudit, type AuditActor } from "../audit/service";
import { enquiries, newsletterSubscriptions } from "./schema";

const iso = (date: Date | null) => date?.toISOString() ?? null;

const enquiryColumns = { enquiry: enquiries, handledBy: admins.username };

/** Each order of the enquiries list; ties fall to the newest, so pages never overlap. */
const enquiryOrders: Record<EnquiryListQuery["sort"], SQL[]> = {
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

function toAdminEnquiry({ enquiry, handledBy }: { enquiry: typeof enquiries.$inferSelect; handledBy: string | null }): AdminEnquiry {
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
    status: enquiry.status,
    created_at: enquiry.createdAt.toISOString(),
    handled_at: iso(enquiry.handledAt),
    handled_by: handledBy,
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
  };
}

/** What staff do with the enquiries and newsletter sign-ups: read them, mark enquiries handled, remove subscribers. */
export function createEnquiriesAdminService(deps: { db: Database; now: () => Date }) {
  const { db } = deps;

  return {
    /** Enquiries in the order asked (newest first by default), found by name, address, company or message, filtered by form and status. */
    async listEnquiries(query: EnquiryListQuery): Promise<Page<AdminEnquiry>> {
      const where = and(
        query.type ? eq(enquiries.type, query.type) : undefined,
        query.status ? eq(enquiries.status, query.status) : undefined,
        searchFor(query.q, [enquiries.name, enquiries.email, enquiries.company, enquiries.message]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(enquiryColumns)
          .from(enquiries)
          .leftJoin(admins, eq(admins.id, enquiries.handledBy))
          .where(where)
          .orderBy(...enquiryOrders[query.sort])
          .limit(query.per_page)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(enquiries).where(where),
      ]);
      return pageOf(rows.map(toAdminEnquiry), total?.value ?? 0, query);
    },

    async getEnquiry(id: number): Promise<AdminEnquiry | null> {
      const [row] = await db.select(enquiryColumns).from(enquiries).leftJoin(admins, eq(admins.id, enquiries.handledBy)).where(eq(enquiries.id, id));
      return row ? toAdminEnquiry(row) : null;
    },

    /** Marks an enquiry handled (or new again), with its audit entry in the same transaction. */
    async setEnquiryStatus(id: number, status: EnquiryStatus, actor: AuditActor): Promise<AdminEnquiry> {
      const handled = status === "handled";
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(enquiries)
          .set({ status, handledAt: handled ? deps.now() : null, handledBy: handled ? actor.id : null })
          .where(eq(enquiries.id, id))
          .returning({ id: enquiries.id, email: enquiries.email });
        if (!row) throw new HttpError(404, "Enquiry not found.");
        await recordAudit(tx, actor, handled ? "enquiry.handled" : "enquiry.reopened", `enquiry:${id}`, { email: row.email });
      });
      return (await this.getEnquiry(id))!;
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
        return Object.fromEntries(rows.map((row) => [String(row.id), { label: `Enquiry #${row.id} from ${row.name}`, href: `/admin/enquiries/${row.id}` }]));
      }
      const rows = await db
        .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })
        .from(newsletterSubscriptions)
        .where(inArray(newsletterSubscriptions.id, numbers));
      return Object.fromEntries(rows.map((row) => [String(row.id), { label: `Subscriber: ${row.email}`, href: "/admin/subscribers" }]));
    },
  };
}

export type EnquiriesAdminService = ReturnType<typeof createEnquiriesAdminService>;
