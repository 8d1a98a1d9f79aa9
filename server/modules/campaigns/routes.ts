import { kathmanduInstant } from "#contracts/kathmandu-time.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CampaignActionSchema, CampaignFromPostSchema, CampaignIdParams, CampaignScheduleSchema, CampaignSchema } from "#contracts/campaigns.ts";
import { HttpError } from "../../http/errors";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { CampaignsService } from "./service";

/** The smallest transparent GIF: what an open pixel answers. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const TRACKING_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };
const whole = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const OpenParams = z.object({ campaign: whole, subscriber: whole, signature: z.string().max(64) });
const ClickParams = OpenParams.extend({ link: whole });

/** The admin's campaign calls (support and owner), and the open pixel and click redirect in every newsletter. */
export const campaignRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService; admin: AdminService; production: boolean }> = async (app, options) => {
  const { campaigns } = options;
  const guard = { onRequest: requireAdmin(options.admin, app.csrf, options.production, "campaigns") };

  app.get("/api/admin/campaigns/", guard, async () => ({ campaigns: await campaigns.list() }));

  app.post("/api/admin/campaigns/", { ...guard, schema: { body: CampaignSchema } }, async (request, reply) =>
    reply.code(201).send(await campaigns.create(request.body, request.admin!)),
  );

  app.post("/api/admin/campaigns/from-post/", { ...guard, schema: { body: CampaignFromPostSchema } }, async (request, reply) =>
    reply.code(201).send(await campaigns.createFromPost(request.body.post_id, request.admin!)),
  );

  app.get("/api/admin/campaigns/:id/", { ...guard, schema: { params: CampaignIdParams } }, async (request) => campaigns.get(request.params.id));

  app.patch("/api/admin/campaigns/:id/", { ...guard, schema: { params: CampaignIdParams, body: CampaignSchema } }, async (request) =>
    campaigns.update(request.params.id, request.body, request.admin!),
  );

  app.get("/api/admin/campaigns/:id/progress/", { ...guard, schema: { params: CampaignIdParams } }, async (request) => campaigns.progress(request.params.id));

  app.post("/api/admin/campaigns/:id/test/", { ...guard, schema: { params: CampaignIdParams } }, async (request, reply) =>
    reply.code(202).send(await campaigns.sendTest(request.params.id, request.admin!)),
  );

  app.post("/api/admin/campaigns/:id/schedule/", { ...guard, schema: { params: CampaignIdParams, body: CampaignScheduleSchema } }, async (request) =>
    campaigns.schedule(request.params.id, kathmanduInstant(request.body.send_at), request.admin!),
  );

  app.post("/api/admin/campaigns/:id/action/", { ...guard, schema: { params: CampaignIdParams, body: CampaignActionSchema } }, async (request) => {
    const { id } = request.params;
    const admin = request.admin!;
    switch (request.body.action) {
      case "send":
        return campaigns.sendNow(id, admin);
      case "unschedule":
        return campaigns.unschedule(id, admin);
      case "pause":
        return campaigns.pause(id, admin);
      case "resume":
        return campaigns.resume(id, admin);
    }
  });

  // A forged, altered or unknown link answers 404 and counts nothing.
  app.get("/api/newsletter/open/:campaign/:subscriber/:signature/", { schema: { params: OpenParams }, config: TRACKING_LIMIT }, async (request, reply) => {
    const { campaign, subscriber, signature } = request.params;
    if (!(await campaigns.recordOpen(campaign, subscriber, signature))) throw new HttpError(404, "Not found.");
    return reply.header("content-type", "image/gif").header("cache-control", "no-store").send(PIXEL);
  });

  app.get(
    "/api/newsletter/click/:campaign/:subscriber/:link/:signature/",
    { schema: { params: ClickParams }, config: TRACKING_LIMIT },
    async (request, reply) => {
      const { campaign, subscriber, link, signature } = request.params;
      const url = await campaigns.recordClick(campaign, subscriber, link, signature);
      if (!url) throw new HttpError(404, "Not found.");
      return reply.header("cache-control", "no-store").redirect(url, 302);
    },
  );
};
