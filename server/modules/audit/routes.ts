import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditQuerySchema } from "#contracts/admin-audit.ts";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { AuditService } from "./service";

/** The audit log as the admin area reads it, newest first, with its filters; the owner's alone. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; admin: AdminService; production: boolean }> = async (app, options) => {
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production, "audit"));
  app.get("/api/admin/audit/", { schema: { querystring: AuditQuerySchema } }, async (request) => options.audit.list(request.query));
  app.get("/api/admin/audit/filters/", async () => options.audit.filterOptions());
};
