import { createHmac } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { loginThrottle } from "./schema";

/** Failed sign-ins one source may make for one identifier before each further one must wait. */
export const FREE_FAILURES_PER_SOURCE = 5;
/** Failed sign-ins from all sources together before sources the account does not trust must wait too. */
export const FREE_FAILURES_PER_ACCOUNT = 20;
/** The longest wait: the delay doubles with each failure beyond the free ones, up to this. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures are forgotten after this long without a new one. */
export const FORGET_FAILURES_MS = 60 * 60_000;
/** A source where the right password was given stays trusted this long. */
export const TRUST_SOURCE_MS = 30 * 24 * 60 * 60_000;
/** The source name of the row that counts every source's failures for one identifier. */
const EVERY_SOURCE = "*";

export type LoginRealm = "site" | "admin";

export interface LoginAttempt {
  /** The identifier as submitted (e-mail or username); it is keyed whether or not an account has it. */
  identifier: string;
  /** The client address, or an approved admin device (`device:<id>`). */
  source: string;
  /** Exempt from the account-wide delay; by default, when this source has given the right password before. */
  trusted?: boolean;
}

/**
 * Slows down password guessing without letting strangers lock anyone out (OWASP authentication guidance):
 * each (identifier, source) pair has its own growing delay, so failures from elsewhere never stop the
 * owner's address or device; a second, account-wide delay holds back a guesser spread over many
 * addresses but spares sources the account trusts. A delayed attempt is refused with 429 and
 * Retry-After before the password is looked at (never by sleeping, which would tie the server up), and
 * the refusal depends only on the submitted identifier, so it tells nothing about whether an account exists.
 */
export function createLoginThrottle(deps: {
  db: Database;
  secretKey: string;
  now: () => Date;
  realm: LoginRealm;
  throttledMessage: (seconds: number) => string;
}) {
  const { db, now, realm } = deps;
  // Keyed hashes: what people type into a login form (sometimes their password) is never stored as typed.
  const identifierHash = (identifier: string) => createHmac("sha256", deps.secretKey).update(`login:${identifier.trim().toLowerCase()}`).digest("hex");
  const forIdentifier = (identifier: string) => and(eq(loginThrottle.realm, realm), eq(loginThrottle.identifierHash, identifierHash(identifier)));

  /** Counts one failure in a row, atomically, and starts its wait once the free failures are used up. */
  async function countFailure(hash: string, source: string, freeFailures: number, at: Date) {
    const forgetBefore = new Date(at.getTime() - FORGET_FAILURES_MS);
    const failures = sql`case when ${loginThrottle.lastFailureAt} is null or ${loginThrottle.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottle.failures} + 1 end`;
    await db
      .insert(loginThrottle)
      .values({ realm, identifierHash: hash, source, failures: 1, lastFailureAt: at, expiresAt: new Date(at.getTime() + FORGET_FAILURES_MS) })
      .onConflictDoUpdate({
        target: [loginThrottle.realm, loginThrottle.identifierHash, loginThrottle.source],
        set: {
          failures,
          lastFailureAt: at,
          blockedUntil: sql`case when ${failures} > ${freeFailures}
            then ${at}::timestamptz + make_interval(secs => least(power(2, ${failures} - ${freeFailures}), ${MAX_DELAY_SECONDS}))
            else null end`,
          expiresAt: sql`greatest(${new Date(at.getTime() + FORGET_FAILURES_MS)}::timestamptz, ${loginThrottle.succeededAt} + make_interval(secs => ${TRUST_SOURCE_MS / 1000}))`,
        },
      });
  }

  return {
    /** Refuses the attempt with 429 and Retry-After while its source, or (for an untrusted source) the account, must wait. */
    async check(attempt: LoginAttempt) {
      const at = now();
      const rows = await db
        .select()
        .from(loginThrottle)
        .where(and(forIdentifier(attempt.identifier), inArray(loginThrottle.source, [attempt.source, EVERY_SOURCE])));
      const own = rows.find((row) => row.source === attempt.source);
      const trusted = attempt.trusted ?? Boolean(own?.succeededAt && at.getTime() - own.succeededAt.getTime() < TRUST_SOURCE_MS);
      const holding = [own, trusted ? undefined : rows.find((row) => row.source === EVERY_SOURCE)];
      const waitMs = Math.max(0, ...holding.map((row) => (row?.blockedUntil ? row.blockedUntil.getTime() - at.getTime() : 0)));
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, deps.throttledMessage(seconds), undefined, "throttled", { "retry-after": String(seconds) });
      }
    },

    /** Records a wrong password (or unknown identifier) for the source and for the account as a whole. */
    async failed(attempt: LoginAttempt) {
      const at = now();
      const hash = identifierHash(attempt.identifier);
      await countFailure(hash, attempt.source, FREE_FAILURES_PER_SOURCE, at);
      await countFailure(hash, EVERY_SOURCE, FREE_FAILURES_PER_ACCOUNT, at);
      // The guessing path is where rows pile up, so it is where the forgotten ones go.
      await db.delete(loginThrottle).where(lt(loginThrottle.expiresAt, at));
    },

    /** The right password from this source: its own failures end, and the account trusts it from now on. */
    async succeeded(attempt: LoginAttempt) {
      const at = now();
      const values = { failures: 0, lastFailureAt: null, blockedUntil: null, succeededAt: at, expiresAt: new Date(at.getTime() + TRUST_SOURCE_MS) };
      await db
        .insert(loginThrottle)
        .values({ realm, identifierHash: identifierHash(attempt.identifier), source: attempt.source, ...values })
        .onConflictDoUpdate({ target: [loginThrottle.realm, loginThrottle.identifierHash, loginThrottle.source], set: values });
    },

    /** Forgets every failure recorded for the identifier, from every source (a password reset, the unlock command). */
    async clear(identifier: string) {
      await db.update(loginThrottle).set({ failures: 0, lastFailureAt: null, blockedUntil: null }).where(forIdentifier(identifier));
    },

    /** Deletes every row of the identifier, trusted sources included (its account is being deleted). */
    async forget(identifier: string, executor: Executor = db) {
      await executor.delete(loginThrottle).where(forIdentifier(identifier));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
