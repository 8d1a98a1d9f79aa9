import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ContactSchema,
  DiscussProjectSchema,
  GetStartedSchema,
  NewsletterConfirmSchema,
  NewsletterSchema,
  NewsletterTokenSchema,
  ConversationTokenParams,
  SupportSchema,
  TalkToExpertSchema,
  VisitorReplySchema,
} from "#contracts/enquiries.ts";
import { CONVERSATION_BODY_LIMIT } from "./admin-routes";
import type { ConversationsService } from "./conversations";
import type { EnquiriesService, Sender } from "./service";

/** A form is filled in once; a few retries are generous, a stream of posts is a bot. */
const FORM_LIMIT = { rateLimit: { max: 5, timeWindow: "1 minute" } };
const LINK_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };
/** Every field at its longest still fits; anything bigger is not a person typing. */
const BODY_LIMIT = 16 * 1024;

const senderOf = (request: FastifyRequest): Sender => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? "", referer: request.headers.referer });

/** A visitor answers a conversation a few times an hour; a stream of posts is not a person. */
const REPLY_LIMIT = { rateLimit: { max: 10, timeWindow: "10 minutes" } };

export const enquiryRoutes: FastifyPluginAsyncZod<{ enquiries: EnquiriesService; conversations: ConversationsService }> = async (
  app,
  { enquiries, conversations },
) => {
  const form = <S extends z.ZodType>(schema: S) => ({ bodyLimit: BODY_LIMIT, schema: { body: schema }, config: FORM_LIMIT });

  app.post("/api/cta/", form(ContactSchema), async (request, reply) => reply.code(201).send(await enquiries.submitContact(request.body, senderOf(request))));

  app.post("/api/get-started/", form(GetStartedSchema), async (request, reply) =>
    reply.code(201).send(await enquiries.submitGetStarted(request.body, senderOf(request))),
  );

  app.post("/api/talk-to-expert/", form(TalkToExpertSchema), async (request, reply) =>
    reply.code(201).send(await enquiries.submitTalkToExpert(request.body, senderOf(request))),
  );

  app.post("/api/discuss-project/", form(DiscussProjectSchema), async (request, reply) =>
    reply.code(201).send(await enquiries.submitDiscussProject(request.body, senderOf(request))),
  );

  app.post("/api/support/", form(SupportSchema), async (request, reply) =>
    reply.code(201).send(await enquiries.submitSupport(request.body, senderOf(request))),
  );

  // A visitor's private conversation page: the signed token in its link is the only key (decision 038).
  app.get("/api/conversations/:token/", { schema: { params: ConversationTokenParams }, config: LINK_LIMIT }, async (request) =>
    conversations.visitorConversation(request.params.token),
  );

  app.post("/api/conversations/:token/confirm/", { bodyLimit: 1024, schema: { params: ConversationTokenParams }, config: LINK_LIMIT }, async (request) =>
    conversations.confirmVisitorConversation(request.params.token),
  );

  app.post(
    "/api/conversations/:token/reply/",
    { bodyLimit: CONVERSATION_BODY_LIMIT, schema: { params: ConversationTokenParams, body: VisitorReplySchema }, config: REPLY_LIMIT },
    async (request, reply) =>
      reply.code(201).send({ ...(await conversations.replyAsVisitor(request.params.token, request.body.body)), message: "Your reply has been sent." }),
  );

  app.post("/api/newsletter/", form(NewsletterSchema), async (request, reply) =>
    reply.code(201).send(await enquiries.subscribe(request.body, senderOf(request))),
  );

  app.post("/api/newsletter/confirm/", { bodyLimit: 1024, schema: { body: NewsletterConfirmSchema }, config: LINK_LIMIT }, async (request) =>
    enquiries.confirm(request.body.token),
  );

  // The one-click target of the List-Unsubscribe header: mail providers POST "List-Unsubscribe=One-Click"
  // form-encoded; the unsubscribe page posts with no body. Either way only the signed token matters.
  app.post(
    "/api/newsletter/unsubscribe/:token/",
    { bodyLimit: 1024, schema: { params: z.object({ token: NewsletterTokenSchema }) }, config: LINK_LIMIT },
    async (request) => enquiries.unsubscribe(request.params.token),
  );
};
