import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Stored lower-cased and trimmed, so one address is one account. */
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull().default(""),
  /**
   * argon2id, in PHC string form. Null while no password counts: an account made by a provider sign-in, or an
   * unverified one signed up for again with another password, until the owner chooses one through a mailed link
   * (decision 054).
   */
  passwordHash: text("password_hash"),
  /** Set once the address is verified; until then the account cannot log in. */
  isActive: boolean("is_active").notNull().default(false),
  dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
  lastLogin: timestamp("last_login", { withTimezone: true }),
  /** Set when staff disable the account: it cannot sign in, and its refresh tokens are revoked. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
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
    revokedReason: text("revoked_reason", { enum: ["logout", "reuse", "password_change", "disabled"] }),
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

/**
 * Failed sign-ins of one submitted identifier (site e-mail or admin username, normalised and hashed, whether
 * or not an account has it) from one source (an address, an approved admin device, or `*` for every source at
 * once). The login throttle (login-throttle.ts) reads and writes it.
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    realm: text("realm", { enum: ["site", "admin"] }).notNull(),
    identifierHash: text("identifier_hash").notNull(),
    source: text("source").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    /** The last sign-in with the right password from this source: it is then trusted by the account-wide throttle. */
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    /** When nothing in the row counts any more and it may be deleted. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.realm, table.identifierHash, table.source] }), index("login_throttle_expires_idx").on(table.expiresAt)],
);

/**
 * An account's sign-in with another provider: the provider's own, lasting id of the person (`sub`, or
 * GitHub's user id), never the e-mail address, which the person can change at the provider.
 */
export const socialIdentities = pgTable(
  "social_identities",
  {
    provider: text("provider", { enum: ["google", "github", "linkedin"] }).notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index("social_identities_user_idx").on(table.userId)],
);

/**
 * The single-use code a finished provider sign-in leaves in the browser's cookie, which the page's script
 * exchanges for the account's tokens (decision 047); only its hash is kept, for two minutes.
 */
export const socialSignInCodes = pgTable(
  "social_sign_in_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("social_sign_in_codes_expires_idx").on(table.expiresAt)],
);
