import type { FastifyReply, FastifyRequest } from "fastify";
import { roleMayUse, type AdminArea } from "#contracts/admin-roles.ts";
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

/** What an admin outside their role is told, by the API and by the page. */
export const NOT_PERMITTED = "Your admin role does not give access to this. Ask an owner if you need it.";

/**
 * The gate in front of every admin call: a live admin session (401 otherwise), a role that may use the
 * call's area (403 `not_permitted` otherwise; "any" for what every admin needs, such as signing out) and,
 * on unsafe methods, the CSRF token bound to that session (403 otherwise). While owners require two-factor
 * sign-in and this admin has not set it up, only the calls that set it up pass (`beforeTwoFactor`).
 */
export function requireAdmin(admin: AdminService, csrf: Csrf, production: boolean, area: AdminArea | "any", { beforeTwoFactor = false } = {}) {
  const { session } = adminCookieNames(production);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await admin.session(request.cookies[session]);
    if (!identity) throw new HttpError(401, "Admin sign-in required.", undefined, "not_authenticated");
    // The code travels with the message, whatever error shape the route uses, so a client can tell "not yours" from a bad CSRF token.
    if (area !== "any" && !roleMayUse(identity.role, area)) return reply.code(403).send({ message: NOT_PERMITTED, code: "not_permitted" });
    if (UNSAFE.has(request.method)) csrf.verify(request, identity.sessionHash);
    // The code goes with the message whatever the route's error shape, so a screen can send the admin to set-up.
    if (identity.twoFactorPending && !beforeTwoFactor) return reply.code(403).send({ message: TWO_FACTOR_REQUIRED, code: "two_factor_required" });
    request.admin = identity;
  };
}
