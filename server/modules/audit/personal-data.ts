import { sql } from "drizzle-orm";
import type { PersonalDataHandler } from "../privacy/handler";
import { auditLog } from "./schema";

/** An address as a case-blind regular expression matches it, and nothing else. */
const literally = (email: string) => email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The audit log is staff's record of what they did, so it stays; but an entry may quote the address
 * of the person it was done to (a removed subscriber), and that goes. Nothing in it is theirs to receive.
 */
export const auditPersonalData: PersonalDataHandler = {
  area: "audit",
  tables: [auditLog],
  export: async () => undefined,
  async erase(executor, subject) {
    const pattern = literally(subject.email);
    const scrubbed = await executor
      .update(auditLog)
      .set({ detail: sql`regexp_replace(${auditLog.detail}::text, ${pattern}, '[erased]', 'gi')::jsonb` })
      .where(sql`${auditLog.detail}::text ~* ${pattern}`)
      .returning({ id: auditLog.id });
    return scrubbed.length;
  },
};
