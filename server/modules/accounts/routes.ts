import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AccountSchema,
  ChangePasswordResponseSchema,
  ChangePasswordSchema,
  EmailRequestSchema,
  LinkParamsSchema,
  LoginSchema,
  MessageSchema,
  NewsletterChoiceSchema,
  RefreshSchema,
  RegisterSchema,
  ResetConfirmSchema,
  TokenPairSchema,
  type AccountActivity,
} from "#contracts/accounts.ts";
import type { AccountConversation } from "#contracts/enquiries.ts";
import type { CareersService } from "../careers/service";
import type { EnquiriesService } from "../enquiries/service";
import type { MeetingsService } from "../meetings/service";
import { backgroundWork } from "../../http/background";
import type { ConversationsService } from "../enquiries/conversations";
import { RESEND_MESSAGE, RESET_REQUESTED_MESSAGE, type AccountsService } from "./service";

export const perMinute = (max: number) => ({ errorShape: "detail" as const, rateLimit: { max, timeWindow: "1 minute" } });

/** The other areas the account page reads, each through its service, by the account's (verified) address. */
export interface AccountAreas {
  conversations: Pick<ConversationsService, "conversationsOf">;
  careers: Pick<CareersService, "applicationsOf">;
  meetings: Pick<MeetingsService, "meetingsOf">;
  newsletter: Pick<EnquiriesService, "isSubscribed" | "setSubscribed">;
}

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService } & AccountAreas> = async (
  app,
  { accounts, conversations, careers, meetings, newsletter },
) => {
  const background = backgroundWork(app.log);
  app.addHook("onClose", () => background.idle());

  app.post("/api/accounts/register/", { schema: { body: RegisterSchema, response: { 201: MessageSchema } }, config: perMinute(10) }, async (request, reply) =>
    reply.code(201).send(await accounts.register(request.body)),
  );

  app.get(
    "/api/accounts/activate/:uid/:token/",
    { schema: { params: LinkParamsSchema, response: { 200: MessageSchema } }, config: perMinute(30) },
    async (request) => accounts.activate(request.params.uid, request.params.token),
  );

  app.post(
    "/api/accounts/resend-activation/",
    { schema: { body: EmailRequestSchema, response: { 200: MessageSchema } }, config: perMinute(10) },
    async (request, reply) => {
      background.run(reply, () => accounts.resendActivation(request.body.email));
      return { message: RESEND_MESSAGE };
    },
  );

  app.post(
    "/api/accounts/password-reset/",
    { schema: { body: EmailRequestSchema, response: { 200: MessageSchema } }, config: perMinute(10) },
    async (request, reply) => {
      background.run(reply, () => accounts.requestPasswordReset(request.body.email));
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    "/api/accounts/password-reset-confirm/:uid/:token/",
    { schema: { params: LinkParamsSchema, body: ResetConfirmSchema, response: { 200: MessageSchema } }, config: perMinute(20) },
    async (request) => accounts.confirmPasswordReset(request.params.uid, request.params.token, request.body.password, request.ip),
  );

  app.post("/api/accounts/login/", { schema: { body: LoginSchema, response: { 200: TokenPairSchema } }, config: perMinute(20) }, async (request) =>
    accounts.login(request.body.email, request.body.password, request.ip),
  );

  app.post("/api/token/refresh/", { schema: { body: RefreshSchema, response: { 200: TokenPairSchema } }, config: perMinute(60) }, async (request) =>
    accounts.refresh(request.body.refresh),
  );

  app.get("/api/accounts/me/", { schema: { response: { 200: AccountSchema } }, config: perMinute(120) }, async (request, reply) => {
    const { user } = await accounts.authenticate(request.headers.authorization);
    return reply.send(accounts.profile(user));
  });

  // Only an active account can sign in, so its address is proven: the enquiries sent from it are its own.
  app.get("/api/accounts/conversations/", { config: perMinute(60) }, async (request) => {
    const { user } = await accounts.authenticate(request.headers.authorization);
    const results: AccountConversation[] = await conversations.conversationsOf(user.email);
    return { results };
  });

  app.get("/api/accounts/activity/", { config: perMinute(60) }, async (request): Promise<AccountActivity> => {
    const { user } = await accounts.authenticate(request.headers.authorization);
    const [applications, booked, subscribed] = await Promise.all([
      careers.applicationsOf(user.email),
      meetings.meetingsOf(user.email),
      newsletter.isSubscribed(user.email),
    ]);
    return {
      applications: applications.map((application) => ({ position: application.position, sent_at: application.sentAt, stage: application.stage })),
      meetings: booked.map((meeting) => ({ topic: meeting.topic, starts_at: meeting.startsAt, status: meeting.status, manage_url: meeting.manageUrl })),
      newsletter: { subscribed },
    };
  });

  app.post("/api/accounts/newsletter/", { schema: { body: NewsletterChoiceSchema }, config: perMinute(20) }, async (request) => {
    const { user } = await accounts.authenticate(request.headers.authorization);
    await newsletter.setSubscribed(user.email, request.body.subscribed, { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" });
    return { subscribed: request.body.subscribed };
  });

  app.post("/api/accounts/logout/", { config: perMinute(30) }, async (request, reply) => {
    const { familyId } = await accounts.authenticate(request.headers.authorization);
    await accounts.logout(familyId);
    return reply.code(204).send();
  });

  app.post(
    "/api/accounts/change-password/",
    { schema: { body: ChangePasswordSchema, response: { 200: ChangePasswordResponseSchema } }, config: perMinute(10) },
    async (request) => {
      const { user, familyId } = await accounts.authenticate(request.headers.authorization);
      return accounts.changePassword(user, familyId, request.body.current_password, request.body.new_password);
    },
  );
};
