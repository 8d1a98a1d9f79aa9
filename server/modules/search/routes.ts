import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SearchQuerySchema, SearchResponseSchema } from "#contracts/search.ts";
import type { SearchService } from "./service";

/** The header's box asks as the visitor types (debounced): a few a second from one person, far fewer than a scraper's. */
const SEARCH_LIMIT = { rateLimit: { max: 120, timeWindow: "1 minute" } };

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get("/api/search/", { schema: { querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } }, config: SEARCH_LIMIT }, async (request) =>
    search.search(request.query),
  );
};
