import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PageViewSchema } from "@contracts/analytics";
import type { AnalyticsService } from "./service";

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  // sendBeacon posts its JSON as text/plain when given a string; read both.
  app.addContentTypeParser("text/plain", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error("The request body is not valid JSON."), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    "/api/analytics/pageview",
    {
      bodyLimit: 4096,
      schema: { body: PageViewSchema },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      // Do Not Track and Global Privacy Control are honoured: nothing is stored.
      if (request.headers.dnt !== "1" && request.headers["sec-gpc"] !== "1") {
        await analytics.recordPageView({
          path: request.body.path,
          referrer: request.body.referrer,
          userAgent: request.headers["user-agent"] ?? "",
          ip: request.ip,
          host: request.host,
        });
      }
      return reply.code(204).send();
    },
  );
};
