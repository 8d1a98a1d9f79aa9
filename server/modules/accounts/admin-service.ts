import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { AuditTargetNames } from "#contracts/admin-audit.ts";
import type { Page } from "#contracts/admin-business.ts";
import { accountActionDone as done, type AccountAction, type AccountActionResult, type AccountListQuery, type AdminAccount } from "#contracts/admin-users.ts";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { offsetOf, pageOf } from "../../http/pagination";
import { recordAudit, type AuditActor } from "../audit/service";
import { users } from "./schema";
import type { AccountsService } from "./service";

type User = typeof users.$inferSelect;

function toAdminAccount(user: User): AdminAccount {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    verified: user.isActive,
    created_at: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    disabled_at: user.disabledAt?.toISOString() ?? null,
  };
}

const STATE_FILTERS: Record<NonNullable<AccountListQuery["state"]>, SQL> = {
  verified: and(eq(users.isActive, true), isNull(users.disabledAt))!,
  unverified: and(eq(users.isActive, false), isNull(users.disabledAt))!,
  disabled: isNotNull(users.disabledAt),
};

/** `%` and `_` typed into the search are letters to find, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What the owner does with the accounts visitors create: find them, resend a verification mail, disable
 * or re-enable one, delete one with its personal data. Each change is audited by account id only: the
 * address is the personal data a deletion must remove (decision 036).
 */
export function createAccountsAdminService(deps: { db: Database; now: () => Date; accounts: AccountsService }) {
  const { db, now, accounts } = deps;

  async function lockedUser(tx: Executor, id: string): Promise<User> {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!user) throw new HttpError(404, "Account not found.");
    return user;
  }

  const audit = (tx: Executor, actor: AuditActor, action: string, user: User) => recordAudit(tx, actor, `user.${action}`, `user:${user.id}`);

  const ACTIONS: Record<AccountAction, (tx: Executor, user: User, actor: AuditActor) => Promise<AccountActionResult>> = {
    async "resend-verification"(tx, user, actor) {
      if (user.disabledAt) throw new HttpError(409, "This account is disabled: enable it before sending a verification mail.");
      if (user.isActive) throw new HttpError(409, "This account is already verified.");
      if (!(await accounts.mailActivationWithinLimit(tx, user))) {
        throw new HttpError(429, "This address has had its verification mails for this hour. Try again later.");
      }
      await audit(tx, actor, "verification_resent", user);
      return { message: done["resend-verification"](user.email), account: toAdminAccount(user) };
    },

    async disable(tx, user, actor) {
      if (user.disabledAt) return { message: `${user.email} is already disabled.`, account: toAdminAccount(user) };
      const [updated] = await tx.update(users).set({ disabledAt: now() }).where(eq(users.id, user.id)).returning();
      await accounts.revokeSessions(tx, user.id, "disabled");
      await audit(tx, actor, "disabled", user);
      return { message: done.disable(user.email), account: toAdminAccount(updated!) };
    },

    async enable(tx, user, actor) {
      if (!user.disabledAt) return { message: `${user.email} is not disabled.`, account: toAdminAccount(user) };
      const [updated] = await tx.update(users).set({ disabledAt: null }).where(eq(users.id, user.id)).returning();
      await audit(tx, actor, "enabled", user);
      return { message: done.enable(user.email), account: toAdminAccount(updated!) };
    },

    async delete(tx, user, actor) {
      // The row's sessions go with it (cascade); what is kept by address goes here.
      await tx.delete(users).where(eq(users.id, user.id));
      await accounts.forgetAddress(tx, user.email);
      await recordAudit(tx, actor, "user.deleted", `user:${user.id}`, { verified: user.isActive });
      return { message: done.delete(user.email), account: null };
    },
  };

  return {
    /** The audit log's names of site accounts that still exist; a deleted one keeps only its id there (decision 036). */
    async auditNames(ids: string[]): Promise<AuditTargetNames> {
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids.length === 0) return {};
      const rows = await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, uuids));
      return Object.fromEntries(rows.map((row) => [row.id, { label: `Site account: ${row.email}`, href: `/admin/users?q=${encodeURIComponent(row.email)}` }]));
    },

    /** Accounts newest first, found by part of their address and filtered by state. */
    async list(query: AccountListQuery): Promise<Page<AdminAccount>> {
      const where = and(query.q ? ilike(users.email, `%${likeText(query.q.toLowerCase())}%`) : undefined, query.state ? STATE_FILTERS[query.state] : undefined);
      const [rows, [total]] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.dateJoined), desc(users.id)).limit(query.per_page).offset(offsetOf(query)),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return pageOf(rows.map(toAdminAccount), total?.value ?? 0, query);
    },

    /** Runs one action on an account, with its audit entry in the same transaction. */
    act(id: string, action: AccountAction, actor: AuditActor): Promise<AccountActionResult> {
      return db.transaction(async (tx) => ACTIONS[action](tx, await lockedUser(tx, id), actor));
    },
  };
}

export type AccountsAdminService = ReturnType<typeof createAccountsAdminService>;
