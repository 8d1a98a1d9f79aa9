import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { SocialProvider, SocialSignInProblem } from "#contracts/social-providers.ts";
import type { Config } from "../../config";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import { createLoginThrottle } from "./login-throttle";
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { accountMailCounts, refreshTokenFamilies, socialIdentities, socialSignInCodes, users } from "./schema";
import { createLinkTokens, createSessionTokens, decodeUid, encodeUid, type LinkPurpose } from "./tokens";

export const REFRESH_TTL_SECONDS = 24 * 60 * 60;
/** Activation or reset mails one address receives per hour, however often they are asked for. */
export const MAX_MAILS_PER_ADDRESS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export const REGISTERED_MESSAGE = "User registered successfully. Please verify your email.";
export const RESEND_MESSAGE = "Verification email has been resent.";
export const RESET_REQUESTED_MESSAGE = "If an account exists for this address, a password reset link has been sent.";

type User = typeof users.$inferSelect;

const invalidCredentials = () => new HttpError(401, "No active account found with the given credentials", undefined, "invalid_credentials");
const invalidToken = () => new HttpError(401, "Token is invalid or expired", undefined, "token_not_valid");
export const DISABLED_MESSAGE = "This account has been disabled. Please contact us if you think this is a mistake.";
const accountDisabled = () => new HttpError(401, DISABLED_MESSAGE, undefined, "account_disabled");

/** How long the code a provider sign-in leaves in the browser can be exchanged for the account's tokens. */
export const SOCIAL_CODE_TTL_MS = 2 * 60 * 1000;

/** Who a provider says signed in: its lasting id for the person, and the address with whether the provider verified it. */
export interface ProviderIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string;
}

export type SocialSignIn =
  | { outcome: "signed_in"; code: string; userId: string; created: boolean }
  | { outcome: "refused"; problem: Extract<SocialSignInProblem, "unverified_email" | "account_not_verified" | "account_disabled">; userId?: string };

const codeHash = (code: string) => createHash("sha256").update(code).digest("base64url");

export type RevokeReason = "logout" | "reuse" | "password_change" | "disabled";

function assertPassword(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, problem, { [field]: [problem] }, "invalid_password");
}

