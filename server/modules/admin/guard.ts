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

/**
 * The gate in front of every admin call: a live admin session (401 otherwise) and, on unsafe
 * methods, the CSRF token bound to that session (403 otherwise).
 */
export function requireAdmin(admin: AdminService, csrf: Csrf, production: boolean) {
  const { session } = adminCookieNames(production);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const identity = await admin.session(request.cookies[session]);
    if (!identity) throw new HttpError(401, "Admin sign-in required.", undefined, "not_authenticated");
    if (UNSAFE.has(request.method)) csrf.verify(request, identity.sessionHash);
    request.admin = identity;
  };
}
