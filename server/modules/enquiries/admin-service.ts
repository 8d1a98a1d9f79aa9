import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { AuditTargetNames } from "@contracts/admin-audit";
import type { AdminEnquiry, AdminSubscriber, EnquiryListQuery, EnquiryStatus, Page, SubscriberListQuery } from "@contracts/admin-business";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import { offsetOf, pageOf } from "../../http/pagination";
import { admins } from "../admin/schema";
import { auditIds, recordAudit, type AuditActor } from "../audit/service";
import { enquiries, newsletterSubscriptions } from "./schema";

const iso = (date: Date | null) => date?.toISOString() ?? null;

const enquiryColumns = { enquiry: enquiries, handledBy: admins.username };

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
    /** Enquiries newest first, filtered by form and status. */
    async listEnquiries(query: EnquiryListQuery): Promise<Page<AdminEnquiry>> {
      const filters: SQL[] = [];
      if (query.type) filters.push(eq(enquiries.type, query.type));
      if (query.status) filters.push(eq(enquiries.status, query.status));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select(enquiryColumns)
          .from(enquiries)
          .leftJoin(admins, eq(admins.id, enquiries.handledBy))
          .where(where)
          .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
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

    /** Subscribers newest first, filtered by status. */
    async listSubscribers(query: SubscriberListQuery): Promise<Page<AdminSubscriber>> {
      const where = query.status ? eq(newsletterSubscriptions.status, query.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscriptions)
          .where(where)
          .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
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
