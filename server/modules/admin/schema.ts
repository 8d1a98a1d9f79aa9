import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ADMIN_ROLES } from "../../../contracts/admin-roles";

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    /** Shown as chosen, but one name in any letter case: sign-in, throttle and reset know it lower-cased. */
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** A disabled admin cannot sign in, and their sessions end. */
    active: boolean("active").notNull().default(true),
    role: text("role", { enum: ADMIN_ROLES }).notNull().default("support"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** The TOTP shared secret (RFC 6238), sealed with the site secret; set while setting up, in force once confirmed. */
    totpSecret: text("totp_secret"),
    totpConfirmedAt: timestamp("totp_confirmed_at", { withTimezone: true }),
    /** The last TOTP time step accepted, so one code cannot sign in twice. */
    totpLastStep: integer("totp_last_step"),
  },
  (table) => [uniqueIndex("admins_username_lower_idx").on(sql`lower(${table.username})`)],
);

/** Matches the admin a typed name means, in any letter case: the key of the unique index above. */
export const usernameIs = (name: string) => sql`lower(${admins.username}) = ${name.trim().toLowerCase()}`;

/** Ten single-use codes that stand in for the authenticator app; only their hashes are stored. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("admin_recovery_codes_admin_idx").on(table.adminId)],
);

/** An invitation to join the team: a single-use link, valid 72 hours, on which the invitee sets a password. */
export const adminInvites = pgTable(
  "admin_invites",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role", { enum: ADMIN_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The admin the accepted invitation made. */
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
  },
  (table) => [uniqueIndex("admin_invites_token_idx").on(table.tokenHash)],
);

/** A mailed link to set a new admin password: single use, short-lived, only its hash stored. */
export const adminPasswordResets = pgTable(
  "admin_password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("admin_password_resets_admin_idx").on(table.adminId)],
);

/**
 * A sign-in that passed the password on an approved device and now waits for the second factor. Its
 * cookie's hash is the key; it lasts minutes and allows a few tries.
 */
export const adminLoginChallenges = pgTable("admin_login_challenges", {
  idHash: text("id_hash").primaryKey(),
  adminId: integer("admin_id")
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" }),
  deviceId: integer("device_id")
    .notNull()
    .references(() => adminDevices.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  failures: integer("failures").notNull().default(0),
});

/** Settings owners change from the admin, such as requiring two-factor sign-in of everyone. One row per key. */
export const adminSettings = pgTable("admin_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => admins.id, { onDelete: "set null" }),
});

/**
 * A browser an admin signs in from, known by a long-lived cookie (only its hash is stored). A new
 * one waits as pending until an admin approves it; a revoked one is refused for good.
 */
export const adminDevices = pgTable(
  "admin_devices",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    status: text("status", { enum: ["pending", "approved", "revoked"] })
      .notNull()
      .default("pending"),
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** The single-use approval link mailed to the admins: its hash, expiry and when it was mailed. */
    approvalTokenHash: text("approval_token_hash"),
    approvalExpiresAt: timestamp("approval_expires_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("admin_devices_admin_key_idx").on(table.adminId, table.keyHash),
    uniqueIndex("admin_devices_approval_idx")
      .on(table.approvalTokenHash)
      .where(sql`approval_token_hash is not null`),
  ],
);

export const adminSessions = pgTable(
  "admin_sessions",
  {
    /** The hash of the session cookie's value; the value itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => adminDevices.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("admin_sessions_admin_idx").on(table.adminId)],
);
