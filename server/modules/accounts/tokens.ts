import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";

/** Mailed links (activation, password reset) die after three days. */
export const LINK_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

/** uid in a link: the 16 bytes of the user's UUID in base64url (22 characters). */
export function encodeUid(id: string): string {
  return Buffer.from(id.replace(/-/g, ""), "hex").toString("base64url");
}

export function decodeUid(uid: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(uid)) return undefined;
  const hex = Buffer.from(uid, "base64url").toString("hex");
  if (hex.length !== 32) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a link token is bound to: when any of it changes (password, login, address, activation) the token dies. */
export interface LinkState {
  id: string;
  passwordHash: string | null;
  lastLogin: Date | null;
  email: string;
  isActive: boolean;
}

export type LinkPurpose = "activation" | "password_reset";

/**
 * Single-use, expiring links without a table: `{timestamp in base36}-{HMAC}` where the HMAC covers the
 * user's state and the timestamp. Using the link changes that state (the account becomes active, the
 * password hash changes, a login is recorded), so the same token never verifies twice.
 */
export function createLinkTokens(secretKey: string) {
  const key = createHmac("sha256", secretKey).update("account-link-tokens").digest();
  const sign = (purpose: LinkPurpose, state: LinkState, seconds: number) =>
    createHmac("sha256", key)
      .update(
        [purpose, state.id, state.passwordHash ?? "", state.lastLogin?.toISOString() ?? "", state.email, state.isActive ? "1" : "0", seconds].join("\u0000"),
      )
      .digest("base64url");

  return {
    make(purpose: LinkPurpose, state: LinkState, now: Date): string {
      const seconds = Math.floor(now.getTime() / 1000);
      return `${seconds.toString(36)}-${sign(purpose, state, seconds)}`;
    },
    check(purpose: LinkPurpose, state: LinkState, token: string, now: Date): boolean {
      const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const seconds = Number.parseInt(match[1]!, 36);
      const age = now.getTime() - seconds * 1000;
      if (age < -60_000 || age > LINK_LIFETIME_MS) return false;
      const expected = Buffer.from(sign(purpose, state, seconds));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export interface AccessClaims {
  userId: string;
  familyId: string;
}

export interface RefreshClaims extends AccessClaims {
  jti: string;
}

const ALGORITHM = "HS256";
const ISSUER = "himaltech";

/**
 * Access (minutes) and refresh (a day) tokens: HS256 JWTs with the algorithm pinned on verification, so
 * `alg: none` or any other algorithm is refused. Each token says what it is, so a refresh token is never
 * accepted as an access token or the other way round.
 */
export function createSessionTokens(options: { secretKey: string; accessTtlSeconds: number; refreshTtlSeconds: number }) {
  const key = createHmac("sha256", options.secretKey).update("account-jwt").digest();

  const sign = (claims: JWTPayload, ttlSeconds: number, now: Date) => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);
  };

  async function read(token: string, type: "access" | "refresh", now: Date): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, currentDate: now, requiredClaims: ["exp", "sub"] });
      return payload.token_type === type && typeof payload.fam === "string" ? payload : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  return {
    async issue(userId: string, familyId: string, jti: string, now: Date) {
      return {
        access: await sign({ sub: userId, fam: familyId, token_type: "access", jti: randomUUID() }, options.accessTtlSeconds, now),
        refresh: await sign({ sub: userId, fam: familyId, token_type: "refresh", jti }, options.refreshTtlSeconds, now),
      };
    },
    async readAccess(token: string, now: Date): Promise<AccessClaims | undefined> {
      const payload = await read(token, "access", now);
      return payload ? { userId: payload.sub!, familyId: payload.fam as string } : undefined;
    },
    async readRefresh(token: string, now: Date): Promise<RefreshClaims | undefined> {
      const payload = await read(token, "refresh", now);
      return payload && typeof payload.jti === "string" ? { userId: payload.sub!, familyId: payload.fam as string, jti: payload.jti } : undefined;
    },
  };
}
