import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PageViewSchema, SiteEventSchema } from "#contracts/analytics.ts";
import { mayTrack } from "#contracts/consent.ts";
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

  // Beacons are small and frequent: a tight body limit and a per-IP rate that a real visitor never reaches.
  const beacon = { bodyLimit: 4096, config: { rateLimit: { max: 120, timeWindow: "1 minute" } } };
  // Do Not Track and Global Privacy Control are honoured (nothing is stored) unless the visitor allowed Analytics themselves.
  const trackingRefused = (request: { headers: Record<string, string | string[] | undefined>; body: { chosen?: boolean } }) =>
    !mayTrack(request.body.chosen ? true : undefined, request.headers.dnt === "1" || request.headers["sec-gpc"] === "1");

  app.post("/api/analytics/pageview", { ...beacon, schema: { body: PageViewSchema } }, async (request, reply) => {
    if (!trackingRefused(request)) {
      await analytics.recordPageView({
        path: request.body.path,
        referrer: request.body.referrer,
        userAgent: request.headers["user-agent"] ?? "",
        ip: request.ip,
        host: request.host,
      });
    }
    return reply.code(204).send();
  });

  app.post("/api/events/", { ...beacon, schema: { body: SiteEventSchema } }, async (request, reply) => {
    if (!trackingRefused(request)) {
      const { chosen: _chosen, ...event } = request.body;
      await analytics.recordSiteEvent({ ...event, userAgent: request.headers["user-agent"] ?? "", ip: request.ip });
    }
    return reply.code(204).send();
  });
};
