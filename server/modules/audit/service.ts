import type { Executor } from "../../db/client";
import { auditLog } from "./schema";

export interface AuditActor {
  id: number;
  username: string;
}

/** Writes one audit entry; pass the transaction that makes the change so both land or neither does. */
export async function recordAudit(executor: Executor, actor: AuditActor, action: string, target = "", detail: Record<string, unknown> = {}) {
  await executor.insert(auditLog).values({ adminId: actor.id, adminUsername: actor.username, action, target, detail });
}
