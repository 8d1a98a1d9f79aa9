import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ReauthSchema, RequireTwoFactorSchema, TotpCodeSchema, type RecoveryCodes } from "#contracts/admin.ts";
import { requireAdmin } from "./guard";
import type { AdminService } from "./service";
import type { Reauth } from "./two-factor-service";

/** Few tries a minute: each call that checks a password or a code is a guess an attacker could make. */
const CHECKS = { rateLimit: { max: 10, timeWindow: "1 minute" } };

const proofOf = (body: { password?: string; code?: string }): Reauth | null =>
  body.password ? { password: body.password } : body.code ? { code: body.code } : null;

/** The signed-in admin's own two-factor sign-in (My account), and the owners' setting that requires it. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ admin: AdminService; production: boolean }> = async (app, { admin, production }) => {
  // An admin who must set up two-factor sign-in reaches these, and nothing else, until it is on.
  const setUpGuard = requireAdmin(admin, app.csrf, production, "any", { beforeTwoFactor: true });
  const service = admin.twoFactor;

  app.get("/api/admin/account/", { onRequest: setUpGuard }, (request) => service.account(request.admin!));

  app.post("/api/admin/account/two-factor/setup/", { onRequest: setUpGuard }, async (request) => {
    await service.begin(request.admin!);
    return service.account(request.admin!);
  });

  app.post(
    "/api/admin/account/two-factor/confirm/",
    { onRequest: setUpGuard, schema: { body: TotpCodeSchema }, config: CHECKS },
    async (request): Promise<RecoveryCodes> => ({ recovery_codes: await service.confirm(request.admin!, request.body.code) }),
  );

  app.post("/api/admin/account/two-factor/disable/", { onRequest: setUpGuard, schema: { body: ReauthSchema }, config: CHECKS }, async (request) => {
    await service.disable(request.admin!, proofOf(request.body));
    return { message: "Two-factor sign-in is off." };
  });

  app.post(
    "/api/admin/account/two-factor/recovery-codes/",
    { onRequest: setUpGuard, schema: { body: ReauthSchema }, config: CHECKS },
    async (request): Promise<RecoveryCodes> => ({ recovery_codes: await service.regenerateRecoveryCodes(request.admin!, proofOf(request.body)) }),
  );

  app.post(
    "/api/admin/settings/require-two-factor/",
    { onRequest: requireAdmin(admin, app.csrf, production, "team"), schema: { body: RequireTwoFactorSchema } },
    async (request) => {
      await service.setRequired(request.admin!, request.body.required);
      return { message: request.body.required ? "Every admin now needs two-factor sign-in." : "Two-factor sign-in is now each admin's choice." };
    },
  );
};
