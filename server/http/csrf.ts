import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
export const CSRF_REFUSED = "CSRF token missing or incorrect.";

/**
 * The csrftoken cookie: a random value signed with the secret and bound to the session that uses it,
 * so a token planted by another site or left from another session is worthless. The client echoes it
 * in X-CSRFToken; an attacker's page can make the browser send the cookie but cannot read it.
 */
export function createCsrf(secret: string, secure: boolean) {
  const sign = (nonce: string, binding: string) => createHmac("sha256", secret).update(`csrf|${nonce}|${binding}`).digest("base64url");

  /** A new token for this session binding, not yet handed to anyone. */
  function mint(binding = ""): string {
    const nonce = randomBytes(18).toString("base64url");
    return `${nonce}.${sign(nonce, binding)}`;
  }

  function issue(reply: FastifyReply, binding = ""): string {
    const token = mint(binding);
    reply.setCookie(CSRF_COOKIE, token, { path: "/", sameSite: "strict", secure, httpOnly: false, maxAge: 60 * 60 * 24 * 365 });
    return token;
  }

  function isValid(request: FastifyRequest, binding = ""): boolean {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== "string" || header.length !== cookie.length) return false;
    if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) return false;
    const [nonce, signature] = cookie.split(".");
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce, binding));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Throws 403 unless the request carries a valid token for this session binding. */
  function verify(request: FastifyRequest, binding = ""): void {
    if (!isValid(request, binding)) throw new HttpError(403, CSRF_REFUSED, undefined, "csrf");
  }

  return { mint, issue, isValid, verify };
}

export type Csrf = ReturnType<typeof createCsrf>;

declare module "fastify" {
  interface FastifyInstance {
    csrf: Csrf;
  }
}

export function registerCsrf(app: FastifyInstance, secret: string, secure: boolean) {
  app.decorate("csrf", createCsrf(secret, secure));
  app.get("/api/csrf/", { config: { rateLimit: false } }, async (request, reply) => {
    const token = request.cookies[CSRF_COOKIE] ?? app.csrf.issue(reply);
    return { csrfToken: token };
  });
}
