import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminArea } from "#contracts/admin-roles.ts";
import {
  ConversationTextSchema,
  EnquiryAssignSchema,
  EnquiryBulkSchema,
  EnquiryIdParams,
  EnquiryListQuerySchema,
  EnquiryStatusSchema,
  SubscriberIdParams,
  SubscriberListQuerySchema,
} from "#contracts/admin-business.ts";
import { CONVERSATION_MESSAGE_MAX } from "#contracts/enquiry-inbox.ts";
import { HttpError } from "../../http/errors";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { TeamService } from "../admin/team";
import type { EnquiriesAdminService } from "./admin-service";
import type { ConversationsService } from "./conversations";

/** A reply at its longest, four bytes a character, in JSON or a form; anything bigger is refused with 413 unread. */
export const CONVERSATION_BODY_LIMIT = 4 * CONVERSATION_MESSAGE_MAX + 8 * 1024;

/** The admin's enquiry and newsletter calls; every one needs an admin session. */
export const enquiriesAdminRoutes: FastifyPluginAsyncZod<{
  enquiriesAdmin: EnquiriesAdminService;
  conversations: ConversationsService;
  team: TeamService;
  admin: AdminService;
  production: boolean;
}> = async (app, options) => {
  const { enquiriesAdmin, conversations } = options;
  const guard = (area: AdminArea) => ({ onRequest: requireAdmin(options.admin, app.csrf, options.production, area) });
  const conversationOf = async (id: number) => {
    const conversation = await enquiriesAdmin.getConversation(id);
    if (!conversation) throw new HttpError(404, "Enquiry not found.");
    return conversation;
  };

  app.get("/api/admin/enquiries/", { ...guard("enquiries"), schema: { querystring: EnquiryListQuerySchema } }, async (request) =>
    enquiriesAdmin.listEnquiries(request.query, request.admin!.id),
  );

  /** Who a conversation may be given to: active admins with the support or owner role. */
  app.get("/api/admin/enquiries/owners/", guard("enquiries"), async () => ({
    results: (await options.team.membersFor("enquiries")).map(({ id, username }) => ({ id, username })),
  }));

  app.post("/api/admin/enquiries/bulk/", { ...guard("enquiries"), schema: { body: EnquiryBulkSchema } }, async (request) =>
    enquiriesAdmin.bulk(request.body, request.admin!),
  );

  app.get("/api/admin/enquiries/:id/", { ...guard("enquiries"), schema: { params: EnquiryIdParams } }, async (request) => conversationOf(request.params.id));

  app.post("/api/admin/enquiries/:id/status/", { ...guard("enquiries"), schema: { params: EnquiryIdParams, body: EnquiryStatusSchema } }, async (request) => ({
    ...(await enquiriesAdmin.setEnquiryStatus(request.params.id, request.body.status, request.admin!)),
    message: "Status saved.",
  }));

  app.post("/api/admin/enquiries/:id/assign/", { ...guard("enquiries"), schema: { params: EnquiryIdParams, body: EnquiryAssignSchema } }, async (request) => {
    const enquiry = await enquiriesAdmin.assign(request.params.id, request.body.assignee, request.admin!);
    return { ...enquiry, message: enquiry.assignee ? `Assigned to ${enquiry.assignee.username}.` : "Unassigned." };
  });

  const text = { bodyLimit: CONVERSATION_BODY_LIMIT, schema: { params: EnquiryIdParams, body: ConversationTextSchema } };

  app.post("/api/admin/enquiries/:id/reply/", { ...guard("enquiries"), ...text }, async (request, reply) => {
    await conversations.reply(request.params.id, request.body.body, request.admin!);
    return reply.code(201).send({ ...(await conversationOf(request.params.id)), message: "Reply sent." });
  });

  app.post("/api/admin/enquiries/:id/note/", { ...guard("enquiries"), ...text }, async (request, reply) => {
    await conversations.note(request.params.id, request.body.body, request.admin!);
    return reply.code(201).send({ ...(await conversationOf(request.params.id)), message: "Note added." });
  });

  app.post("/api/admin/enquiries/:id/delete/", { ...guard("enquiries"), schema: { params: EnquiryIdParams } }, async (request) => {
    await enquiriesAdmin.deleteEnquiry(request.params.id, request.admin!);
    return { message: `Enquiry #${request.params.id} deleted.` };
  });

  app.get("/api/admin/subscribers/", { ...guard("subscribers"), schema: { querystring: SubscriberListQuerySchema } }, async (request) =>
    enquiriesAdmin.listSubscribers(request.query),
  );

  app.delete("/api/admin/subscribers/:id/", { ...guard("subscribers"), schema: { params: SubscriberIdParams } }, async (request, reply) => {
    await enquiriesAdmin.removeSubscriber(request.params.id, request.admin!);
    return reply.code(204).send();
  });
};
