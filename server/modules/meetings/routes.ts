import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BookMeetingSchema, CancelMeetingSchema, MeetingTokenParams, RescheduleMeetingSchema, SlotsQuerySchema } from "#contracts/meetings.ts";
import type { MeetingsService } from "./service";

/** Booking is a form filled in once; a few retries are generous, a stream of posts is a bot. */
const BOOKING_LIMIT = { rateLimit: { max: 5, timeWindow: "1 minute" } };
/** A visitor steps through days and zones; a crawler walking the calendar is not a visitor. */
const SLOTS_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };
const LINK_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const BODY_LIMIT = 8 * 1024;

/** Visitors book, cancel and reschedule a call; the signed token in a meeting's links is the only key to it. */
export const meetingRoutes: FastifyPluginAsyncZod<{ meetings: MeetingsService }> = async (app, { meetings }) => {
  app.get("/api/meetings/slots/", { schema: { querystring: SlotsQuerySchema }, config: SLOTS_LIMIT }, async (request) => meetings.slots(request.query));

  app.post("/api/meetings/", { bodyLimit: BODY_LIMIT, schema: { body: BookMeetingSchema }, config: BOOKING_LIMIT }, async (request, reply) =>
    reply.code(201).send(await meetings.book(request.body)),
  );

  app.get("/api/meetings/:token/", { schema: { params: MeetingTokenParams }, config: LINK_LIMIT }, async (request) => meetings.meeting(request.params.token));

  app.post("/api/meetings/:token/confirm/", { bodyLimit: BODY_LIMIT, schema: { params: MeetingTokenParams }, config: LINK_LIMIT }, async (request) =>
    meetings.confirm(request.params.token),
  );

  app.get("/api/meetings/:token/invitation.ics", { schema: { params: MeetingTokenParams }, config: LINK_LIMIT }, async (request, reply) =>
    reply
      .type("text/calendar; charset=utf-8")
      .header("content-disposition", 'attachment; filename="himaltech-meeting.ics"')
      .send(await meetings.invitation(request.params.token)),
  );

  app.post(
    "/api/meetings/:token/cancel/",
    { bodyLimit: BODY_LIMIT, schema: { params: MeetingTokenParams, body: CancelMeetingSchema }, config: LINK_LIMIT },
    async (request) => meetings.cancelByVisitor(request.params.token, request.body.reason),
  );

  app.post(
    "/api/meetings/:token/reschedule/",
    { bodyLimit: BODY_LIMIT, schema: { params: MeetingTokenParams, body: RescheduleMeetingSchema }, config: BOOKING_LIMIT },
    async (request) => meetings.reschedule(request.params.token, request.body),
  );
};
