import { createHash, randomBytes } from "node:crypto";
import { parseCookie } from "cookie";
import { and, count, eq, lt, or, sql } from "drizzle-orm";
import type { AdminRole } from "@contracts/admin-roles";
import type { Config } from "../../config";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { createLoginThrottle } from "../accounts/login-throttle";
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from "../accounts/passwords";
import { enqueueMail } from "../../mail/outbox";
import { adminDevices, admins, adminSessions } from "./schema";
import { recordAudit, type AuditActor } from "../audit/service";

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
export const APPROVAL_TTL_MS = 24 * 60 * 60_000;
/** A pending device that asks again within this time gets no second round of mails. */
export const RENOTIFY_AFTER_MS = 15 * 60_000;
/** Touching a session on every request would write on every request; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/** Who the audit log names for device decisions made without a signed-in admin. */
const COMMAND_LINE: AuditActor = { id: null, username: "command line" };
const MAILED_LINK: AuditActor = { id: null, username: "approval link" };

export const INVALID_CREDENTIALS = "Invalid username or password";

export const newToken = () => randomBytes(32).toString("base64url");
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function adminCookieNames(production: boolean) {
  // __Host- cookies are only accepted over HTTPS, for this exact host and path: no subdomain can set them.
  const prefix = production ? "__Host-" : "";
  return { session: `${prefix}admin_session`, device: `${prefix}admin_device` };
}

export type LoginOutcome = { kind: "session"; sessionToken: string; sessionHash: string; deviceKey: string } | { kind: "registering"; deviceKey: string };

export interface AdminIdentity {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  sessionHash: string;
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

/** A readable name for a browser from its user agent, for the approval mail and screens. */
export function describeBrowser(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Unknown browser";
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "unknown system";
  return `${browser} on ${system}`;
}

const toDeviceView = ({ userAgent, ...device }: Omit<DeviceView, "browser"> & { userAgent: string }): DeviceView => ({
  ...device,
  browser: describeBrowser(userAgent),
});

export function createAdminService(deps: { db: Database; config: Config; now: () => Date }) {
  const { db, now } = deps;
  const throttle = createLoginThrottle({
    db,
    now,
    secretKey: deps.config.secretKey,
    realm: "admin",
    throttledMessage: (seconds) => `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
  });

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

  return {
    /** The first admin there is becomes an owner, so the team always has someone who can run it. */
    async createAdmin(input: { username: string; email: string; password: string; role?: AdminRole }, executor: Executor = db) {
      const username = input.username.trim();
      if (!/^[a-zA-Z0-9_.-]{3,40}$/.test(username)) throw new HttpError(400, "Username must be 3-40 letters, digits, dots, dashes or underscores.");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw new HttpError(400, "Enter a valid e-mail address.");
      const problem = passwordProblem(input.password);
      if (problem) throw new HttpError(400, problem);
      const [existing] = await executor.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
      if (existing) throw new HttpError(409, `An admin named ${username} already exists.`);
      const role = input.role ?? ((await this.hasAdmins()) ? "support" : "owner");
      const [created] = await executor
        .insert(admins)
        .values({ username, email: input.email.trim().toLowerCase(), passwordHash: await hashPassword(input.password), role, createdAt: now() })
        .returning({ id: admins.id, username: admins.username, email: admins.email, role: admins.role });
      return created!;
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
        .where(and(eq(admins.username, username), eq(adminDevices.keyHash, tokenHash(deviceKey))))
        .then((rows) => rows.map((row) => row.device));
      // An approved device is throttled only by its own failures, wherever it connects from.
      const approved = device?.status === "approved";
      const attempt = approved
        ? { identifier: username, source: `device:${device.id}`, trusted: true }
        : { identifier: username, source: input.ip, trusted: false };
      await throttle.check(attempt);
      const [admin] = await db.select().from(admins).where(eq(admins.username, username));
      const valid = admin ? await verifyPassword(admin.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
      if (!admin || !valid || !admin.active) {
        await throttle.failed(attempt);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await throttle.succeeded(attempt);

      if (device?.status === "revoked") throw new HttpError(403, "This device has been revoked. Ask another admin for help.");
      if (approved) {
        await db.update(adminDevices).set({ lastSeenAt: at, ip: input.ip, userAgent: input.userAgent }).where(eq(adminDevices.id, device.id));
        return { kind: "session", deviceKey, ...(await startSession(admin, device.id, at)) };
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
          // Deciding on devices is the owners' part (contracts/admin-roles.ts): only they get the link.
          const approvers = await tx
            .select({ email: admins.email })
            .from(admins)
            .where(and(eq(admins.active, true), eq(admins.role, "owner")));
          const link = `${deps.config.publicUrl}/admin/devices/approve/${approvalToken}`;
          for (const approver of approvers) await enqueueMail(tx, approvalMail(approver.email, admin.username, row!, link, at), at);
        });
      }
      return { kind: "registering", deviceKey };
    },

    /** The live session behind a cookie value, touched so it stays alive; null when missing or expired. */
    async session(sessionToken: string | undefined): Promise<AdminIdentity | null> {
      if (!sessionToken) return null;
      const at = now();
      const idHash = tokenHash(sessionToken);
      const [row] = await db
        .select({ session: adminSessions, admin: admins, deviceStatus: adminDevices.status })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .innerJoin(adminDevices, eq(adminDevices.id, adminSessions.deviceId))
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
      return { id: row.admin.id, username: row.admin.username, email: row.admin.email, role: row.admin.role, sessionHash: idHash };
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
    async decide(deviceId: number, decision: "approve" | "revoke", actor: AuditActor = COMMAND_LINE) {
      const status = decision === "approve" ? "approved" : "revoked";
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(adminDevices)
          .set({ status, decidedAt: now(), approvalTokenHash: null, approvalExpiresAt: null })
          .where(eq(adminDevices.id, deviceId))
          .returning({ id: adminDevices.id, adminId: adminDevices.adminId });
        if (!row) throw new HttpError(404, `No device ${deviceId}.`);
        if (status === "revoked") await tx.delete(adminSessions).where(eq(adminSessions.deviceId, deviceId));
        await recordAudit(tx, actor, decision === "approve" ? "device.approved" : "device.revoked", `device:${deviceId}`, { admin_id: row.adminId });
        return { id: row.id };
      });
    },

    /** The device behind an approval link, while the link is unused and unexpired. */
    async approvalRequest(approvalToken: string): Promise<DeviceView | null> {
      const [row] = await devicesWithAdmin().where(eq(adminDevices.approvalTokenHash, tokenHash(approvalToken)));
      if (!row || row.status !== "pending" || !row.approvalExpiresAt || row.approvalExpiresAt <= now()) return null;
      const { approvalExpiresAt: _expires, ...device } = row;
      return toDeviceView(device);
    },

    /** Uses an approval link: once only, within 24 hours. */
    async decideByLink(approvalToken: string, decision: "approve" | "reject") {
      const device = await this.approvalRequest(approvalToken);
      if (!device) throw new HttpError(410, "This approval link is invalid, used or expired.");
      return this.decide(device.id, decision === "approve" ? "approve" : "revoke", MAILED_LINK);
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
        .where(or(eq(sql`lower(${admins.username})`, name.toLowerCase()), eq(admins.email, name.toLowerCase())));
      for (const identifier of new Set([name, ...matched.map((admin) => admin.username)])) await throttle.clear(identifier);
      return matched.map((admin) => admin.username);
    },

    /** Forgets sessions that can no longer count. */
    async prune() {
      const at = now();
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
