import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { adminRecoveryCodes, admins } from "./schema";

/** The admin_settings key an owner sets to require two-factor sign-in of every admin. */
export const REQUIRE_TWO_FACTOR = "require_two_factor";
/** A sign-in waiting for its code lasts this long and allows this many wrong codes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;

const ISSUER = "HimalTech";
/** RFC 6238 as every authenticator app reads it: 30-second steps, 6 digits, HMAC-SHA-1. */
const TOTP_SETTINGS = { algorithm: "SHA1", digits: 6, period: 30 } as const;

/** A key of its own for sealing TOTP secrets, derived from the site secret so no second secret has to be kept. */
function sealingKey(siteSecret: string) {
  return Buffer.from(hkdfSync("sha256", siteSecret, "himaltech", "admin-totp-secret", 32));
}

/** AES-256-GCM: a copied database alone does not give away anyone's second factor. */
export function sealSecret(siteSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(siteSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export function openSecret(siteSecret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("Unknown sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(siteSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** The secret, or null when it was sealed with another site secret (SECRET_KEY changed since): it cannot be used any more. */
export function openSecretOrNull(siteSecret: string, sealed: string): string | null {
  try {
    return openSecret(siteSecret, sealed);
  } catch {
    return null;
  }
}

/** A new shared secret, in base32 as people type it into an authenticator app (160 bits, as RFC 4226 advises). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpFor = (secretBase32: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secretBase32), ...TOTP_SETTINGS });

/** The time step a code belongs to (the current one or its neighbour either side, for clock drift), or null. */
export function codeStep(totp: TOTP, code: string, at: Date): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp.validate({ token, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}

/** The set-up QR code as an SVG document, drawn on the server so the page needs no script to show it. */
export const qrSvg = (uri: string) => QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });

// No 0/o, 1/l/i: a code read off paper is typed without guessing.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** Ten codes of 10 characters (about 49 bits each), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/**
 * Keyed with the site secret: the codes are random enough that a fast hash suffices, and the key means a
 * copied table cannot be tried offline. Case, spaces and dashes as typed do not matter.
 */
export const recoveryCodeHash = (siteSecret: string, code: string) =>
  createHmac("sha256", siteSecret)
    .update(`admin-recovery|${code.toLowerCase().replace(/[\s-]/g, "")}`)
    .digest("hex");

type TotpHolder = { id: number; username: string; totpSecret: string | null; totpLastStep: number | null };

/**
 * Accepts a six-digit code of the admin's authenticator once: the step it belongs to is recorded, and a
 * code of that step or an earlier one is refused from then on (one conditional update, so two requests
 * racing with the same code cannot both pass).
 */
export async function spendTotpCode(executor: Executor, siteSecret: string, admin: TotpHolder, code: string, at: Date): Promise<boolean> {
  const secret = admin.totpSecret && openSecretOrNull(siteSecret, admin.totpSecret);
  if (!secret) return false;
  const step = codeStep(totpFor(secret, admin.username), code, at);
  if (step === null || (admin.totpLastStep !== null && step <= admin.totpLastStep)) return false;
  const updated = await executor
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, admin.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return updated.length === 1;
}

/** Spends one unused recovery code of the admin; the number left, or null when the code is not one of theirs. */
export async function spendRecoveryCode(executor: Executor, siteSecret: string, adminId: number, code: string, at: Date): Promise<number | null> {
  const spent = await executor
    .update(adminRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(adminRecoveryCodes.adminId, adminId), eq(adminRecoveryCodes.codeHash, recoveryCodeHash(siteSecret, code)), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  if (spent.length === 0) return null;
  return recoveryCodesLeft(executor, adminId);
}

export async function recoveryCodesLeft(executor: Executor, adminId: number) {
  const [row] = await executor
    .select({ value: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return row?.value ?? 0;
}
