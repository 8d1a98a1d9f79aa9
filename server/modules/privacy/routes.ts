import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DataRequestActionSchema,
  DataRequestIdParams,
  DataRequestSchema,
  DataRequestTokenParams,
  DataRequestTokenSchema,
  DeleteAccountSchema,
} from "#contracts/privacy.ts";
import type { AccountsService } from "../accounts/service";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { PersonalDataArchive, PrivacyService } from "./service";

/** The privacy page's calls answer as its other forms do (`message`); the account's, as the account calls do (`detail`). */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
const accountPerMinute = (max: number) => ({ errorShape: "detail" as const, ...perMinute(max) });

const sendArchive = (reply: FastifyReply, archive: PersonalDataArchive) =>
  reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${archive.fileName}"`)
    .header("cache-control", "no-store")
    .send(Buffer.from(archive.bytes));

/**
 * Data requests: sent from the privacy page, confirmed by the mailed link, answered by staff from the
 * queue; and a signed-in person's own archive and account deletion, which need no mailed link.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  accounts: Pick<AccountsService, "authenticate" | "confirmPassword">;
  admin: AdminService;
  production: boolean;
}> = async (app, options) => {
  const { privacy, accounts } = options;
  const guard = { onRequest: requireAdmin(options.admin, app.csrf, options.production, "privacy") };

  app.post("/api/privacy/requests/", { schema: { body: DataRequestSchema }, config: perMinute(5) }, async (request, reply) =>
    reply.code(202).send(await privacy.submit(request.body)),
  );

  app.post("/api/privacy/requests/confirm/", { schema: { body: z.object({ token: DataRequestTokenSchema }) }, config: perMinute(20) }, async (request) =>
    privacy.confirm(request.body.token),
  );

  app.get("/api/privacy/archives/:token/", { schema: { params: DataRequestTokenParams }, config: perMinute(10) }, async (request, reply) =>
    sendArchive(reply, await privacy.archiveByLink(request.params.token)),
  );

  app.get("/api/accounts/data/", { config: accountPerMinute(10) }, async (request, reply) => {
    const { user } = await accounts.authenticate(request.headers.authorization);
    return sendArchive(reply, await privacy.archiveOf(user.email));
  });

  app.post("/api/accounts/delete/", { schema: { body: DeleteAccountSchema }, config: accountPerMinute(5) }, async (request) => {
    const { user } = await accounts.authenticate(request.headers.authorization);
    await accounts.confirmPassword(user, request.body.password);
    await privacy.eraseAccount(user.email);
    return { message: "Your account and everything we held for your address are deleted." };
  });

  app.get("/api/admin/data-requests/", guard, async () => ({ requests: await privacy.queue() }));

  app.get("/api/admin/data-requests/:id/", { ...guard, schema: { params: DataRequestIdParams } }, async (request) => privacy.get(request.params.id));

  app.post("/api/admin/data-requests/:id/action/", { ...guard, schema: { params: DataRequestIdParams, body: DataRequestActionSchema } }, async (request) =>
    privacy.act(request.params.id, request.body, request.admin!),
  );
};
