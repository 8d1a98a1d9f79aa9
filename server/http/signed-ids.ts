import { createHmac, timingSafeEqual } from "node:crypto";

/** `<id>-<32 hex>`: lower-case only, so a mail system that folds the case of an address keeps it intact. */
export const SIGNED_ID = /(\d{1,15})-([0-9a-f]{32})/;

/**
 * Tokens that name a record in a link: its id signed with the site secret for one purpose, so they
 * cannot be guessed, altered or used for another kind of record, and need nothing stored.
 */
export function signedIds(secretKey: string, purpose: string) {
  const signature = (id: number) => createHmac("sha256", secretKey).update(`${purpose}|${id}`).digest("hex").slice(0, 32);
  const whole = new RegExp(`^${SIGNED_ID.source}$`);
  return {
    tokenOf: (id: number) => `${id}-${signature(id)}`,
    /** The id a token names, when its signature is right; undefined for anything else, with no hint why. */
    idOf(token: string): number | undefined {
      const match = whole.exec(token.toLowerCase());
      if (!match) return undefined;
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id) || id < 1) return undefined;
      const expected = Buffer.from(signature(id));
      const given = Buffer.from(match[2]!);
      return timingSafeEqual(expected, given) ? id : undefined;
    },
  };
}
