import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parseCookie } from "cookie";
import { and, count, eq, lt, ne, or, sql } from "drizzle-orm";
import UAParser from "ua-parser-js";
import type { AdminRole } from "#contracts/admin-roles.ts";
import type { Config } from "../../config";
import { failedWith, type Database, type Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { createLoginThrottle } from "../accounts/login-throttle";
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from "../accounts/passwords";
import type { MailOutbox } from "../../mail/outbox";
import { adminDevices, adminLoginChallenges, admins, adminSessions, adminSettings, usernameIs } from "./schema";
import { recoveryCodeUsedMail } from "./security-mail";
import { createTwoFactorService } from "./two-factor-service";
import { CHALLENGE_TRIES, CHALLENGE_TTL_MS, REQUIRE_TWO_FACTOR, spendRecoveryCode, spendTotpCode } from "./two-factor";
import { recordAudit, type AuditActor } from "../audit/service";

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
export const APPROVAL_TTL_MS = 24 * 60 * 60_000;
/** A pending device that asks again within this time gets no second round of mails. */
export const RENOTIFY_AFTER_MS = 15 * 60_000;
/** Touching a session on every request would write on every request; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/** Who the audit log names for device decisions made without a signed-in admin. */
export const COMMAND_LINE: AuditActor = { id: null, username: "command line" };
/** A link that names no owner it was mailed to (one mailed before links did). */
const MAILED_LINK: AuditActor = { id: null, username: "approval link" };

/** Where a device decision was made, as the audit entry keeps it: the devices screen, a mailed link, the command line. */
export type DeviceDecisionVia = "screen" | "link" | "command_line";

/**
 * An approval link is the device's approval token (its hash is stored) followed by a tag naming the owner it was
 * mailed to: an HMAC with the site secret, so nobody can make a link name another owner. The token alone is the
 * authority, as before; the tag only tells the audit log whose mail the decision came through.
 */
const APPROVAL_TOKEN_LENGTH = 43;
const approvalTag = (secret: string, token: string, adminId: number) =>
  createHmac("sha256", secret).update(`device-approval:${token}:${adminId}`).digest("base64url").slice(0, 16);
const approvalTokenOf = (link: string) => link.slice(0, APPROVAL_TOKEN_LENGTH);

export const INVALID_CREDENTIALS = "Invalid username or password";
export const INVALID_CODE = "Invalid authentication code";
export const SIGN_IN_EXPIRED = "This sign-in has expired. Enter your username and password again.";
export const TOO_MANY_CODES = "Too many wrong codes. Enter your username and password again.";

export const newToken = () => randomBytes(32).toString("base64url");
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function adminCookieNames(production: boolean) {
  // __Host- cookies are only accepted over HTTPS, for this exact host and path: no subdomain can set them.
  const prefix = production ? "__Host-" : "";
  return { session: `${prefix}admin_session`, device: `${prefix}admin_device`, challenge: `${prefix}admin_challenge` };
}

export type LoginOutcome =
  | { kind: "session"; sessionToken: string; sessionHash: string; deviceKey: string }
  | { kind: "registering"; deviceKey: string }
  | { kind: "second_factor"; challengeToken: string; deviceKey: string };

/** What completes a sign-in waiting for its second factor: a code of the authenticator app, or a recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

export interface AdminIdentity {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  sessionHash: string;
  /** Two-factor sign-in is required of everyone and this admin has not set it up: only My account is open. */
  twoFactorPending: boolean;
}

export interface DeviceView {
  id: number;
  username: string;
  status: "pending" | "approved" | "revoked";
  browser: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date | null;
}

/**
 * A browser and system as people call them ("Chrome 131 on Windows 10", "Safari 18 on iPhone"), for the approval
 * mail and the devices screen. Only the major version: the rest changes every few weeks and tells nobody anything.
 */
