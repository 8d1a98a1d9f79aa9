import { and, asc, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { ADMIN_ROLE_LABELS, roleMayUse, type AdminArea, type AdminRole } from "#contracts/admin-roles.ts";
import { INVITE_TTL_HOURS, type PendingInvite, type TeamMember, type TeamOverview } from "#contracts/admin-team.ts";
import type { AuditTargetNames } from "#contracts/admin-audit.ts";
import type { Config } from "../../config";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import { auditIds, recordAudit, type AuditActor } from "../audit/service";
import { adminDevices, adminInvites, admins, adminSessions } from "./schema";
import { describeBrowser, newToken, tokenHash, type AdminService } from "./service";

const INVITE_TTL_MS = INVITE_TTL_HOURS * 60 * 60_000;

export const INVITE_GONE = "This invitation link is invalid, used, revoked or expired. Ask an owner for a new one.";

type Change = "role" | "disable" | "remove";
const LAST_OWNER: Record<Change, (username: string) => string> = {
  role: (username) => `${username} is the last active owner and must stay an owner. Make another admin an owner first.`,
  disable: (username) => `${username} is the last active owner and cannot be disabled. Make another admin an owner first.`,
  remove: (username) => `${username} is the last active owner and cannot be removed. Make another admin an owner first.`,
};

const toMember = (row: typeof admins.$inferSelect): TeamMember => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  active: row.active,
  two_factor: row.totpConfirmedAt !== null,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * The team: who the admins are and what role each has, invitations to join, and the rule that the team
 * always keeps one active owner. Every change is written to the audit log in the same transaction.
 */
export function createTeamService(deps: { db: Database; outbox: MailOutbox; config: Config; now: () => Date; admin: AdminService }) {
  const { db, now } = deps;

  /** A pending invitation: not accepted, not revoked, not expired. */
  const pending = (at: Date) => and(isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt), gt(adminInvites.expiresAt, at));

  async function mailInvite(tx: Executor, email: string, role: AdminRole, inviter: string, at: Date) {
    const token = newToken();
    const link = `${deps.config.publicUrl}/admin/invite/${token}`;
    await deps.outbox.enqueue(
      tx,
      {
        to: email,
        subject: "You are invited to the HimalTech admin",
        text: [
          `${inviter} invited you to join the HimalTech admin as ${ADMIN_ROLE_LABELS[role]}.`,
          "",
          `Choose your username and password here (the link works once, for ${INVITE_TTL_HOURS} hours):`,
          link,
          "",
          "If you did not expect this invitation, ignore this mail.",
        ].join("\n"),
      },
      at,
    );
    return { tokenHash: tokenHash(token), expiresAt: new Date(at.getTime() + INVITE_TTL_MS) };
  }

  /**
   * Locks the admin a change is about and every active owner, then refuses a change that would leave the
   * team without an active owner. The lock makes two owners demoting each other at once take turns.
   */
  async function lockForChange(tx: Executor, id: number, change: Change, newRole?: AdminRole) {
    const owners = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, "owner"), eq(admins.active, true)))
      .for("update");
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for("update");
    if (!target) throw new HttpError(404, "No such admin.");
    const stopsBeingOwner = target.role === "owner" && target.active && (change !== "role" || newRole !== "owner");
    if (stopsBeingOwner && owners.length <= 1) throw new HttpError(409, LAST_OWNER[change](target.username), undefined, "last_owner");
    return target;
  }

  return {
    /** Active admins whose role may use an area, by username: who may own an inbox conversation, who gets its digest. */
    async membersFor(area: AdminArea): Promise<{ id: number; username: string; email: string }[]> {
      const rows = await db
        .select({ id: admins.id, username: admins.username, email: admins.email, role: admins.role })
        .from(admins)
        .where(eq(admins.active, true))
        .orderBy(asc(admins.username));
      return rows.filter((row) => roleMayUse(row.role, area)).map(({ id, username, email }) => ({ id, username, email }));
    },

    /** An admin's address, when they are active. */
    async activeAddressOf(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ email: admins.email })
        .from(admins)
        .where(and(eq(admins.id, id), eq(admins.active, true)));
      return row?.email;
    },

    async overview(): Promise<TeamOverview> {
      const at = now();
      const [members, invites] = await Promise.all([
        db.select().from(admins).orderBy(asc(admins.username)),
        db
          .select({ invite: adminInvites, invitedBy: admins.username })
          .from(adminInvites)
          .leftJoin(admins, eq(admins.id, adminInvites.invitedBy))
          .where(pending(at))
          .orderBy(desc(adminInvites.createdAt), desc(adminInvites.id)),
      ]);
      return {
        admins: members.map(toMember),
        invites: invites.map(({ invite, invitedBy }): PendingInvite => ({
          id: invite.id,
          email: invite.email,
          role: invite.role,
          invited_by: invitedBy,
          created_at: invite.createdAt.toISOString(),
          expires_at: invite.expiresAt.toISOString(),
        })),
      };
    },

    /** Mails a single-use link to join with the given role. One pending invitation per address: resend it instead. */
    async invite(actor: AuditActor, input: { email: string; role: AdminRole }) {
      const at = now();
      return db.transaction(async (tx) => {
        const [member] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.email, input.email));
        if (member) throw new HttpError(409, `${input.email} already belongs to the admin ${member.username}.`, { email: ["Already an admin"] });
        const [open] = await tx
          .select({ id: adminInvites.id })
          .from(adminInvites)
          .where(and(eq(adminInvites.email, input.email), pending(at)));
        if (open) throw new HttpError(409, `An invitation to ${input.email} is already pending. Resend it instead.`, { email: ["Already invited"] });
        const link = await mailInvite(tx, input.email, input.role, actor.username, at);
        const [invite] = await tx
          .insert(adminInvites)
          .values({ email: input.email, role: input.role, invitedBy: actor.id, createdAt: at, ...link })
          .returning({ id: adminInvites.id });
        await recordAudit(tx, actor, "invite.created", `invite:${invite!.id}`, { email: input.email, role: input.role });
        return { id: invite!.id, email: input.email, role: input.role };
      });
    },

    /** A new link (the old one stops working) and 72 more hours. */
    async resendInvite(actor: AuditActor, id: number) {
      const at = now();
      return db.transaction(async (tx) => {
        const [invite] = await tx
          .select()
          .from(adminInvites)
          .where(and(eq(adminInvites.id, id), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)))
          .for("update");
        if (!invite) throw new HttpError(404, "No pending invitation with that id.");
        const link = await mailInvite(tx, invite.email, invite.role, actor.username, at);
        await tx.update(adminInvites).set(link).where(eq(adminInvites.id, id));
        await recordAudit(tx, actor, "invite.resent", `invite:${id}`, { email: invite.email, role: invite.role });
        return { email: invite.email };
      });
    },

    async revokeInvite(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const [invite] = await tx
          .update(adminInvites)
          .set({ revokedAt: now() })
          .where(and(eq(adminInvites.id, id), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)))
          .returning({ email: adminInvites.email, role: adminInvites.role });
        if (!invite) throw new HttpError(404, "No pending invitation with that id.");
        await recordAudit(tx, actor, "invite.revoked", `invite:${id}`, invite);
        return invite;
      });
    },

    /** The invitation behind a mailed link while it can still be used. */
    async openInvite(token: string) {
      const [invite] = await db
        .select({ email: adminInvites.email, role: adminInvites.role })
        .from(adminInvites)
        .where(and(eq(adminInvites.tokenHash, tokenHash(token)), pending(now())));
      return invite ?? null;
    },

    /**
     * Uses an invitation once: the admin is made with the invited address and role and the chosen username and
     * password (the CLI's rules). They then sign in as anyone does, device approval included (decision 032).
     */
    async acceptInvite(token: string, input: { username: string; password: string }) {
      const at = now();
      return db.transaction(async (tx) => {
        const [invite] = await tx
          .update(adminInvites)
          .set({ acceptedAt: at })
          .where(and(eq(adminInvites.tokenHash, tokenHash(token)), pending(at)))
          .returning();
        if (!invite) throw new HttpError(410, INVITE_GONE);
        // A refused username or password rolls the whole transaction back: the link still works.
        const created = await deps.admin.createAdmin({ username: input.username, email: invite.email, password: input.password, role: invite.role }, tx);
        await tx.update(adminInvites).set({ adminId: created.id }).where(eq(adminInvites.id, invite.id));
        await recordAudit(tx, created, "invite.accepted", `admin:${created.id}`, { username: created.username, role: created.role, invite_id: invite.id });
        return { username: created.username };
      });
    },

    async setRole(actor: AuditActor, id: number, role: AdminRole) {
      return db.transaction(async (tx) => {
        const target = await lockForChange(tx, id, "role", role);
        if (target.role === role) return toMember(target);
        const [updated] = await tx.update(admins).set({ role }).where(eq(admins.id, id)).returning();
        await recordAudit(tx, actor, "admin.role_changed", `admin:${id}`, { username: target.username, from: target.role, to: role });
        return toMember(updated!);
      });
    },

    /** Disabling ends the admin's sessions at once; they cannot sign in until enabled again. */
    async setActive(actor: AuditActor, id: number, active: boolean) {
      return db.transaction(async (tx) => {
        const target = active ? await lockTarget(tx, id) : await lockForChange(tx, id, "disable");
        if (target.active === active) return toMember(target);
        const [updated] = await tx.update(admins).set({ active }).where(eq(admins.id, id)).returning();
        if (!active) await tx.delete(adminSessions).where(eq(adminSessions.adminId, id));
        await recordAudit(tx, actor, active ? "admin.enabled" : "admin.disabled", `admin:${id}`, { username: target.username });
        return toMember(updated!);
      });
    },

    /** Removes the account with its devices and sessions; the audit log keeps its name. */
    async remove(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const target = await lockForChange(tx, id, "remove");
        await tx.delete(admins).where(eq(admins.id, id));
        await recordAudit(tx, actor, "admin.removed", `admin:${id}`, { username: target.username, email: target.email, role: target.role });
        return { username: target.username };
      });
    },

    /** Readable names of the admins, invitations and devices audit entries mention that still exist. */
    async auditNames(kind: "admin" | "invite" | "device", ids: string[]): Promise<AuditTargetNames> {
      const numbers = auditIds(ids);
      if (numbers.length === 0) return {};
      const named = (rows: { id: number; label: string }[], href: string) =>
        Object.fromEntries(rows.map((row) => [String(row.id), { label: row.label, href }]));
      if (kind === "admin") {
        const rows = await db.select({ id: admins.id, username: admins.username }).from(admins).where(inArray(admins.id, numbers));
        return named(
          rows.map((row) => ({ id: row.id, label: `Admin: ${row.username}` })),
          "/admin/team",
        );
      }
      if (kind === "invite") {
        const rows = await db.select({ id: adminInvites.id, email: adminInvites.email }).from(adminInvites).where(inArray(adminInvites.id, numbers));
        return named(
          rows.map((row) => ({ id: row.id, label: `Invitation: ${row.email}` })),
          "/admin/team",
        );
      }
      const rows = await db
        .select({ id: adminDevices.id, username: admins.username, userAgent: adminDevices.userAgent })
        .from(adminDevices)
        .innerJoin(admins, eq(admins.id, adminDevices.adminId))
        .where(inArray(adminDevices.id, numbers));
      return named(
        rows.map((row) => ({ id: row.id, label: `Device #${row.id} of ${row.username} (${describeBrowser(row.userAgent)})` })),
        "/admin/devices",
      );
    },
  };

  async function lockTarget(tx: Executor, id: number) {
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for("update");
    if (!target) throw new HttpError(404, "No such admin.");
    return target;
  }
}

export type TeamService = ReturnType<typeof createTeamService>;
