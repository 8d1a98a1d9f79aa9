import { createHmac, timingSafeEqual } from "node:crypto";

/** `<id>-<32 hex>`: lower-case only, so a mail system that folds the case of an address keeps it intact. */
export const SIGNED_ID = /(\d{1,15})-([0-9a-f]{32})/;

/**
 * Tokens that name a record in a link: its id signed with the site secret for one purpose, so they
 * cannot be guessed, altered or used for another kind of record, and need nothing stored.
 */
const signer = (secretKey: string, purpose: string) => (id: string | number) =>
  createHmac("sha256", secretKey).update(`${purpose}|${id}`).digest("hex").slice(0, 32);

const rightSignature = (expected: string, given: string) => timingSafeEqual(Buffer.from(expected), Buffer.from(given));

export function signedIds(secretKey: string, purpose: string) {
  const signature = signer(secretKey, purpose);
  const whole = new RegExp(`^${SIGNED_ID.source}$`);
  return {
    tokenOf: (id: number) => `${id}-${signature(id)}`,
    /** The id a token names, when its signature is right; undefined for anything else, with no hint why. */
    idOf(token: string): number | undefined {
      const match = whole.exec(token.toLowerCase());
      if (!match) return undefined;
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id) || id < 1) return undefined;
      return rightSignature(signature(id), match[2]!) ? id : undefined;
    },
  };
}

const SIGNED_UUID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f]{32})$/;

/** As `signedIds`, for records named by a UUID: `<uuid>.<32 hex>`. */
export function signedUuids(secretKey: string, purpose: string) {
  const signature = signer(secretKey, purpose);
  return {
    tokenOf: (id: string) => `${id.toLowerCase()}.${signature(id.toLowerCase())}`,
    idOf(token: string): string | undefined {
      const match = SIGNED_UUID.exec(token.toLowerCase());
      return match && rightSignature(signature(match[1]!), match[2]!) ? match[1] : undefined;
    },
  };
}