export function describeBrowser(userAgent: string): string {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  // People say Safari and ChromeOS, whatever the agent calls them.
  const browserName = browser.name?.replace(/^Mobile /, "");
  const name = browserName ? [browserName, browser.major].filter(Boolean).join(" ") : "Unknown browser";
  // A phone or tablet is known by its model where the agent names one (iPhone, iPad). Macs all claim macOS
  // 10.15, Windows 11 still says 10.0, ChromeOS gives a build number: no version there rather than a wrong one.
  const handheld = (device.type === "mobile" || device.type === "tablet") && device.vendor === "Apple" && device.model;
  const system = handheld
    ? device.model
    : os.name === "Mac OS"
      ? "macOS"
      : os.name === "Chromium OS"
        ? "ChromeOS"
        : os.name
          ? [os.name, os.name === "Linux" ? undefined : os.version].filter(Boolean).join(" ")
          : "unknown system";
  return `${name} on ${system}`;
}

const toDeviceView = ({ userAgent, ...device }: Omit<DeviceView, "browser"> & { userAgent: string }): DeviceView => ({
  ...device,
  browser: describeBrowser(userAgent),
});

export function createAdminService(deps: { db: Database; outbox: MailOutbox; config: Config; now: () => Date }) {
  const { db, now } = deps;
  const throttle = createLoginThrottle({
    db,
    now,
    secretKey: deps.config.secretKey,
    realm: "admin",
    throttledMessage: (seconds) => `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
  });

  /** The throttle's view of an approved device: only its own failures slow it down, wherever it connects from. */
  const deviceAttempt = (username: string, deviceId: number) => ({ identifier: username, source: `device:${deviceId}`, trusted: true });

  async function startSession(admin: AuditActor & { id: number }, deviceId: number, at: Date) {
    const sessionToken = newToken();
    const sessionHash = tokenHash(sessionToken);
    await db.transaction(async (tx) => {
      await tx.insert(adminSessions).values({
        idHash: sessionHash,
        adminId: admin.id,
        deviceId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      });
      await tx.update(admins).set({ lastLoginAt: at }).where(eq(admins.id, admin.id));
      await recordAudit(tx, admin, "admin.login", `device:${deviceId}`);
    });
    return { sessionToken, sessionHash };
  }

  /** Devices with the name of the admin each belongs to. */
  const devicesWithAdmin = () =>
    db
      .select({
        id: adminDevices.id,
        username: admins.username,
        status: adminDevices.status,
        userAgent: adminDevices.userAgent,
        ip: adminDevices.ip,
        createdAt: adminDevices.createdAt,
        lastSeenAt: adminDevices.lastSeenAt,
        approvalExpiresAt: adminDevices.approvalExpiresAt,
      })
      .from(adminDevices)
      .innerJoin(admins, eq(admins.id, adminDevices.adminId))
      .$dynamic();

  /** The owner an approval link was mailed to, when its tag names one who is still an admin. */
  async function approverOf(link: string): Promise<AuditActor | undefined> {
    const token = approvalTokenOf(link);
    const tag = Buffer.from(link.slice(APPROVAL_TOKEN_LENGTH));
    if (tag.length === 0) return undefined;
    const candidates = await db.select({ id: admins.id, username: admins.username }).from(admins);
    return candidates.find((candidate) => {
      const expected = Buffer.from(approvalTag(deps.config.secretKey, token, candidate.id));
      return expected.length === tag.length && timingSafeEqual(expected, tag);
    });
  }

  return {
    /** The signed-in admin's own two-factor sign-in and the owners' setting that requires it. */
    twoFactor: createTwoFactorService(deps),

    /** The first admin there is becomes an owner, so the team always has someone who can run it. */
    async createAdmin(input: { username: string; email: string; password: string; role?: AdminRole }, executor: Executor = db) {
      const username = input.username.trim();
      if (!/^[a-zA-Z0-9_.-]{3,40}$/.test(username)) throw new HttpError(400, "Username must be 3-40 letters, digits, dots, dashes or underscores.");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw new HttpError(400, "Enter a valid e-mail address.");
      const problem = passwordProblem(input.password);
      if (problem) throw new HttpError(400, problem);
      // One name in any letter case: SEC_OWNER beside sec_owner would share a throttle and a reset link's mail.
      const nameTaken = (taken: string) =>
        new HttpError(409, `An admin named ${taken} already exists, and names count as the same whatever their letter case.`, {
          username: ["Taken"],
        });
      const [existing] = await executor.select({ username: admins.username }).from(admins).where(usernameIs(username));
      if (existing) throw nameTaken(existing.username);
      const role = input.role ?? ((await this.hasAdmins()) ? "support" : "owner");
      const passwordHash = await hashPassword(input.password);
      try {
        const [created] = await executor
          .insert(admins)
          .values({ username, email: input.email.trim().toLowerCase(), passwordHash, role, createdAt: now() })
          .returning({ id: admins.id, username: admins.username, email: admins.email, role: admins.role });
        return created!;
      } catch (error) {
        if (failedWith(error, "23505")) throw nameTaken(username);
        throw error;
      }
    },

    async hasAdmins() {
      const [row] = await db.select({ value: count() }).from(admins);
      return (row?.value ?? 0) > 0;
    },

    /**
     * Checks the credentials, then the device: an approved device gets a new session; a new one is
     * recorded as pending and the admins are asked to approve it; a revoked one is refused.
     */
    async login(input: { username: string; password: string; deviceKey?: string; userAgent: string; ip: string }): Promise<LoginOutcome> {
      const at = now();
      const username = input.username.trim();
      const deviceKey = input.deviceKey && input.deviceKey.length >= 32 ? input.deviceKey : newToken();
      // Looked up before the password, by the name as typed, so an unknown name costs the same query.
      const [device] = await db
        .select({ device: adminDevices })
        .from(adminDevices)
        .innerJoin(admins, eq(admins.id, adminDevices.adminId))
        .where(and(usernameIs(username), eq(adminDevices.keyHash, tokenHash(deviceKey))))
        .then((rows) => rows.map((row) => row.device));
      // An approved device is throttled only by its own failures, wherever it connects from.
      const approved = device?.status === "approved";
      const attempt = approved ? deviceAttempt(username, device.id) : { identifier: username, source: input.ip, trusted: false };
      await throttle.check(attempt);
      const [admin] = await db.select().from(admins).where(usernameIs(username));
      const valid = admin ? await verifyPassword(admin.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
      if (!admin || !valid || !admin.active) {
        await throttle.failed(attempt);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      const secondFactor = approved && admin.totpConfirmedAt !== null;
      // With a code still to come the password alone has not signed in: its source's failures (wrong codes
      // among them) stay counted until the code is right.
      if (!secondFactor) await throttle.succeeded(attempt);

      if (device?.status === "revoked") throw new HttpError(403, "This device has been revoked. Ask another admin for help.");
      if (approved) {
        await db.update(adminDevices).set({ lastSeenAt: at, ip: input.ip, userAgent: input.userAgent }).where(eq(adminDevices.id, device.id));
        if (!secondFactor) return { kind: "session", deviceKey, ...(await startSession(admin, device.id, at)) };
        const challengeToken = newToken();
        await db.insert(adminLoginChallenges).values({
          idHash: tokenHash(challengeToken),
          adminId: admin.id,
          deviceId: device.id,
          createdAt: at,
          expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
        });
        return { kind: "second_factor", deviceKey, challengeToken };
      }

      const due = !device?.notifiedAt || at.getTime() - device.notifiedAt.getTime() >= RENOTIFY_AFTER_MS;
      if (due) {
        const approvalToken = newToken();
        await db.transaction(async (tx) => {
          const values = {
            approvalTokenHash: tokenHash(approvalToken),
            approvalExpiresAt: new Date(at.getTime() + APPROVAL_TTL_MS),
            notifiedAt: at,
            userAgent: input.userAgent,
            ip: input.ip,
          };
          const [row] = device
            ? await tx.update(adminDevices).set(values).where(eq(adminDevices.id, device.id)).returning()
            : await tx
                .insert(adminDevices)
                .values({ adminId: admin.id, keyHash: tokenHash(deviceKey), createdAt: at, ...values })
                .returning();
          // Deciding on devices is the owners' part (contracts/admin-roles.ts): only they get the link, each their own.
          const approvers = await tx
            .select({ id: admins.id, email: admins.email })
            .from(admins)
            .where(and(eq(admins.active, true), eq(admins.role, "owner")));
          for (const approver of approvers) {
            const link = `${deps.config.publicUrl}/admin/devices/approve/${approvalToken}${approvalTag(deps.config.secretKey, approvalToken, approver.id)}`;
            await deps.outbox.enqueue(tx, approvalMail(approver.email, admin.username, row!, link, at), at);
          }
        });
      }
      return { kind: "registering", deviceKey };
    },

    /**
     * Completes a sign-in that passed the password on an approved device: a code of the admin's authenticator
     * (each step's code once) or an unused recovery code. Wrong codes count in the login throttle like wrong
     * passwords from that device; after five the sign-in starts again from the password.
     */
    async completeSignIn(browser: { challengeToken: string | undefined; deviceKey: string | undefined }, factor: SecondFactor) {
      const at = now();
      const idHash = tokenHash(browser.challengeToken ?? "");
      const [row] = browser.challengeToken
        ? await db
            .select({ challenge: adminLoginChallenges, admin: admins, deviceStatus: adminDevices.status, deviceKeyHash: adminDevices.keyHash })
            .from(adminLoginChallenges)
            .innerJoin(admins, eq(admins.id, adminLoginChallenges.adminId))
            .innerJoin(adminDevices, eq(adminDevices.id, adminLoginChallenges.deviceId))
            .where(eq(adminLoginChallenges.idHash, idHash))
        : [];
      // The challenge cookie counts only beside the device cookie of the browser that gave the password: carried to
      // another browser it completes nothing there, and the sign-in stays open for its own browser.
      if (row && row.deviceKeyHash !== tokenHash(browser.deviceKey ?? "")) throw new HttpError(401, SIGN_IN_EXPIRED, undefined, "sign_in_expired");
      if (!row || row.challenge.expiresAt <= at || !row.admin.active || !row.admin.totpConfirmedAt || row.deviceStatus !== "approved") {
        if (row) await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.idHash, idHash));
        throw new HttpError(401, SIGN_IN_EXPIRED, undefined, "sign_in_expired");
      }
      const { admin, challenge } = row;
      const attempt = deviceAttempt(admin.username, challenge.deviceId);
      await throttle.check(attempt);
      const secret = deps.config.secretKey;
      const recoveryLeft = "recoveryCode" in factor ? await spendRecoveryCode(db, secret, admin.id, factor.recoveryCode, at) : undefined;
      const accepted = "code" in factor ? await spendTotpCode(db, secret, admin, factor.code, at) : recoveryLeft !== null;
      if (!accepted) {
        await throttle.failed(attempt);
        if (challenge.failures + 1 >= CHALLENGE_TRIES) {
          await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.idHash, idHash));
          throw new HttpError(401, TOO_MANY_CODES, undefined, "sign_in_expired");
        }
        await db
          .update(adminLoginChallenges)
          .set({ failures: sql`${adminLoginChallenges.failures} + 1` })
          .where(eq(adminLoginChallenges.idHash, idHash));
        throw new HttpError(401, INVALID_CODE);
      }
      await throttle.succeeded(attempt);
      await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.idHash, idHash));
      if (recoveryLeft !== undefined && recoveryLeft !== null) {
        // A spent recovery code is news to its owner: if it was not them, their password and a code are known.
        const [device] = await db
          .select({ userAgent: adminDevices.userAgent, ip: adminDevices.ip })
          .from(adminDevices)
          .where(eq(adminDevices.id, challenge.deviceId));
        await db.transaction(async (tx) => {
          await recordAudit(tx, admin, "admin.recovery_code_used", `admin:${admin.id}`, { codes_left: recoveryLeft });
          const use = { codesLeft: recoveryLeft, device: describeBrowser(device?.userAgent ?? ""), ip: device?.ip ?? "unknown" };
          await deps.outbox.enqueue(tx, recoveryCodeUsedMail(admin, use, deps.config.publicUrl, at), at);
        });
      }
      return startSession(admin, challenge.deviceId, at);
    },

    /** The live session behind a cookie value, touched so it stays alive; null when missing or expired. */
    async session(sessionToken: string | undefined): Promise<AdminIdentity | null> {
      if (!sessionToken) return null;
      const at = now();
      const idHash = tokenHash(sessionToken);
      const [row] = await db
        .select({ session: adminSessions, admin: admins, deviceStatus: adminDevices.status, requireTwoFactor: adminSettings.value })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .innerJoin(adminDevices, eq(adminDevices.id, adminSessions.deviceId))
        // The owners' setting comes with the session in the same query: every admin request reads it.
        .leftJoin(adminSettings, eq(adminSettings.key, REQUIRE_TWO_FACTOR))
        .where(eq(adminSessions.idHash, idHash));
      if (!row) return null;
      const idle = at.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS;
      if (idle || at >= row.session.expiresAt || !row.admin.active || row.deviceStatus !== "approved") {
        await db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
        return null;
      }
      if (at.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(adminSessions).set({ lastSeenAt: at }).where(eq(adminSessions.idHash, idHash));
      }
      return {
        id: row.admin.id,
        username: row.admin.username,
        email: row.admin.email,
        role: row.admin.role,
        sessionHash: idHash,
        twoFactorPending: row.requireTwoFactor === true && row.admin.totpConfirmedAt === null,
      };
    },

    /** The admin signed in on the browser that sent this Cookie header (for page loaders). */
    sessionFromCookies(cookieHeader: string | null) {
      return this.session(parseCookie(cookieHeader ?? "")[adminCookieNames(deps.config.isProduction).session]);
    },

    /** Ends a session; an admin signing out (rather than a login replacing the session) is written to the audit log. */
    async logout(sessionToken: string | undefined, signingOut?: AuditActor) {
      if (!sessionToken) return;
      await db.transaction(async (tx) => {
        await tx.delete(adminSessions).where(eq(adminSessions.idHash, tokenHash(sessionToken)));
        if (signingOut) await recordAudit(tx, signingOut, "admin.logout");
      });
    },

    async listDevices(): Promise<DeviceView[]> {
      const rows = await devicesWithAdmin().orderBy(adminDevices.id);
      return rows.map(({ approvalExpiresAt: _expires, ...device }) => toDeviceView(device));
    },

    /**
     * Approves or revokes a device by id (admin screen, mailed link, CLI), with its audit entry.
     * Revoking ends its sessions at once.
     */
    async decide(
      deviceId: number,
      decision: "approve" | "revoke",
      actor: AuditActor = COMMAND_LINE,
      via: DeviceDecisionVia = actor === COMMAND_LINE ? "command_line" : "screen",
    ) {
      const status = decision === "approve" ? "approved" : "revoked";
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(adminDevices)
          .set({ status, decidedAt: now(), approvalTokenHash: null, approvalExpiresAt: null })
          .where(eq(adminDevices.id, deviceId))
          .returning({ id: adminDevices.id, adminId: adminDevices.adminId });
        if (!row) throw new HttpError(404, `No device ${deviceId}.`);
        if (status === "revoked") await tx.delete(adminSessions).where(eq(adminSessions.deviceId, deviceId));
        const [owner] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, row.adminId));
        // Whose device, and how it was decided, so the log can say it in words.
        await recordAudit(tx, actor, decision === "approve" ? "device.approved" : "device.revoked", `device:${deviceId}`, {
          admin_id: row.adminId,
          username: owner?.username,
          via,
        });
        return { id: row.id };
      });
    },

    /** The device behind an approval link, while the link is unused and unexpired. */
    async approvalRequest(link: string): Promise<DeviceView | null> {
      const [row] = await devicesWithAdmin().where(eq(adminDevices.approvalTokenHash, tokenHash(approvalTokenOf(link))));
      if (!row || row.status !== "pending" || !row.approvalExpiresAt || row.approvalExpiresAt <= now()) return null;
      const { approvalExpiresAt: _expires, ...device } = row;
      return toDeviceView(device);
    },

    /**
     * Uses an approval link: once only, within 24 hours. The log names the owner the link was mailed to as who
     * decided (whoever holds an owner's mail acts as that owner, as with their password reset).
     */
    async decideByLink(link: string, decision: "approve" | "reject") {
      const device = await this.approvalRequest(link);
      if (!device) throw new HttpError(410, "This approval link is invalid, used or expired.");
      return this.decide(device.id, decision === "approve" ? "approve" : "revoke", (await approverOf(link)) ?? MAILED_LINK, "link");
    },

    /**
     * Forgets the failed sign-ins of an admin, named by username or e-mail (the CLI's unlock); the names
     * of the admins it matched.
     */
    async unlock(usernameOrEmail: string) {
      const name = usernameOrEmail.trim();
      const matched = await db
        .select({ username: admins.username })
        .from(admins)
        .where(or(usernameIs(name), eq(admins.email, name.toLowerCase())));
      for (const identifier of new Set([name, ...matched.map((admin) => admin.username)])) await throttle.clear(identifier);
      return matched.map((admin) => admin.username);
    },

    /**
     * The signed-in admin's new password, given the current one: every other session of theirs ends (a
     * stolen session does not outlive the change), this one goes on.
     */
    async changePassword(admin: AdminIdentity, currentPassword: string, newPassword: string) {
      const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id));
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new HttpError(400, "The current password is not right.", { current_password: ["The current password is not right."] });
      }
      const problem = passwordProblem(newPassword);
      if (problem) throw new HttpError(400, problem, { new_password: [problem] });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash, passwordChangedAt: now() }).where(eq(admins.id, admin.id));
        await tx.delete(adminSessions).where(and(eq(adminSessions.adminId, admin.id), ne(adminSessions.idHash, admin.sessionHash)));
        await tx.delete(adminLoginChallenges).where(eq(adminLoginChallenges.adminId, admin.id));
        await recordAudit(tx, admin, "admin.password_changed", `admin:${admin.id}`);
      });
    },

    /** Forgets sessions and sign-ins waiting for a code that can no longer count. */
    async prune() {
      const at = now();
      await db.delete(adminLoginChallenges).where(lt(adminLoginChallenges.expiresAt, at));
      await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, at), lt(adminSessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS))));
    },
  };
}

export function approvalMail(to: string, username: string, device: { userAgent: string; ip: string }, link: string, at: Date) {
  return {
    to,
    subject: `Approve a new admin sign-in for ${username}`,
    text: [
      `Someone signed in as ${username} from a device we have not seen before.`,
      "",
      `Browser: ${describeBrowser(device.userAgent)}`,
      `IP address: ${device.ip}`,
      `Time: ${at.toUTCString()}`,
      "",
      "If this was your team, approve it here (the link works once, for 24 hours):",
      link,
      "",
      "If not, open the link and reject it, and change that admin's password.",
    ].join("\n"),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
