import { eq } from "drizzle-orm";
import type { AdminAccount } from "#contracts/admin.ts";
import type { Config } from "../../config";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { verifyPassword } from "../accounts/passwords";
import type { MailOutbox } from "../../mail/outbox";
import { recordAudit, type AuditActor } from "../audit/service";
import { adminRecoveryCodes, admins, adminSettings, usernameIs } from "./schema";
import { twoFactorOffMail, type TurnedOffBy } from "./security-mail";
import type { AdminIdentity } from "./service";
import {
  newRecoveryCodes,
  newTotpSecret,
  openSecretOrNull,
  qrSvg,
  recoveryCodeHash,
  recoveryCodesLeft,
  REQUIRE_TWO_FACTOR,
  sealSecret,
  totpFor,
  spendTotpCode,
} from "./two-factor";

/** Proof asked before two-factor sign-in is turned off or its recovery codes replaced. */
export type Reauth = { password: string } | { code: string };

/**
 * The signed-in admin's own two-factor sign-in: set-up (a secret, confirmed by a code before it counts),
 * recovery codes, turning it off, and the owners' setting that requires it of everyone.
 */
export function createTwoFactorService(deps: { db: Database; outbox: MailOutbox; config: Config; now: () => Date }) {
  const { db, now } = deps;
  const siteSecret = deps.config.secretKey;

  async function adminRow(id: number) {
    const [row] = await db.select().from(admins).where(eq(admins.id, id));
    if (!row) throw new HttpError(401, "Admin sign-in required.", undefined, "not_authenticated");
    return row;
  }

  async function required() {
    const [row] = await db.select({ value: adminSettings.value }).from(adminSettings).where(eq(adminSettings.key, REQUIRE_TWO_FACTOR));
    return row?.value === true;
  }

  /** Replaces the admin's recovery codes with ten new ones: the plain codes, to be shown once. */
  async function replaceRecoveryCodes(executor: Executor, adminId: number) {
    const codes = newRecoveryCodes();
    await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    await executor.insert(adminRecoveryCodes).values(codes.map((code) => ({ adminId, codeHash: recoveryCodeHash(siteSecret, code), createdAt: now() })));
    return codes;
  }

  async function clearTwoFactor(executor: Executor, adminId: number) {
    await executor.update(admins).set({ totpSecret: null, totpConfirmedAt: null, totpLastStep: null }).where(eq(admins.id, adminId));
    await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  }

  /** Two-factor sign-in that was on is off: written to the log, and mailed to the admin, in the change's transaction. */
  async function recordTurnedOff(tx: Executor, actor: AuditActor, row: { id: number; email: string; username: string }, by: TurnedOffBy) {
    const at = now();
    await recordAudit(tx, actor, "admin.two_factor_off", `admin:${row.id}`, { username: row.username });
    await deps.outbox.enqueue(tx, twoFactorOffMail(row, by, deps.config.publicUrl, at), at);
  }

  async function checkReauth(row: Awaited<ReturnType<typeof adminRow>>, proof: Reauth | null) {
    if (!proof) throw new HttpError(400, "Enter your password or a code from your authenticator app.", { password: ["Enter your password or a code."] });
    if ("password" in proof) {
      if (!(await verifyPassword(row.passwordHash, proof.password)))
        throw new HttpError(400, "The password is not right.", { password: ["The password is not right."] });
    } else if (!(await spendTotpCode(db, siteSecret, row, proof.code, now()))) {
      throw new HttpError(400, "The code is not right, or was used already.", { code: ["The code is not right, or was used already."] });
    }
  }

  return {
    required,

    async account(admin: AdminIdentity): Promise<AdminAccount> {
      const row = await adminRow(admin.id);
      // A set-up begun under another SECRET_KEY cannot be finished: it reads as not begun.
      const pending = !row.totpConfirmedAt && row.totpSecret ? openSecretOrNull(siteSecret, row.totpSecret) : null;
      const state = row.totpConfirmedAt ? "on" : pending ? "setting_up" : "off";
      let setup: AdminAccount["setup"] = null;
      if (pending) {
        const uri = totpFor(pending, row.username).toString();
        setup = { secret: pending, uri, qr_svg: await qrSvg(uri) };
      }
      return {
        username: row.username,
        email: row.email,
        role: row.role,
        two_factor: state,
        recovery_codes_left: state === "on" ? await recoveryCodesLeft(db, row.id) : 0,
        require_two_factor: await required(),
        setup,
      };
    },

    /** A new secret to scan; it signs nobody in until a code from it is confirmed. Starting again replaces it. */
    async begin(admin: AdminIdentity) {
      const row = await adminRow(admin.id);
      if (row.totpConfirmedAt) throw new HttpError(409, "Two-factor sign-in is already on.");
      await db
        .update(admins)
        .set({ totpSecret: sealSecret(siteSecret, newTotpSecret()), totpLastStep: null })
        .where(eq(admins.id, admin.id));
    },

    /** The first code from the app proves it holds the secret: two-factor sign-in is on, with ten recovery codes. */
    async confirm(admin: AdminIdentity, code: string) {
      const row = await adminRow(admin.id);
      if (row.totpConfirmedAt) throw new HttpError(409, "Two-factor sign-in is already on.");
      if (!row.totpSecret) throw new HttpError(409, "Start the set-up first.");
      return db.transaction(async (tx) => {
        if (!(await spendTotpCode(tx, siteSecret, row, code, now()))) {
          throw new HttpError(400, "That code is not right. Check the time on your phone and try the newest code.", { code: ["That code is not right."] });
        }
        await tx.update(admins).set({ totpConfirmedAt: now() }).where(eq(admins.id, admin.id));
        const codes = await replaceRecoveryCodes(tx, admin.id);
        await recordAudit(tx, admin, "admin.two_factor_on", `admin:${admin.id}`);
        return codes;
      });
    },

    async disable(admin: AdminIdentity, proof: Reauth | null) {
      const row = await adminRow(admin.id);
      if (!row.totpSecret) throw new HttpError(409, "Two-factor sign-in is not on.");
      if (row.totpConfirmedAt && (await required())) {
        throw new HttpError(409, "Two-factor sign-in is required for every admin, so it cannot be turned off. Replace your recovery codes instead.");
      }
      // A set-up never confirmed is abandoned without proof: it never protected anything.
      if (row.totpConfirmedAt) await checkReauth(row, proof);
      await db.transaction(async (tx) => {
        await clearTwoFactor(tx, admin.id);
        if (row.totpConfirmedAt) await recordTurnedOff(tx, admin, row, "self");
      });
    },

    async regenerateRecoveryCodes(admin: AdminIdentity, proof: Reauth | null) {
      const row = await adminRow(admin.id);
      if (!row.totpConfirmedAt) throw new HttpError(409, "Turn on two-factor sign-in first.");
      await checkReauth(row, proof);
      return db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(tx, admin.id);
        await recordAudit(tx, admin, "admin.recovery_codes_replaced", `admin:${admin.id}`);
        return codes;
      });
    },

    /**
     * The command line's way back in for an admin who lost both the phone and the recovery codes (or whose
     * secret was sealed under a former SECRET_KEY): two-factor sign-in off, to be set up again. The admin's
     * names, or null when there is no such admin.
     */
    async turnOffFor(username: string, actor: AuditActor) {
      const [row] = await db.select().from(admins).where(usernameIs(username));
      if (!row) return null;
      await db.transaction(async (tx) => {
        await clearTwoFactor(tx, row.id);
        // A set-up never confirmed protected nothing: it goes without a word.
        if (row.totpConfirmedAt) await recordTurnedOff(tx, actor, row, "command line");
        else await recordAudit(tx, actor, "admin.two_factor_off", `admin:${row.id}`, { username: row.username });
      });
      return row.username;
    },

    /** Owners only. An owner turns it on for everyone only once their own is on, so the rule starts with them. */
    async setRequired(admin: AdminIdentity, value: boolean) {
      if (admin.role !== "owner") throw new HttpError(403, "Only an owner can change this.");
      if (value && !(await adminRow(admin.id)).totpConfirmedAt) throw new HttpError(409, "Turn on two-factor sign-in for yourself first.");
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .insert(adminSettings)
          .values({ key: REQUIRE_TWO_FACTOR, value, updatedAt: at, updatedBy: admin.id })
          .onConflictDoUpdate({ target: adminSettings.key, set: { value, updatedAt: at, updatedBy: admin.id } });
        await recordAudit(tx, admin, "settings.require_two_factor", REQUIRE_TWO_FACTOR, { required: value });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
