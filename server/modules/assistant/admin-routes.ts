import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { SearchService } from "../search/service";
import { AssistantAnswerInputSchema } from "#contracts/assistant.ts";
import type { AssistantAnswers } from "./answers";
import type { AssistantService } from "./service";

const PageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const ConversationsQuerySchema = PageSchema.extend({ unanswered: z.literal("1").optional() });

/** What visitors asked the assistant and searched for, and what the site could not answer: the gaps in its content. */
export const assistantAdminRoutes: FastifyPluginAsyncZod<{
  assistant: AssistantService;
  answers: AssistantAnswers;
  search: SearchService;
  admin: AdminService;
  production: boolean;
}> = async (app, options) => {
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production, "assistant"));

  app.get("/api/admin/assistant/conversations/", { schema: { querystring: ConversationsQuerySchema } }, async (request) =>
    options.assistant.conversations({ page: request.query.page, unansweredOnly: request.query.unanswered === "1" }),
  );

  app.get("/api/admin/assistant/conversations/:id/", { schema: { params: z.object({ id: z.uuid("Not a conversation id.") }) } }, async (request, reply) => {
    const conversation = await options.assistant.conversation(request.params.id);
    return conversation ?? reply.code(404).send({ message: "No such conversation." });
  });

  app.get("/api/admin/assistant/unanswered/", { schema: { querystring: PageSchema } }, async (request) =>
    options.answers.unanswered({ page: request.query.page }),
  );

  // Published on the FAQ page and in the index at once: the assistant answers the question from then on.
  app.post("/api/admin/assistant/answers/", { schema: { body: AssistantAnswerInputSchema } }, async (request, reply) =>
    reply.code(201).send({ ...(await options.answers.add(request.body, request.admin!)), message: "Answer published on the FAQ page." }),
  );

  app.get("/api/admin/search/misses/", { schema: { querystring: PageSchema } }, async (request) => options.search.misses({ page: request.query.page }));
};
