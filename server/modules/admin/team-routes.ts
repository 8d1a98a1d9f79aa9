import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AcceptInviteSchema,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordSchema,
  InviteParams,
  InviteSchema,
  ResetPasswordSchema,
  RoleChangeSchema,
  TeamAdminParams,
  TokenParams,
} from "#contracts/admin-team.ts";
import { backgroundWork } from "../../http/background";
import { requireAdmin } from "./guard";
import type { AdminPasswordResets } from "./password-reset";
import type { AdminService } from "./service";
import type { TeamService } from "./team";

/**
 * The team screen's calls (owners only), and the three an admin makes without a session, each authorised by
 * its mailed link or answering alike for everyone: accepting an invitation, asking for and using a password link.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService; passwordResets: AdminPasswordResets; admin: AdminService; production: boolean }> = async (
  app,
  { team, passwordResets, admin, production },
) => {
  const owner = { onRequest: requireAdmin(admin, app.csrf, production, "team") };
  const background = backgroundWork(app.log);
  app.addHook("onClose", () => background.idle());

  app.get("/api/admin/team/", owner, async () => team.overview());

  app.post("/api/admin/team/invites/", { ...owner, schema: { body: InviteSchema } }, async (request, reply) => {
    const invite = await team.invite(request.admin!, request.body);
    return reply.code(201).send({ ...invite, message: `Invitation sent to ${invite.email}.` });
  });
  app.post("/api/admin/team/invites/:id/resend/", { ...owner, schema: { params: InviteParams } }, async (request) => {
    const invite = await team.resendInvite(request.admin!, request.params.id);
    return { message: `Invitation sent again to ${invite.email}. The earlier link no longer works.` };
  });
  app.post("/api/admin/team/invites/:id/revoke/", { ...owner, schema: { params: InviteParams } }, async (request) => {
    const invite = await team.revokeInvite(request.admin!, request.params.id);
    return { message: `Invitation to ${invite.email} revoked.` };
  });

  app.post("/api/admin/team/admins/:id/role/", { ...owner, schema: { params: TeamAdminParams, body: RoleChangeSchema } }, async (request) => {
    const member = await team.setRole(request.admin!, request.params.id, request.body.role);
    return { ...member, message: `${member.username} is now ${member.role === "owner" ? "an" : "a"} ${member.role}.` };
  });
  for (const [change, active] of [
    ["disable", false],
    ["enable", true],
  ] as const) {
    app.post(`/api/admin/team/admins/:id/${change}/`, { ...owner, schema: { params: TeamAdminParams } }, async (request) => {
      const member = await team.setActive(request.admin!, request.params.id, active);
      return { ...member, message: active ? `${member.username} can sign in again.` : `${member.username} is disabled and signed out everywhere.` };
    });
  }
  app.post("/api/admin/team/admins/:id/remove/", { ...owner, schema: { params: TeamAdminParams } }, async (request) => {
    const removed = await team.remove(request.admin!, request.params.id);
    return { message: `${removed.username} was removed from the team.` };
  });

  // The mailed invitation is the authority: whoever holds the link joins, once.
  app.post(
    "/api/admin-invite/:token/",
    { schema: { params: TokenParams, body: AcceptInviteSchema }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request, reply) => {
      app.csrf.verify(request);
      const created = await team.acceptInvite(request.params.token, request.body);
      return reply.code(201).send({ username: created.username, message: `Welcome, ${created.username}. Your admin account is ready: sign in to continue.` });
    },
  );

  // The same answer, at once, whether or not such an admin exists; the work happens after it has gone out.
  app.post(
    "/api/admin-forgot-password/",
    { schema: { body: ForgotPasswordSchema }, config: { rateLimit: { max: 5, timeWindow: "15 minutes" } } },
    async (request, reply) => {
      app.csrf.verify(request);
      background.run(reply, () => passwordResets.request(request.body.account));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    "/api/admin-reset-password/:token/",
    { schema: { params: TokenParams, body: ResetPasswordSchema }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request) => {
      app.csrf.verify(request);
      const reset = await passwordResets.reset(request.params.token, request.body.password);
      // As for site accounts (decision 025), a reset forgives the account's failed sign-ins.
      await admin.unlock(reset.username);
      return { username: reset.username, message: "Your new password is set, and every session of your account has ended. Sign in with it now." };
    },
  );
};
