import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SocialCallbackQuerySchema, SocialProviderParamsSchema, SocialProvidersSchema, TokenPairSchema } from "#contracts/accounts.ts";
import { SOCIAL_SIGN_IN_PAGE, type SocialProvider, type SocialSignInProblem } from "#contracts/social-providers.ts";
import { account } from "#app/content/account.ts";
import type { Config } from "../../config";
import { perMinute } from "./routes";
import { SOCIAL_CODE_TTL_MS, type AccountsService, type ProviderIdentity } from "./service";
import { createSocialFlowCookie, socialCookieNames, SOCIAL_FLOW_TTL_SECONDS } from "./social-flow-cookie";
import { createSocialProviders } from "./social-providers";

const copy = account.socialSignIn;

/** The answer to a callback this browser did not start: no site page can be rendered from here, so a plain one. */
const EXPIRED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${copy.problemHeading} | HimalTech</title></head>
<body><main><h1>${copy.problemHeading}</h1><p>${copy.expired}</p><p><a href="/login">${copy.back}</a></p></main></body></html>`;

const problemPage = (provider: SocialProvider, problem: SocialSignInProblem) => `${SOCIAL_SIGN_IN_PAGE}?${new URLSearchParams({ problem, provider })}`;

/**
 * Sign-in with Google, GitHub and LinkedIn (decision 047). The buttons lead to `start`, which sends the browser
 * to the provider with a sealed cookie of what it must bring back; the provider returns it to `callback`, which
 * signs the person in and leaves a single-use code in a cookie for the sign-in page's script to exchange for
 * the token pair a password login gives. No token ever appears in an address.
 */
export const socialSignInRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; config: Config; now: () => Date }> = async (
  app,
  { accounts, config, now },
) => {
  const providers = createSocialProviders({ providers: config.socialProviders, publicUrl: config.publicUrl });
  const flows = createSocialFlowCookie(config.secretKey);
  const cookies = socialCookieNames(config.isProduction);
  const cookieOptions = (sameSite: "lax" | "strict") => ({ path: "/", httpOnly: true, secure: config.isProduction, sameSite });

  app.get("/api/auth/providers/", { schema: { response: { 200: SocialProvidersSchema } }, config: perMinute(60) }, async () => ({
    google: providers.isConfigured("google"),
    github: providers.isConfigured("github"),
    linkedin: providers.isConfigured("linkedin"),
  }));

  app.get("/api/auth/:provider/start", { schema: { params: SocialProviderParamsSchema }, config: perMinute(30) }, async (request, reply) => {
    const { provider } = request.params;
    if (!providers.isConfigured(provider)) return reply.redirect(problemPage(provider, "unavailable"), 303);
    let begun: Awaited<ReturnType<typeof providers.begin>>;
    try {
      begun = await providers.begin(provider);
    } catch (error) {
      request.log.warn({ provider, err: error }, "social sign-in: provider could not be reached");
      return reply.redirect(problemPage(provider, "failed"), 303);
    }
    reply.setCookie(cookies.flow, await flows.seal(begun.flow, now()), { ...cookieOptions("lax"), maxAge: SOCIAL_FLOW_TTL_SECONDS });
    return reply.redirect(begun.url, 303);
  });

  app.get(
    "/api/auth/:provider/callback",
    { schema: { params: SocialProviderParamsSchema, querystring: SocialCallbackQuerySchema }, config: perMinute(30) },
    async (request, reply) => {
      const { provider } = request.params;
      const flow = await flows.open(request.cookies[cookies.flow], now());
      reply.clearCookie(cookies.flow, cookieOptions("lax"));
      // Only the browser that started this sign-in, lately and with this provider, may finish it: anything else changes nothing.
      if (!flow || flow.provider !== provider || request.query.state !== flow.state) {
        request.log.info({ provider }, "social sign-in: callback without its browser's state refused");
        return reply.code(400).type("text/html; charset=utf-8").send(EXPIRED_PAGE);
      }
      if (request.query.error) {
        request.log.info({ provider, error: request.query.error }, "social sign-in: provider answered with an error");
        return reply.redirect(problemPage(provider, request.query.error === "access_denied" ? "denied" : "failed"), 303);
      }
      let identity: ProviderIdentity;
      try {
        identity = await providers.finish(flow, request.url.split("?")[1] ?? "");
      } catch (error) {
        request.log.warn({ provider, err: error }, "social sign-in: the provider's answer did not check out");
        return reply.redirect(problemPage(provider, "failed"), 303);
      }
      const result = await accounts.signInWithProvider(identity);
      if (result.outcome === "refused") {
        request.log.info({ provider, problem: result.problem, userId: result.userId }, "social sign-in refused");
        return reply.redirect(problemPage(provider, result.problem), 303);
      }
      request.log.info({ provider, userId: result.userId, created: result.created }, "social sign-in");
      reply.setCookie(cookies.code, result.code, { ...cookieOptions("strict"), maxAge: SOCIAL_CODE_TTL_MS / 1000 });
      return reply.redirect(SOCIAL_SIGN_IN_PAGE, 303);
    },
  );

  app.post("/api/auth/exchange/", { schema: { response: { 200: TokenPairSchema } }, config: perMinute(20) }, async (request, reply) => {
    const code = request.cookies[cookies.code];
    reply.clearCookie(cookies.code, cookieOptions("strict"));
    const { userId, tokens } = await accounts.redeemSignInCode(code);
    request.log.info({ userId }, "social sign-in: session opened");
    return tokens;
  });
};
