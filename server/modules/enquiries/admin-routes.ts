import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminArea } from "@contracts/admin-roles";
import { EnquiryIdParams, EnquiryListQuerySchema, EnquiryStatusSchema, SubscriberIdParams, SubscriberListQuerySchema } from "@contracts/admin-business";
import { HttpError } from "../../http/errors";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { EnquiriesAdminService } from "./admin-service";

/** The admin's enquiry and newsletter calls; every one needs an admin session. */
export const enquiriesAdminRoutes: FastifyPluginAsyncZod<{ enquiriesAdmin: EnquiriesAdminService; admin: AdminService; production: boolean }> = async (
  app,
  options,
) => {
  const { enquiriesAdmin } = options;
  const guard = (area: AdminArea) => ({ onRequest: requireAdmin(options.admin, app.csrf, options.production, area) });

  app.get("/api/admin/enquiries/", { ...guard("enquiries"), schema: { querystring: EnquiryListQuerySchema } }, async (request) =>
    enquiriesAdmin.listEnquiries(request.query),
  );

  app.get("/api/admin/enquiries/:id/", { ...guard("enquiries"), schema: { params: EnquiryIdParams } }, async (request) => {
    const enquiry = await enquiriesAdmin.getEnquiry(request.params.id);
    if (!enquiry) throw new HttpError(404, "Enquiry not found.");
    return enquiry;
  });

  app.post("/api/admin/enquiries/:id/status/", { ...guard("enquiries"), schema: { params: EnquiryIdParams, body: EnquiryStatusSchema } }, async (request) =>
    enquiriesAdmin.setEnquiryStatus(request.params.id, request.body.status, request.admin!),
  );

  app.get("/api/admin/subscribers/", { ...guard("subscribers"), schema: { querystring: SubscriberListQuerySchema } }, async (request) =>
    enquiriesAdmin.listSubscribers(request.query),
  );

  app.delete("/api/admin/subscribers/:id/", { ...guard("subscribers"), schema: { params: SubscriberIdParams } }, async (request, reply) => {
    await enquiriesAdmin.removeSubscriber(request.params.id, request.admin!);
    return reply.code(204).send();
  });
};
