import { count, desc } from "drizzle-orm";
import type { AuditEntry, Page, PageQuery } from "@contracts/admin-business";
import type { Database, Executor } from "../../db/client";
import { offsetOf, pageOf } from "../../http/pagination";
import { auditLog } from "./schema";

export interface AuditActor {
  /** Null when the action came through a mailed link rather than a signed-in admin. */
  id: number | null;
  username: string;
}

/** Writes one audit entry; pass the transaction that makes the change so both land or neither does. */
export async function recordAudit(executor: Executor, actor: AuditActor, action: string, target = "", detail: Record<string, unknown> = {}) {
  await executor.insert(auditLog).values({ adminId: actor.id, adminUsername: actor.username, action, target, detail });
}

export function createAuditService(deps: { db: Database }) {
  return {
    /** The log, newest first. */
    async list(query: PageQuery): Promise<Page<AuditEntry>> {
      const [rows, [total]] = await Promise.all([
        deps.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(query.per_page).offset(offsetOf(query)),
        deps.db.select({ value: count() }).from(auditLog),
      ]);
      const entries = rows.map((row) => ({ id: row.id, who: row.adminUsername, action: row.action, target: row.target, at: row.createdAt.toISOString() }));
      return pageOf(entries, total?.value ?? 0, query);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
