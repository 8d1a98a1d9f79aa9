import type { FastifyReply, FastifyRequest } from "fastify";
import type { Csrf } from "../../http/csrf";
import { HttpError } from "../../http/errors";
import { adminCookieNames, type AdminIdentity, type AdminService } from "./service";

declare module "fastify" {
  interface FastifyRequest {
    admin?: AdminIdentity;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const TWO_FACTOR_REQUIRED = "Two-factor sign-in is required. Set it up on My account (/admin/account) first.";

/**
 * The gate in front of every admin call: a live admin session (401 otherwise) and, on unsafe
 * methods, the CSRF token bound to that session (403 otherwise). While owners require two-factor
 * sign-in and this admin has not set it up, only the calls that set it up pass (`beforeTwoFactor`).
 */
export function requireAdmin(admin: AdminService, csrf: Csrf, production: boolean, { beforeTwoFactor = false } = {}) {
  const { session } = adminCookieNames(production);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await admin.session(request.cookies[session]);
    if (!identity) throw new HttpError(401, "Admin sign-in required.", undefined, "not_authenticated");
    if (UNSAFE.has(request.method)) csrf.verify(request, identity.sessionHash);
    // The code goes with the message whatever the route's error shape, so a screen can send the admin to set-up.
    if (identity.twoFactorPending && !beforeTwoFactor) return reply.code(403).send({ message: TWO_FACTOR_REQUIRED, code: "two_factor_required" });
    request.admin = identity;
  };
}