export function createAccountsService(deps: { db: Database; outbox: MailOutbox; config: Config; now: () => Date }) {
  const { db, now } = deps;
  const links = createLinkTokens(deps.config.secretKey);
  const sessions = createSessionTokens({
    secretKey: deps.config.secretKey,
    accessTtlSeconds: deps.config.accessTokenTtlSeconds,
    refreshTtlSeconds: REFRESH_TTL_SECONDS,
  });
  const throttle = createLoginThrottle({
    db,
    now,
    secretKey: deps.config.secretKey,
    realm: "site",
    throttledMessage: (seconds) => `Too many failed login attempts. Please try again in ${seconds} seconds or reset your password.`,
  });
  const link = (path: string, user: User, purpose: LinkPurpose) => `${deps.config.publicUrl}/${path}/${encodeUid(user.id)}/${links.make(purpose, user, now())}`;

  async function findByEmail(executor: Executor, email: string): Promise<User | undefined> {
    return (await executor.select().from(users).where(eq(users.email, email)).limit(1))[0];
  }

  async function findByUid(uid: string): Promise<User | undefined> {
    const id = decodeUid(uid);
    return id ? (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] : undefined;
  }

  /** Counts a mail to the address in the current hour; false when the address has had its share. */
  async function mayMail(executor: Executor, email: string, kind: LinkPurpose): Promise<boolean> {
    const at = now();
    const windowOpen = new Date(at.getTime() - HOUR_MS);
    const [row] = await executor
      .insert(accountMailCounts)
      .values({ email, kind, windowStart: at, sent: 1 })
      .onConflictDoUpdate({
        target: [accountMailCounts.email, accountMailCounts.kind],
        set: {
          sent: sql`case when ${accountMailCounts.windowStart} < ${windowOpen} then 1 else ${accountMailCounts.sent} + 1 end`,
          windowStart: sql`case when ${accountMailCounts.windowStart} < ${windowOpen} then ${at} else ${accountMailCounts.windowStart} end`,
        },
      })
      .returning({ sent: accountMailCounts.sent });
    return (row?.sent ?? 0) <= MAX_MAILS_PER_ADDRESS_PER_HOUR;
  }

  // These mails can go to an address that has not proven itself, so they carry nothing the sender typed (not even the name).
  async function mailActivation(executor: Executor, user: User) {
    if (user.passwordHash === null) return mailPasswordChoice(executor, user);
    const url = link("verify", user, "activation");
    await deps.outbox.enqueue(
      executor,
      {
        to: user.email,
        recipientTypedByVisitor: true,
        subject: "Verify your HimalTech account",
        text: `Hello,\n\nPlease verify your email address to activate your HimalTech account:\n\n${url}\n\nThe link works once and for 3 days. If you did not sign up, you can ignore this mail.\n\nHimalTech`,
      },
      now(),
    );
  }

  /** The activation of a sign-up that kept no password: the owner chooses one, which verifies the address too. */
  async function mailPasswordChoice(executor: Executor, user: User) {
    const url = link("reset-password", user, "password_reset");
    await deps.outbox.enqueue(
      executor,
      {
        to: user.email,
        subject: "Choose a password for your HimalTech account",
        text: `Hello,\n\nSomeone signed up for a HimalTech account with this address more than once, with different passwords, so none of them was kept. If it was you, choose your password here; this also verifies your address:\n\n${url}\n\nThe link works once and for 3 days. If you did not sign up, you can ignore this mail.\n\nHimalTech`,
      },
      now(),
    );
  }

  async function mailPasswordReset(executor: Executor, user: User) {
    const url = link("reset-password", user, "password_reset");
    await deps.outbox.enqueue(
      executor,
      {
        to: user.email,
        recipientTypedByVisitor: true,
        subject: "Reset your HimalTech password",
        text: `Hello,\n\nSomeone asked to reset the password of your HimalTech account. To choose a new one, open:\n\n${url}\n\nThe link works once and for 3 days. If it was not you, ignore this mail: your password stays as it is.\n\nHimalTech`,
      },
      now(),
    );
  }

  async function openSession(executor: Executor, userId: string) {
    const familyId = randomUUID();
    const jti = randomUUID();
    await executor.insert(refreshTokenFamilies).values({ id: familyId, userId, currentJti: jti, createdAt: now(), rotatedAt: now() });
    return sessions.issue(userId, familyId, jti, now());
  }

  async function revokeFamilies(executor: Executor, condition: SQL | undefined, reason: RevokeReason) {
    await executor
      .update(refreshTokenFamilies)
      .set({ revokedAt: now(), revokedReason: reason })
      .where(and(condition, isNull(refreshTokenFamilies.revokedAt)));
  }

  /** A link's user when the token is valid for it now, else undefined. */
  async function linkUser(uid: string, token: string, purpose: LinkPurpose): Promise<User | undefined> {
    const user = await findByUid(uid);
    return user && links.check(purpose, user, token, now()) ? user : undefined;
  }

  async function setPassword(user: User, password: string, keepFamily?: string) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      // Setting a password through a link mailed to the address proves the address as well; the name an unverified
      // account had was typed by whoever signed up, who need not be the owner (decision 054).
      await tx
        .update(users)
        .set({ passwordHash, isActive: true, ...(user.isActive ? {} : { fullName: "" }) })
        .where(eq(users.id, user.id));
      const mine = eq(refreshTokenFamilies.userId, user.id);
      await revokeFamilies(tx, keepFamily ? and(mine, ne(refreshTokenFamilies.id, keepFamily)) : mine, "password_change");
    });
  }

  /** Asks for the password again before what cannot be undone; a wrong one is a 400 naming the field. */
  async function confirmPassword(user: User, password: string, field = "password") {
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new HttpError(400, "Your current password is incorrect.", { [field]: ["Your current password is incorrect."] }, "wrong_password");
    }
  }

  /** The account linked to a provider's person, if one is. */
  async function linkedUser(provider: SocialProvider, subject: string): Promise<User | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
      .limit(1);
    return row?.user;
  }

  const providerName = (identity: ProviderIdentity) => identity.name.trim().slice(0, 150);

  /**
   * A new, active account for an address the provider verified. It has no password, so the password login
   * refuses it until the owner sets one through "Forgot your password?".
   */
  async function createSocialAccount(identity: ProviderIdentity & { email: string }): Promise<User | undefined> {
    const [created] = await db
      .insert(users)
      .values({ email: identity.email, fullName: providerName(identity), passwordHash: null, isActive: true, dateJoined: now() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return created;
  }

  /**
   * The owner of an address a provider verified takes over the unverified account that has it: whatever its
   * sign-up typed (the password, the name) may be a stranger's, so none of it stays (decision 054).
   */
  async function claimUnverified(user: User, identity: ProviderIdentity): Promise<User> {
    const [claimed] = await db
      .update(users)
      .set({ passwordHash: null, fullName: providerName(identity), isActive: true })
      .where(and(eq(users.id, user.id), eq(users.isActive, false)))
      .returning();
    return claimed ?? user;
  }

  /**
   * A sign-up for an address whose account is still unverified. Only a mailed link tells the owner apart from
   * someone who typed the address, so the account keeps a password only while every sign-up gave that same one;
   * another makes it an account with no password, whose owner chooses one through the mail (decision 054).
   */
  async function signUpAgain(user: User, input: { password: string; full_name?: string }) {
    const samePassword = await verifyPassword(user.passwordHash, input.password);
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        // Kept only if no other sign-up changed it since it was read.
        .set({
          passwordHash: samePassword ? sql`case when ${users.passwordHash} = ${user.passwordHash} then ${users.passwordHash} end` : null,
          fullName: input.full_name ?? "",
        })
        .where(and(eq(users.id, user.id), eq(users.isActive, false)))
        .returning();
      if (updated && (await mayMail(tx, updated.email, "activation"))) await mailActivation(tx, updated);
    });
  }

  return {
    async register(input: { email: string; password: string; full_name?: string }) {
      const existing = await findByEmail(db, input.email);
      if (existing?.isActive) throw new HttpError(400, "Account already exists. Please log in.", undefined, "account_exists");
      assertPassword(input.password, "password");
      if (existing) {
        await signUpAgain(existing, input);
        return { message: REGISTERED_MESSAGE };
      }
      const passwordHash = await hashPassword(input.password);
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: input.email, fullName: input.full_name ?? "", passwordHash, dateJoined: now() })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (user) {
          await mayMail(tx, user.email, "activation");
          await mailActivation(tx, user);
        }
        return user;
      });
      // Two sign-ups for one address at once: the second finds the first.
      if (!created) throw new HttpError(400, "Email not verified. Please check your inbox.", undefined, "not_verified");
      return { message: REGISTERED_MESSAGE };
    },

    async activate(uid: string, token: string) {
      const user = await linkUser(uid, token, "activation");
      if (!user || user.isActive) throw new HttpError(400, "This verification link is invalid or has expired.", undefined, "invalid_link");
      await db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
      return { message: "Your account has been verified." };
    },

    /** Mails a new activation link to an unverified account; known or not, the caller learns nothing. */
    async resendActivation(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await findByEmail(tx, email);
        if (user && !user.isActive && (await mayMail(tx, email, "activation"))) await mailActivation(tx, user);
      });
    },

    async requestPasswordReset(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await findByEmail(tx, email);
        if (user && (await mayMail(tx, email, "password_reset"))) await mailPasswordReset(tx, user);
      });
    },

    /** Sets the new password; the account's failed logins end, and the address that holds the mailed link is trusted. */
    async confirmPasswordReset(uid: string, token: string, password: string, ip: string) {
      const user = await linkUser(uid, token, "password_reset");
      if (!user) throw new HttpError(400, "This password reset link is invalid or has expired.", undefined, "invalid_link");
      assertPassword(password, "password");
      await setPassword(user, password);
      await throttle.clear(user.email);
      await throttle.succeeded({ identifier: user.email, source: ip });
      return { message: "Password has been reset successfully." };
    },

    /** Signs in from a client address; failures slow down that address for this e-mail (see login-throttle.ts). */
    async login(email: string, password: string, ip: string) {
      const attempt = { identifier: email, source: ip };
      await throttle.check(attempt);
      const user = await findByEmail(db, email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
      if (!user || !valid) {
        await throttle.failed(attempt);
        throw invalidCredentials();
      }
      await throttle.succeeded(attempt);
      // Said only to whoever knows the password, so the message tells a stranger nothing about the address.
      if (user.disabledAt) throw accountDisabled();
      if (!user.isActive) throw new HttpError(401, "Email not verified. Please check your inbox.", undefined, "not_verified");
      return db.transaction(async (tx) => {
        await tx.update(users).set({ lastLogin: now() }).where(eq(users.id, user.id));
        return openSession(tx, user.id);
      });
    },

    /**
     * Signs in the person a provider vouches for: the account already linked to them, else the account with the
     * address the provider verified (now linked; an unverified one starts anew, see claimUnverified), else a new
     * active account. An address the provider has not verified is refused: it would let someone who merely
     * typed the address take the account over.
     */
    async signInWithProvider(identity: ProviderIdentity): Promise<SocialSignIn> {
      let user = await linkedUser(identity.provider, identity.subject);
      let created = false;
      if (!user) {
        const email = identity.emailVerified ? identity.email : undefined;
        if (!email) return { outcome: "refused", problem: "unverified_email" };
        user = await findByEmail(db, email);
        if (!user) {
          user = await createSocialAccount({ ...identity, email });
          created = user !== undefined;
          // Two first sign-ins for one address at once: the second finds the first's account.
          user ??= await findByEmail(db, email);
          if (!user) return { outcome: "refused", problem: "account_not_verified" };
        }
      }
      if (user.disabledAt) return { outcome: "refused", problem: "account_disabled", userId: user.id };
      if (!user.isActive) user = await claimUnverified(user, identity);
      const code = randomBytes(32).toString("base64url");
      const at = now();
      const userId = user.id;
      await db.transaction(async (tx) => {
        await tx
          .insert(socialIdentities)
          .values({ provider: identity.provider, subject: identity.subject, userId, linkedAt: at, lastUsedAt: at })
          .onConflictDoUpdate({ target: [socialIdentities.provider, socialIdentities.subject], set: { lastUsedAt: at } });
        await tx.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
        await tx.delete(socialSignInCodes).where(lt(socialSignInCodes.expiresAt, at));
        await tx.insert(socialSignInCodes).values({ codeHash: codeHash(code), userId, expiresAt: new Date(at.getTime() + SOCIAL_CODE_TTL_MS) });
      });
      return { outcome: "signed_in", code, userId, created };
    },

    /** Exchanges a provider sign-in's code for the account's tokens, once: a code shown twice, or late, is refused. */
    async redeemSignInCode(code: string | undefined) {
      const [redeemed] = code
        ? await db
            .delete(socialSignInCodes)
            .where(and(eq(socialSignInCodes.codeHash, codeHash(code)), gt(socialSignInCodes.expiresAt, now())))
            .returning({ userId: socialSignInCodes.userId })
        : [];
      if (!redeemed) throw new HttpError(400, "This sign-in has expired or was already used. Please sign in again.", undefined, "invalid_code");
      const [user] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, redeemed.userId));
      if (user?.disabledAt) throw accountDisabled();
      return { userId: redeemed.userId, tokens: await openSession(db, redeemed.userId) };
    },

    /** Rotates the refresh token; a token that was already rotated revokes its whole family. */
    async refresh(token: string) {
      const claims = await sessions.readRefresh(token, now());
      if (!claims) throw invalidToken();
      const jti = randomUUID();
      const [rotated] = await db
        .update(refreshTokenFamilies)
        .set({ currentJti: jti, rotatedAt: now() })
        .where(and(eq(refreshTokenFamilies.id, claims.familyId), eq(refreshTokenFamilies.currentJti, claims.jti), isNull(refreshTokenFamilies.revokedAt)))
        .returning({ userId: refreshTokenFamilies.userId });
      if (!rotated) {
        await revokeFamilies(db, eq(refreshTokenFamilies.id, claims.familyId), "reuse");
        throw invalidToken();
      }
      const [user] = await db.select({ isActive: users.isActive, disabledAt: users.disabledAt }).from(users).where(eq(users.id, rotated.userId));
      if (user?.disabledAt) throw accountDisabled();
      if (!user?.isActive) throw invalidToken();
      return sessions.issue(rotated.userId, claims.familyId, jti, now());
    },

    /** The user and session behind a Bearer access token, while the session is open. */
    async authenticate(authorization: string | undefined) {
      const token = /^Bearer ([\w.-]+)$/.exec(authorization ?? "")?.[1];
      if (!token) throw new HttpError(401, "Authentication credentials were not provided.", undefined, "not_authenticated");
      const claims = await sessions.readAccess(token, now());
      if (!claims) throw invalidToken();
      const [row] = await db
        .select({ user: users })
        .from(users)
        .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.userId, users.id))
        .where(and(eq(users.id, claims.userId), eq(refreshTokenFamilies.id, claims.familyId), isNull(refreshTokenFamilies.revokedAt)));
      if (!row) throw invalidToken();
      // Disabling revokes the sessions too; this also holds for an access token read in the same instant.
      if (row.user.disabledAt) throw accountDisabled();
      return { user: row.user, familyId: claims.familyId };
    },

    profile(user: User) {
      return { email: user.email, full_name: user.fullName, is_verified: user.isActive, date_joined: user.dateJoined.toISOString() };
    },

    async logout(familyId: string) {
      await revokeFamilies(db, eq(refreshTokenFamilies.id, familyId), "logout");
    },

    /** Forgets the failed logins of an e-mail address (the admin CLI's unlock); the account's address, when there is one. */
    async unlock(email: string) {
      await throttle.clear(email);
      return (await findByEmail(db, email.trim().toLowerCase()))?.email;
    },

    /**
     * Mails an unverified account a new activation link, within the address's hourly share (staff resending
     * from the users screen); false when the share is used up and nothing was sent.
     */
    async mailActivationWithinLimit(executor: Executor, user: User): Promise<boolean> {
      if (!(await mayMail(executor, user.email, "activation"))) return false;
      await mailActivation(executor, user);
      return true;
    },

    /** Ends every open session of an account. */
    async revokeSessions(executor: Executor, userId: string, reason: RevokeReason) {
      await revokeFamilies(executor, eq(refreshTokenFamilies.userId, userId), reason);
    },

    /** Forgets what is kept about an address apart from its account: its mail counts and failed logins. */
    async forgetAddress(executor: Executor, email: string) {
      await executor.delete(accountMailCounts).where(eq(accountMailCounts.email, email));
      await throttle.forget(email, executor);
    },

    confirmPassword,

    /** Changes the password; every other session ends, this one continues with new tokens. */
    async changePassword(user: User, familyId: string, currentPassword: string, newPassword: string) {
      await confirmPassword(user, currentPassword, "current_password");
      assertPassword(newPassword, "new_password");
      await setPassword(user, newPassword, familyId);
      const jti = randomUUID();
      await db.update(refreshTokenFamilies).set({ currentJti: jti, rotatedAt: now() }).where(eq(refreshTokenFamilies.id, familyId));
      return { message: "Your password has been changed.", ...(await sessions.issue(user.id, familyId, jti, now())) };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
