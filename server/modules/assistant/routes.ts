import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AssistantHandoffResponseSchema, AssistantHandoffSchema, AssistantRequestSchema, AssistantResponseSchema } from "#contracts/assistant.ts";
import type { AssistantService } from "./service";

/** A person asks a question every few seconds at most; a stream of them is a bot, or a scraper of the site's content. */
const ASK_LIMIT = { rateLimit: { max: 20, timeWindow: "1 minute" } };
/** As any form: a few retries are generous. */
const HANDOFF_LIMIT = { rateLimit: { max: 5, timeWindow: "1 minute" } };
const BODY_LIMIT = 4 * 1024;

export const assistantRoutes: FastifyPluginAsyncZod<{ assistant: AssistantService }> = async (app, { assistant }) => {
  app.post(
    "/api/assistant/",
    { bodyLimit: BODY_LIMIT, schema: { body: AssistantRequestSchema, response: { 200: AssistantResponseSchema } }, config: ASK_LIMIT },
    async (request) => assistant.ask(request.body, { userAgent: request.headers["user-agent"] ?? "" }),
  );

  app.post(
    "/api/assistant/handoff/",
    { bodyLimit: BODY_LIMIT, schema: { body: AssistantHandoffSchema, response: { 201: AssistantHandoffResponseSchema } }, config: HANDOFF_LIMIT },
    async (request, reply) =>
      reply
        .code(201)
        .send(await assistant.handoff(request.body, { ip: request.ip, userAgent: request.headers["user-agent"] ?? "", referer: request.headers.referer })),
  );
};
