import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PageQuerySchema } from "@contracts/admin-business";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { AuditService } from "./service";

/** The audit log as the admin area reads it, newest first. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; admin: AdminService; production: boolean }> = async (app, options) => {
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production));
  app.get("/api/admin/audit/", { schema: { querystring: PageQuerySchema } }, async (request) => options.audit.list(request.query));
};
