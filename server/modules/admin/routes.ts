import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AdminLoginSchema, DeviceDecisionSchema, DeviceIdParams, PasswordChangeSchema, SecondFactorSchema, type AdminDevice } from "#contracts/admin.ts";
import { CSRF_COOKIE, CSRF_HEADER } from "../../http/csrf";
import { HttpError } from "../../http/errors";
import { requireAdmin } from "./guard";
import { adminCookieNames, tokenHash, type AdminService, type DeviceView } from "./service";
import { CHALLENGE_TTL_MS } from "./two-factor";
import { twoFactorRoutes } from "./two-factor-routes";

const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60; // the longest browsers keep a cookie

export const toAdminDevice = (device: DeviceView): AdminDevice => ({
  id: device.id,
  username: device.username,
  status: device.status,
  browser: device.browser,
  ip: device.ip,
  createdAt: device.createdAt.toISOString(),
  lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
});

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; production: boolean }> = async (app, { admin, production }) => {
  const cookies = adminCookieNames(production);
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "strict" as const, secure: production };
  const guard = requireAdmin(admin, app.csrf, production, "any");
  const devicesGuard = requireAdmin(admin, app.csrf, production, "devices");
  // Who is signed in, and signing out, stay open to an admin who still has to set up two-factor sign-in.
  const setUpGuard = requireAdmin(admin, app.csrf, production, "any", { beforeTwoFactor: true });
  const loginConfig = { errorShape: "error" as const, rateLimit: { max: 20, timeWindow: "1 minute" } };

  /** The CSRF check of both sign-in steps, made before there is a session to bind a token to. */
  function verifyLoginCsrf(request: FastifyRequest, reply: FastifyReply) {
    // The token a signed-in browser holds is bound to its session; one fresh from the page is bound to none. The
    // session may have ended since (idle, 12 hours, device revoked): its token is still this browser's own.
    const presented = request.cookies[cookies.session];
    if (!app.csrf.isValid(request) && !(presented && app.csrf.isValid(request, tokenHash(presented)))) {
      // The page echoed the cookie it holds, so the cookie itself is not one of ours (planted by a neighbour
      // site, or signed with a former secret): a fresh one lets the next attempt through instead of none ever.
      if (request.headers[CSRF_HEADER] === request.cookies[CSRF_COOKIE]) app.csrf.issue(reply);
      app.csrf.verify(request);
    }
  }

  /** A new session id at every sign-in, and a CSRF token bound to it: nothing from before carries over. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, session: { sessionToken: string; sessionHash: string }) {
    await admin.logout(request.cookies[cookies.session]);
    reply.setCookie(cookies.session, session.sessionToken, cookieOptions);
    app.csrf.issue(reply, session.sessionHash);
    return { success: true };
  }

  app.post("/api/admin-login/", { schema: { body: AdminLoginSchema }, config: loginConfig }, async (request, reply) => {
    verifyLoginCsrf(request, reply);
    const outcome = await admin.login({
      username: request.body.username,
      password: request.body.password,
      deviceKey: request.cookies[cookies.device],
      userAgent: request.headers["user-agent"] ?? "",
      ip: request.ip,
    });
    reply.setCookie(cookies.device, outcome.deviceKey, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE });
    if (outcome.kind === "registering") return { registering: true };
    if (outcome.kind === "second_factor") {
      reply.setCookie(cookies.challenge, outcome.challengeToken, { ...cookieOptions, maxAge: CHALLENGE_TTL_MS / 1000 });
      return { second_factor: true };
    }
    return signIn(request, reply, outcome);
  });

  // The second step, for an admin with two-factor sign-in: the code completes the sign-in the password began.
  app.post("/api/admin-login/second-factor/", { schema: { body: SecondFactorSchema }, config: loginConfig }, async (request, reply) => {
    verifyLoginCsrf(request, reply);
    const { code, recovery_code: recoveryCode } = request.body;
    try {
      const session = await admin.completeSignIn(
        { challengeToken: request.cookies[cookies.challenge], deviceKey: request.cookies[cookies.device] },
        recoveryCode ? { recoveryCode } : { code: code! },
      );
      reply.clearCookie(cookies.challenge, cookieOptions);
      return await signIn(request, reply, session);
    } catch (error) {
      if (!(error instanceof HttpError && error.code === "sign_in_expired")) throw error;
      // The page goes back to the password: this sign-in cannot be completed any more.
      reply.clearCookie(cookies.challenge, cookieOptions);
      return reply.code(error.statusCode).send({ error: error.message, restart: true });
    }
  });

  app.post("/api/admin/logout/", { onRequest: setUpGuard }, async (request, reply) => {
    await admin.logout(request.cookies[cookies.session], request.admin!);
    reply.clearCookie(cookies.session, { path: "/" });
    app.csrf.issue(reply);
    return { message: "Signed out." };
  });

  app.get("/api/admin/me/", { onRequest: setUpGuard }, async (request) => ({
    username: request.admin!.username,
    email: request.admin!.email,
    role: request.admin!.role,
  }));

  app.post(
    "/api/admin/account/password/",
    { onRequest: guard, schema: { body: PasswordChangeSchema }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request) => {
      await admin.changePassword(request.admin!, request.body.current_password, request.body.new_password);
      return { message: "Password changed. Your other sessions have been signed out." };
    },
  );

  await app.register(twoFactorRoutes, { admin, production });

  app.get("/api/admin/devices/", { onRequest: devicesGuard }, async () => (await admin.listDevices()).map(toAdminDevice));

  app.post(
    "/api/admin/devices/:id/:decision/",
    { onRequest: devicesGuard, schema: { params: DeviceIdParams.extend({ decision: z.enum(["approve", "revoke"]) }) } },
    async (request) => {
      await admin.decide(request.params.id, request.params.decision, request.admin!);
      return { message: request.params.decision === "approve" ? "Device approved." : "Device revoked." };
    },
  );

  // The mailed link: the token itself is the authority, so whoever holds it decides, once.
  app.post(
    "/api/admin/device-approvals/:token/",
    {
      schema: { params: z.object({ token: z.string().min(20).max(100) }), body: DeviceDecisionSchema },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      app.csrf.verify(request);
      await admin.decideByLink(request.params.token, request.body.decision);
      return { message: request.body.decision === "approve" ? "Device approved. It can sign in now." : "Device rejected. It cannot sign in." };
    },
  );
};
