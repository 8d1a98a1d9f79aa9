import { createHmac } from "node:crypto";
import { EncryptJWT, errors, jwtDecrypt } from "jose";
import { SOCIAL_PROVIDERS, type SocialProvider } from "#contracts/social-providers.ts";
import type { SocialFlow } from "./social-providers";

/** A sign-in at a provider has this long to come back. */
export const SOCIAL_FLOW_TTL_SECONDS = 10 * 60;

/**
 * The cookies of a provider sign-in. The flow (state, nonce, PKCE verifier) is encrypted, so the browser
 * that started the sign-in carries it back without being able to read or change it, and no other browser has
 * it; it must be SameSite=Lax, as it returns on the provider's redirect from another site. The code that
 * the finished sign-in leaves for the page's script only ever goes to this site's own requests: Strict.
 */
export function socialCookieNames(production: boolean) {
  // __Host- cookies are only accepted over HTTPS, for this exact host and path: no subdomain can set them.
  const prefix = production ? "__Host-" : "";
  return { flow: `${prefix}social_sign_in`, code: `${prefix}social_sign_in_code` };
}

export function createSocialFlowCookie(secretKey: string) {
  const key = createHmac("sha256", secretKey).update("social-sign-in-flow").digest();

  return {
    seal(flow: SocialFlow, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new EncryptJWT({ ...flow })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SOCIAL_FLOW_TTL_SECONDS)
        .encrypt(key);
    },

    /** The flow sealed in the cookie, while it lasts; undefined for a missing, expired, altered or foreign one. */
    async open(sealed: string | undefined, now: Date): Promise<SocialFlow | undefined> {
      if (!sealed) return undefined;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { currentDate: now, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] });
        const { provider, state, nonce, codeVerifier } = payload;
        if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider) || typeof state !== "string" || typeof codeVerifier !== "string") return undefined;
        return { provider: provider as SocialProvider, state, codeVerifier, ...(typeof nonce === "string" ? { nonce } : {}) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
