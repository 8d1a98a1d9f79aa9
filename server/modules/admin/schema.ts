import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const admins = pgTable("admins", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
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
