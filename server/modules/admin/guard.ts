import type { FastifyReply, FastifyRequest } from "fastify";
import { roleMayUse, type AdminArea } from "@contracts/admin-roles";
import type { Csrf } from "../../http/csrf";
import { HttpError } from "../../http/errors";
import { adminCookieNames, type AdminIdentity, type AdminService } from "./service";

declare module "fastify" {
  interface FastifyRequest {
    admin?: AdminIdentity;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What an admin outside their role is told, by the API and by the page. */
export const NOT_PERMITTED = "Your admin role does not give access to this. Ask an owner if you need it.";

/**
 * The gate in front of every admin call: a live admin session (401 otherwise), a role that may use the
 * call's area (403 `not_permitted` otherwise; "any" for what every admin needs, such as signing out) and,
 * on unsafe methods, the CSRF token bound to that session (403 otherwise).
 */
export function requireAdmin(admin: AdminService, csrf: Csrf, production: boolean, area: AdminArea | "any") {
  const { session } = adminCookieNames(production);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await admin.session(request.cookies[session]);
    if (!identity) throw new HttpError(401, "Admin sign-in required.", undefined, "not_authenticated");
    // The code travels with the message, whatever error shape the route uses, so a client can tell "not yours" from a bad CSRF token.
    if (area !== "any" && !roleMayUse(identity.role, area)) return reply.code(403).send({ message: NOT_PERMITTED, code: "not_permitted" });
    if (UNSAFE.has(request.method)) csrf.verify(request, identity.sessionHash);
    request.admin = identity;
  };
}
