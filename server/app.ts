import path from "node:path";
import { createMetrics, registerMetricsRoute } from "./metrics";
import { AccessLog } from "./http/access-log";
import { registerRequestIds, requestIdOf } from "./http/request-ids";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, { type FastifyRequest, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { registerBoundary } from "./http/boundary";
import { registerCsrf } from "./http/csrf";
import { registerErrorHandling } from "./http/errors";
import { registerNoStore } from "./http/no-store";
import { registerOriginCheck } from "./http/origin";
import { forwardToApi } from "./http/page-actions";
import { createPageCache } from "./http/page-cache";
import { registerPages } from "./http/pages";
import { registerRateLimits } from "./http/rate-limit";
import { registerSecurityHeaders } from "./http/security";
import { adminRoutes } from "./modules/admin/routes";
import { teamRoutes } from "./modules/admin/team-routes";
import { adminCookieNames, tokenHash } from "./modules/admin/service";
import { accountsAdminRoutes } from "./modules/accounts/admin-routes";
import { accountRoutes } from "./modules/accounts/routes";
import { socialSignInRoutes } from "./modules/accounts/social-routes";
import { analyticsRoutes } from "./modules/analytics/routes";
import { auditRoutes } from "./modules/audit/routes";
import { blogAdminRoutes } from "./modules/blog/admin-routes";
import { blogRoutes } from "./modules/blog/routes";
import { privacyRoutes } from "./modules/privacy/routes";
import { campaignRoutes } from "./modules/campaigns/routes";
import { careersAdminRoutes } from "./modules/careers/admin-routes";
import { careersRoutes } from "./modules/careers/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { enquiriesAdminRoutes } from "./modules/enquiries/admin-routes";
import { enquiryRoutes } from "./modules/enquiries/routes";
import { mediaRoutes } from "./modules/media/routes";
import { siteRoutes } from "./modules/site/routes";
import { siteContentRoutes } from "./modules/content/routes";
import { searchRoutes } from "./modules/search/routes";
import { assistantRoutes } from "./modules/assistant/routes";
import { assistantAdminRoutes } from "./modules/assistant/admin-routes";
import { meetingRoutes } from "./modules/meetings/routes";
import { meetingAdminRoutes } from "./modules/meetings/admin-routes";
import { sharedPagePaths, staticPagePaths } from "./modules/site/page-paths";
import { relayContentChanges } from "./content-relay";
import { createServices } from "./services";
import type { Clock } from "pg-boss";
import { openJobQueue } from "./jobs/queue";
import { jobQueues } from "./db/job-queues";
import { createMailOutbox } from "./mail/outbox";

/**
 * How long a client may take over its request, on the site's own HTTP server (Fastify leaves every one
 * of these off); docs/decisions/055-slow-clients-and-owner-only-files.md.
 */
export const HTTP_TIMEOUTS = {
  /** From a request's first byte to the end of its headers: they come in one packet from any honest client. */
  headersTimeout: 20_000,
  /**
   * The whole request, body included: a 5 MB résumé sent at 50 KB/s (the upload of a weak 3G phone
   * link) takes 100 s, and may first wait a few seconds for its upload turn. The upload pace
   * (server/http/upload-pace.ts) cuts off a trickling body long before this.
   */
  requestTimeout: 120_000,
  /**
   * A request with no byte going either way: a client that does not read its answer. An upload waiting
   * for its turn is silent too, so this waits until the request timeout has had its check and its 408.
   */
  connectionTimeout: 130_000,
  /**
   * An idle connection kept alive between requests: longer than nginx's upstream keepalive_timeout
   * (60 s, deploy/nginx/himaltech.conf), so nginx closes it first and never sends a request on one
   * this server is closing.
   */
  keepAliveTimeout: 72_000,
  /** How often Node looks for requests past the headers and request timeouts (its own default is 30 s). */
  connectionsCheckingInterval: 5_000,
};

export type HttpTimeouts = typeof HTTP_TIMEOUTS;

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
  /** The React Router build; without it only the API is served (as in API tests). */
  siteBuild?: ServerBuild;
  /**
   * While developing (`npm run dev`): Vite's middleware serves the app's modules with hot reloading, and
   * each page is rendered from the build as Vite has it now, with nothing kept.
   */
  development?: { build: () => Promise<ServerBuild>; middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void };
  now?: () => Date;
  /** Shorter timeouts, for tests that watch a slow client being cut off. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /**
   * Whether this process takes the jobs it and others queue (`app.jobs.start()` then runs them): the
   * web process on the embedded database, not beside a worker of its own (JOBS=worker). Without it, jobs
   * run only when drained (tests).
   */
  runJobs?: boolean;
  /** The job queue's clock, for tests that move time to see a retry come due. */
  jobClock?: Clock;
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new AccessLog(),
    requestTimeout: timeouts.requestTimeout,
    connectionTimeout: timeouts.connectionTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    http: {
      headersTimeout: timeouts.headersTimeout,
      requestTimeout: timeouts.requestTimeout,
      connectionsCheckingInterval: timeouts.connectionsCheckingInterval,
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    genReqId: requestIdOf,
    ...(config.trustedProxies.length > 0 ? { trustProxy: config.trustedProxies } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestIds(app);
  const metrics = createMetrics(database);
  metrics.register(app);
  if (config.metrics.token) registerMetricsRoute(app, metrics, config.metrics.token);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.isProduction);
  registerBoundary(app);
  registerNoStore(app, adminCookieNames(config.isProduction).session);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  registerOriginCheck(app, config.publicUrl);
  registerCsrf(app, config.secretKey, config.isProduction);
  await registerRateLimits(app, { redisUrl: config.redisUrl, disabled: !config.rateLimitsEnabled });

  const jobs = await openJobQueue(database.jobConnection, { queues: jobQueues, work: options.runJobs ?? false, log: app.log, clock: options.jobClock });
  app.addHook("onClose", () => jobs.stop());
  const services = createServices({ db: database.db, config, now, outbox: createMailOutbox(jobs), jobs });
  const pageCache = createPageCache({
    now,
    lifetimeMs: config.pageCacheLifetimeSeconds * 1000,
    onLookup: metrics.pageCacheLookup,
    sharedPages: options.siteBuild ? sharedPagePaths(options.siteBuild) : [],
  });
  services.contentEvents.onChange((area) => pageCache.invalidate(area));
  // The search index follows every change to posts, jobs, staff's FAQ answers and the site's words, made here or (through the relay) by another
  // instance; one it fails to take in is taken in by the next change or the next start.
  const indexedKind = { blog: "post", careers: "job", faq: "answer", content: "page" } as const;
  services.contentEvents.onChange((area) =>
    services.search.sync(indexedKind[area]).catch((error: Error) => app.log.error({ err: error }, `search index: ${area} not brought up to date`)),
  );
  if (database.kind === "postgres" && config.databaseUrl) {
    const relay = await relayContentChanges({
      databaseUrl: config.databaseUrl,
      events: services.contentEvents,
      log: app.log,
      onListening: () => pageCache.resume(),
      onLost: () => pageCache.suspend(),
    });
    app.addHook("onClose", () => relay.close());
  }
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(accountRoutes, {
    accounts: services.accounts,
    conversations: services.conversations,
    careers: services.careers,
    meetings: services.meetings,
    newsletter: services.enquiries,
  });
  await app.register(socialSignInRoutes, { accounts: services.accounts, config, now });
  await app.register(mediaRoutes, { media: services.media });
  await app.register(blogRoutes, { blog: services.blog, pageCache });
  await app.register(blogAdminRoutes, { blog: services.blog, admin: services.admin, production: config.isProduction, contentEvents: services.contentEvents });
  await app.register(careersRoutes, { careers: services.careers, retention: services.applicationRetention, pageCache });
  await app.register(enquiryRoutes, { enquiries: services.enquiries, conversations: services.conversations });
  await app.register(adminRoutes, { admin: services.admin, production: config.isProduction });
  await app.register(teamRoutes, { team: services.team, passwordResets: services.adminPasswordResets, admin: services.admin, production: config.isProduction });
  await app.register(dashboardRoutes, { dashboard: services.dashboard, admin: services.admin, production: config.isProduction });
  await app.register(enquiriesAdminRoutes, {
    enquiriesAdmin: services.enquiriesAdmin,
    conversations: services.conversations,
    team: services.team,
    admin: services.admin,
    production: config.isProduction,
  });
  await app.register(careersAdminRoutes, {
    careersAdmin: services.careersAdmin,
    candidateMail: services.candidateMail,
    admin: services.admin,
    production: config.isProduction,
  });
  await app.register(accountsAdminRoutes, { accountsAdmin: services.accountsAdmin, admin: services.admin, production: config.isProduction });
  await app.register(auditRoutes, { audit: services.audit, admin: services.admin, production: config.isProduction });
  await app.register(siteContentRoutes, { content: services.siteContent, media: services.media, admin: services.admin, production: config.isProduction });
  await app.register(searchRoutes, { search: services.search });
  await app.register(assistantRoutes, { assistant: services.assistant });
  await app.register(assistantAdminRoutes, {
    assistant: services.assistant,
    answers: services.assistantAnswers,
    search: services.search,
    admin: services.admin,
    production: config.isProduction,
  });
  await app.register(meetingRoutes, { meetings: services.meetings });
  await app.register(campaignRoutes, { campaigns: services.campaigns, admin: services.admin, production: config.isProduction });
  await app.register(privacyRoutes, { privacy: services.privacy, accounts: services.accounts, admin: services.admin, production: config.isProduction });
  await app.register(meetingAdminRoutes, { meetings: services.meetings, admin: services.admin, production: config.isProduction });
  // The index holds every public page, post and open job before the first request; a restart catches up with what changed while it was down.
  app.addHook("onReady", () => services.search.syncAll());

  // A form of an admin screen reaches its route with a token bound to the admin's session, as the screen's script sends.
  const adminSessionCookie = adminCookieNames(config.isProduction).session;
  const csrfBinding = (request: FastifyRequest) => (path: string) => {
    const session = request.cookies[adminSessionCookie];
    return path.startsWith("admin/") && session ? tokenHash(session) : "";
  };
  const loadContext = (request: FastifyRequest) => ({ services, api: forwardToApi(app, request, csrfBinding(request)), log: request.log });
  let pagePaths: () => Promise<string[]> | string[] = () => [];
  if (options.development) {
    const { build, middleware } = options.development;
    // Loaded only here: a production install has no development dependencies.
    const { default: middie } = await import("@fastify/middie");
    await app.register(middie);
    app.use(middleware);
    registerPages(app, { build, production: false, loadContext });
    pagePaths = async () => staticPagePaths(await build());
  } else if (options.siteBuild) {
    registerPages(app, { build: options.siteBuild, clientDir: path.join(config.buildDir, "client"), production: config.isProduction, loadContext, pageCache });
    const paths = staticPagePaths(options.siteBuild);
    pagePaths = () => paths;
  }
  await app.register(siteRoutes, {
    pagePaths,
    sitemapSources: [services.blog.sitemapEntries, services.careers.sitemapEntries, services.siteContent.sitemapEntries],
    ping: database.ping,
  });
  app.all("/api/*", async (request, reply) => reply.code(404).send({ message: `No API route ${request.method} ${request.url.split("?")[0]}` }));

  return Object.assign(app, { services, pageCache, metrics, jobs });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
