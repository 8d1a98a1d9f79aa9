import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Stored lower-cased and trimmed, so one address is one account. */
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull().default(""),
  /** argon2id, in PHC string form. */
  passwordHash: text("password_hash").notNull(),
  /** Set once the address is verified; until then the account cannot log in. */
  isActive: boolean("is_active").notNull().default(false),
  dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
  lastLogin: timestamp("last_login", { withTimezone: true }),
  /** Failed logins in the hour that began at `failedLoginsSince`. */
  failedLogins: integer("failed_logins").notNull().default(0),
  failedLoginsSince: timestamp("failed_logins_since", { withTimezone: true }),
});

/**
 * One login session: every refresh rotates `currentJti`. Presenting a refresh token of the family that
 * is no longer the current one means it was stolen or replayed, and the whole family is revoked.
 */
export const refreshTokenFamilies = pgTable(
  "refresh_token_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currentJti: uuid("current_jti").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason", { enum: ["logout", "reuse", "password_change"] }),
  },
  (table) => [index("refresh_token_families_user_idx").on(table.userId)],
);

/** How many account mails of one kind an address was sent in the current hour, so nobody can flood an inbox. */
export const accountMailCounts = pgTable(
  "account_mail_counts",
  {
    email: text("email").notNull(),
    kind: text("kind", { enum: ["activation", "password_reset"] }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    sent: integer("sent").notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.kind] })],
);
