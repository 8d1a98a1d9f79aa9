import { and, eq, gt, isNull, or } from "drizzle-orm";
import { RESET_TTL_MINUTES } from "#contracts/admin-team.ts";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import { hashPassword, passwordProblem } from "../accounts/passwords";
import { recordAudit } from "../audit/service";
import { adminPasswordResets, admins, adminSessions, usernameIs } from "./schema";
import { newToken, tokenHash } from "./service";

const RESET_TTL_MS = RESET_TTL_MINUTES * 60_000;
/** A second request within this time mails nothing more: the first link still works, and nobody can fill an inbox. */
const REMAIL_AFTER_MS = 5 * 60_000;

export const RESET_GONE = "This password link is invalid, used or expired. Ask for a new one.";

/** A forgotten admin password: a mailed single-use link, valid one hour, that sets a new one and ends every session. */
export function createAdminPasswordResets(deps: { db: Database; outbox: MailOutbox; config: Config; now: () => Date }) {
  const { db, now } = deps;
  const usable = (at: Date) => and(isNull(adminPasswordResets.usedAt), gt(adminPasswordResets.expiresAt, at));

  return {
    /**
     * Mails a link to each active admin with that username or e-mail address; nothing for anyone else. The
     * route answers before this runs, the same for everyone (decision 033).
     */
    async request(account: string) {
      const at = now();
      const name = account.trim().toLowerCase();
      const matched = await db
        .select({ id: admins.id, username: admins.username, email: admins.email })
        .from(admins)
        .where(and(eq(admins.active, true), or(usernameIs(name), eq(admins.email, name))));
      for (const admin of matched) {
        await db.transaction(async (tx) => {
          const [recent] = await tx
            .select({ createdAt: adminPasswordResets.createdAt })
            .from(adminPasswordResets)
            .where(and(eq(adminPasswordResets.adminId, admin.id), usable(at), gt(adminPasswordResets.createdAt, new Date(at.getTime() - REMAIL_AFTER_MS))));
          if (recent) return;
          const token = newToken();
          await tx
            .insert(adminPasswordResets)
            .values({ tokenHash: tokenHash(token), adminId: admin.id, createdAt: at, expiresAt: new Date(at.getTime() + RESET_TTL_MS) });
          await deps.outbox.enqueue(tx, resetMail(admin.email, admin.username, `${deps.config.publicUrl}/admin/reset-password/${token}`), at);
        });
      }
    },

    /** The admin a reset link is for, while it can still be used. */
    async open(token: string) {
      const [row] = await db
        .select({ username: admins.username })
        .from(adminPasswordResets)
        .innerJoin(admins, eq(admins.id, adminPasswordResets.adminId))
        .where(and(eq(adminPasswordResets.tokenHash, tokenHash(token)), usable(now()), eq(admins.active, true)));
      return row ?? null;
    },

    /** Sets the new password (the CLI's rules), once; every session of that admin ends and every other link of theirs dies. */
    async reset(token: string, password: string) {
      const problem = passwordProblem(password);
      if (problem) throw new HttpError(400, problem, { password: [problem] });
      const at = now();
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const [reset] = await tx
          .update(adminPasswordResets)
          .set({ usedAt: at })
          .where(and(eq(adminPasswordResets.tokenHash, tokenHash(token)), usable(at)))
          .returning({ adminId: adminPasswordResets.adminId });
        const [admin] = reset
          ? await tx
              .update(admins)
              .set({ passwordHash, passwordChangedAt: at })
              .where(and(eq(admins.id, reset.adminId), eq(admins.active, true)))
              .returning({ id: admins.id, username: admins.username })
          : [];
        // Thrown inside the transaction: a link of a since-disabled admin stays unused and changes nothing.
        if (!admin) throw new HttpError(410, RESET_GONE);
        await tx
          .update(adminPasswordResets)
          .set({ usedAt: at })
          .where(and(eq(adminPasswordResets.adminId, admin.id), isNull(adminPasswordResets.usedAt)));
        await tx.delete(adminSessions).where(eq(adminSessions.adminId, admin.id));
        await recordAudit(tx, admin, "admin.password_reset", `admin:${admin.id}`, { username: admin.username });
        return { username: admin.username };
      });
    },
  };
}

function resetMail(to: string, username: string, link: string) {
  return {
    to,
    subject: "Set a new password for the HimalTech admin",
    text: [
      `Someone asked to set a new password for the HimalTech admin account ${username}.`,
      "",
      `Set it here (the link works once, for ${RESET_TTL_MINUTES} minutes):`,
      link,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

export type AdminPasswordResets = ReturnType<typeof createAdminPasswordResets>;
