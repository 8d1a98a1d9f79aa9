import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AccountActionParams, AccountActionResultSchema, AccountListQuerySchema } from "#contracts/admin-users.ts";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { AccountsAdminService } from "./admin-service";

/** The users screen's calls: the site's accounts, for the owner. */
export const accountsAdminRoutes: FastifyPluginAsyncZod<{ accountsAdmin: AccountsAdminService; admin: AdminService; production: boolean }> = async (
  app,
  options,
) => {
  const { accountsAdmin } = options;
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production, "users"));

  app.get("/api/admin/users/", { schema: { querystring: AccountListQuerySchema } }, async (request) => accountsAdmin.list(request.query));

  app.post("/api/admin/users/:id/:action/", { schema: { params: AccountActionParams, response: { 200: AccountActionResultSchema } } }, async (request) =>
    accountsAdmin.act(request.params.id, request.params.action, request.admin!),
  );
};
