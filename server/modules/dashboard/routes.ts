import { createReadStream } from "node:fs";
import { unlink } from "node:fs/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { roleMayUse, type AdminArea } from "#contracts/admin-roles.ts";
import { DatasetExportSchema, METRIC_AREAS, MetricExportSchema, MetricParamsSchema, RangeQuerySchema, type DetailMetric } from "#contracts/dashboard.ts";
import { HttpError } from "../../http/errors";
import type { AdminService } from "../admin/service";
import { NOT_PERMITTED, requireAdmin } from "../admin/guard";
import type { DashboardService, ExportFile } from "./service";

function download(reply: FastifyReply, file: ExportFile) {
  reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("x-content-type-options", "nosniff");
  const stream = createReadStream(file.path);
  // Sent, cut off or failed: the file is never kept.
  stream.once("close", () => void unlink(file.path).catch(() => undefined));
  return reply.send(stream);
}

/** The signed-in admin as the export records name them. */
const actor = (request: FastifyRequest) => ({ id: request.admin!.id, username: request.admin!.username });

/** Every role opens the dashboard; a figure's details answer only a role that may use the figure's area. */
const mayUseMetric = async (request: FastifyRequest) => {
  const area = METRIC_AREAS[(request.params as { metric: DetailMetric }).metric];
  if (!roleMayUse(request.admin!.role, area)) throw new HttpError(403, NOT_PERMITTED, undefined, "not_permitted");
};

/**
 * The admin dashboard's figures and exports. Every call needs an admin session; exports are POSTs
 * because each one is recorded (and so carries the CSRF token).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService; admin: AdminService; production: boolean }> = async (app, options) => {
  const { dashboard } = options;
  // The figures are every role's landing page; files that take data out of the site are the owner's alone.
  const guard = (area: AdminArea) => ({ onRequest: requireAdmin(options.admin, app.csrf, options.production, area) });

  const base = "/api/admin/dashboard";
  app.get(`${base}/`, { ...guard("dashboard"), schema: { querystring: RangeQuerySchema } }, async (request) =>
    dashboard.overview(request.query.range, request.admin!.role),
  );
  app.get(
    `${base}/metrics/:metric/`,
    { ...guard("dashboard"), schema: { params: MetricParamsSchema, querystring: RangeQuerySchema }, preHandler: mayUseMetric },
    async (request) => dashboard.details(request.params.metric, request.query.range),
  );
  // Visits and top pages are counts of anonymous traffic, which every role's work draws on.
  app.get(`${base}/users/`, { ...guard("dashboard"), schema: { querystring: RangeQuerySchema } }, async (request) =>
    dashboard.userAnalytics(request.query.range),
  );
  app.get(`${base}/content/`, { ...guard("dashboard"), schema: { querystring: RangeQuerySchema } }, async (request) =>
    dashboard.contentTracking(request.query.range),
  );
  app.get(`${base}/communications/`, { ...guard("subscribers"), schema: { querystring: RangeQuerySchema } }, async (request) =>
    dashboard.communications(request.query.range),
  );
  app.get(`${base}/exports/`, guard("exports"), async () => dashboard.pastExports());

  app.post(
    `${base}/metrics/:metric/export/`,
    { ...guard("exports"), schema: { params: MetricParamsSchema, body: MetricExportSchema } },
    async (request, reply) => download(reply, await dashboard.exportMetric(actor(request), request.params.metric, request.body.range)),
  );
  app.post(`${base}/exports/`, { ...guard("exports"), schema: { body: DatasetExportSchema } }, async (request, reply) =>
    download(reply, await dashboard.exportDataset(actor(request), request.body)),
  );
  app.post(`${base}/dump/`, { ...guard("exports"), schema: { body: z.object({}).strict().nullish() } }, async (request, reply) =>
    download(reply, await dashboard.dump(actor(request))),
  );
};
