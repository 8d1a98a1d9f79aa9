import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditFilterOptions, AuditQuery, AuditTargetNames } from "#contracts/admin-audit.ts";
import type { Page } from "#contracts/admin-business.ts";
import { describeAuditEntry } from "#contracts/audit-actions.ts";
import { INT4_MAX } from "#contracts/ids.ts";
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

/** The numeric ids among a target kind's ids (a hand-written entry may hold anything), for an area's name lookup. */
export const auditIds = (ids: string[], max = INT4_MAX) =>
  ids
    .filter((id) => /^\d{1,16}$/.test(id))
    .map(Number)
    .filter((id) => id > 0 && id <= max);

/** Names records of one kind (`enquiry`, `job`, …) by their ids; each area answers for its own records through its service. */
export type AuditNamer = (ids: string[]) => Promise<AuditTargetNames>;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * How an entry names a record that no longer exists (or that no area names): from what the entry itself kept
 * (a post's title, a removed subscriber's address), else the kind and id.
 */
const FORMER: Record<string, (id: string, detail: Record<string, unknown>) => string> = {
  enquiry: (id) => `Enquiry #${id}`,
  subscriber: (id, detail) => `Subscriber: ${text(detail.email) ?? `#${id}`}`,
  job: (id, detail) => `Job: ${text(detail.title) ?? id}`,
  application: (id, detail) => (text(detail.name) ? `Application from ${text(detail.name)}` : `Application ${id}`),
  post: (id, detail) => `Post: ${text(detail.title) ?? `#${id}`}`,
  category: (id, detail) => `Category: ${text(detail.name) ?? `#${id}`}`,
  admin: (id, detail) => `Admin: ${text(detail.username) ?? `#${id}`}`,
  invite: (id, detail) => `Invitation: ${text(detail.email) ?? `#${id}`}`,
  device: (id) => `Device #${id}`,
  dataset: (id) => `Export: ${id}`,
  data_request: (id) => `Data request #${id}`,
  content: (id, detail) => `Content: ${text(detail.label) ?? id}`,
  meeting: (id, detail) => (text(detail.name) ? `Meeting with ${text(detail.name)}` : `Meeting #${id}`),
};

const splitTarget = (target: string) => {
  const at = target.indexOf(":");
  return at < 0 ? { kind: target, id: "" } : { kind: target.slice(0, at), id: target.slice(at + 1) };
};

const DAY_MS = 24 * 60 * 60_000;

export function createAuditService(deps: { db: Database; namers: Record<string, AuditNamer> }) {
  const { db } = deps;

  /** Each entry's target by name and admin screen: one lookup per kind of record on the page. */
  async function named(rows: (typeof auditLog.$inferSelect)[]): Promise<AuditEntry[]> {
    const idsByKind = new Map<string, Set<string>>();
    for (const row of rows) {
      const { kind, id } = splitTarget(row.target);
      if (id && deps.namers[kind]) (idsByKind.get(kind) ?? idsByKind.set(kind, new Set()).get(kind)!).add(id);
    }
    const names = new Map(await Promise.all([...idsByKind].map(async ([kind, ids]) => [kind, await deps.namers[kind]!([...ids])] as const)));
    return rows.map((row) => {
      const { kind, id } = splitTarget(row.target);
      const current = names.get(kind)?.[id];
      const former = FORMER[kind];
      return {
        id: row.id,
        who: row.adminUsername,
        action: row.action,
        summary: describeAuditEntry({
          action: row.action,
          who: row.adminUsername,
          detail: row.detail,
          self: row.adminId !== null && row.target === `admin:${row.adminId}`,
        }),
        target: row.target,
        target_label: current?.label ?? (former && id ? former(id, row.detail) : row.target),
        target_href: current?.href ?? null,
        at: row.createdAt.toISOString(),
      };
    });
  }

  return {
    /** The log, newest first, filtered by who, action and a range of whole days (UTC). */
    async list(query: Partial<AuditQuery> & Pick<AuditQuery, "page" | "per_page">): Promise<Page<AuditEntry>> {
      const conditions: SQL[] = [];
      if (query.who) conditions.push(eq(auditLog.adminUsername, query.who));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
      if (query.to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(query.per_page).offset(offsetOf(query)),
        db.select({ value: count() }).from(auditLog).where(where),
      ]);
      return pageOf(await named(rows), total?.value ?? 0, query);
    },

    /** The people and actions the log holds, for the filters' choices. */
    async filterOptions(): Promise<AuditFilterOptions> {
      const [people, actions] = await Promise.all([
        db.selectDistinct({ value: auditLog.adminUsername }).from(auditLog).orderBy(asc(auditLog.adminUsername)),
        db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
      ]);
      return { people: people.map((row) => row.value), actions: actions.map((row) => row.value) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
