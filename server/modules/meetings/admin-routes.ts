import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AdminCancelMeetingSchema, AdminMeetingsQuerySchema, MeetingSettingsSchema } from "#contracts/meetings.ts";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { MeetingsService } from "./service";

/** The Meetings screen: the calendar of calls, calling one off, and when visitors may book. */
export const meetingAdminRoutes: FastifyPluginAsyncZod<{ meetings: MeetingsService; admin: AdminService; production: boolean }> = async (app, options) => {
  const { meetings } = options;
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production, "meetings"));

  app.get("/api/admin/meetings/", { schema: { querystring: AdminMeetingsQuerySchema } }, async (request) => meetings.list(request.query));

  app.post(
    "/api/admin/meetings/:id/cancel/",
    { schema: { params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }), body: AdminCancelMeetingSchema } },
    async (request) => ({
      message: "The meeting is cancelled and the visitor has been told.",
      meeting: await meetings.cancelByStaff(request.admin!, request.params.id, request.body.message),
    }),
  );

  app.get("/api/admin/meetings/settings/", async () => meetings.settings());

  app.post("/api/admin/meetings/settings/", { schema: { body: MeetingSettingsSchema } }, async (request) => ({
    message: "Meeting settings saved.",
    settings: await meetings.saveSettings(request.admin!, request.body),
  }));
};
