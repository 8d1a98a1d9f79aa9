import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import serverProcess from "../scripts/server-process.json";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/lock";
import { keepPlannerStatistics } from "./db/statistics";
import { trackRequests } from "./http/drain";
import { loadServerBuild } from "./http/pages";
import { CAMPAIGN_CONCURRENCY_MAX } from "@contracts/campaigns";
import { createOutboxWorker } from "./mail/outbox";
import { startMetricsServer } from "./metrics";
import { createCampaignSender } from "./modules/campaigns/sender";
import { createMailTransport } from "./mail/transport";
import { startControlSocket } from "./control";
import { makeOwnerOnly, OWNER_ONLY_UMASK } from "./owner-only";
import { seedSampleContent } from "./seed";
import { needsPreparation, PREPARE_FLAG, prepareDatabase, prepareInChildProcess, PreparationError } from "./prepare";

/** How long a stopping server waits for requests in flight before it closes what is left. */
const DRAIN_TIMEOUT_MS = 10_000;

/** `npm run dev`: the app's pages and modules come from Vite with hot reloading, not from a build. */
const DEVELOPMENT_FLAG = "--development";

async function main() {
  const startedAt = performance.now();
  process.umask(OWNER_ONLY_UMASK);
  const config = loadConfig();
  if (process.argv.includes(PREPARE_FLAG)) {
    await prepareDatabase(config);
    process.exit(0);
  }
  if (needsPreparation(config)) await prepareInChildProcess();
  // The database opens (WebAssembly compiled off the main thread) while the site build loads.
  const developing = process.argv.includes(DEVELOPMENT_FLAG);
  const [database, siteBuild] = await Promise.all([
    openDatabase(config).then(async (database) => {
      await database.migrate();
      return database;
    }),
    developing ? undefined : loadServerBuild(config.buildDir),
  ]);
  // The embedded database makes its DATA_DIR owner-only where it is opened; beside PostgreSQL, DATA_DIR holds the mail files and the secret.
  if (database.kind === "postgres") makeOwnerOnly(config.dataDir);
  // Vite is made once the server exists, so its hot-reload socket shares the server's port.
  let vite: ViteDevServer | undefined;
  const app = await buildApp({
    config,
    database,
    siteBuild,
    development: developing
      ? {
          build: () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
          middleware: (request, response, next) => vite!.middlewares(request, response, next),
        }
      : undefined,
    logger: { level: config.logLevel },
  });
  if (developing) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
  }
  const requests = trackRequests(app.server);
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log, publicUrl: config.publicUrl });
  const outbox = createOutboxWorker({
    db: database.db,
    transport,
    from: config.mailFrom,
    messageIdDomain: new URL(config.publicUrl).hostname,
    log: app.log,
    busy: requests.busy,
    onFailure: app.metrics.mailFailed,
  });

  // Newsletters keep their connections open from one mail to the next.
  const campaignTransport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log, pool: CAMPAIGN_CONCURRENCY_MAX });
  const campaignSender = createCampaignSender({
    db: database.db,
    service: app.services.campaigns,
    audience: app.services.enquiries,
    transport: campaignTransport,
    from: config.mailFrom,
    messageIdDomain: new URL(config.publicUrl).hostname,
    log: app.log,
    busy: requests.busy,
    visitedWithin: requests.visitedWithin,
  });

  await database.exclusively(() => seedSampleContent(app.services, app.log));
  const abandonedExports = await app.services.dashboard.sweepAbandonedExports();
  if (abandonedExports > 0) app.log.info(`removed ${abandonedExports} export file(s) left by an earlier stop`);
  const control = database.kind === "pglite" ? await startControlSocket(config.dataDir, { services: app.services, database }, app.log) : undefined;
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metrics.port ? await startMetricsServer(app.metrics, config.metrics.port) : undefined;
  outbox.start();
  campaignSender.start();
  const statistics = keepPlannerStatistics(database, app.log);
  app.services.inboxDigest.start(app.log);
  app.services.meetings.reminders.start(app.log);
  app.services.applicationRetention.sweeper.start(app.log);
  // Loaded only when mail is received here: most starts need no SMTP server or mail parser.
  const inbound = config.inboundSmtp
    ? await (
        await import("./mail/inbound")
      ).startInboundMail({
        ...config.inboundSmtp,
        domain: config.inboundMailDomain!,
        conversations: app.services.conversations,
        log: app.log,
      })
    : undefined;
  app.log.info(
    `ready in ${Math.round(performance.now() - startedAt)} ms on ${config.publicUrl} (database: ${database.kind === "pglite" ? `embedded in ${config.dataDir}` : "PostgreSQL"}; mail: ${config.smtpUrl ? "SMTP" : `files in ${config.dataDir}/mail`}${inbound ? `; receiving mail for ${config.inboundMailDomain} on port ${inbound.port}` : ""})`,
  );

  if (!(await app.services.admin.hasAdmins())) {
    app.log.info("No admin yet. Create the first one with: npm run admin -- create-admin --username <name> --email <address>");
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests and mail`);
    await requests.drain(DRAIN_TIMEOUT_MS);
    await app.close();
    await vite?.close();
    control?.close();
    metricsServer?.close();
    await inbound?.close();
    await app.services.inboxDigest.stop();
    await app.services.meetings.reminders.stop();
    await app.services.applicationRetention.sweeper.stop();
    statistics.stop();
    await outbox.stop();
    await campaignSender.stop();
    transport.close();
    campaignTransport.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PreparationError) {
    console.error(`\n${error.message}\n`);
    // `npm start` starts a server that crashed again, but not one that refused to start: it would only refuse again.
    process.exit(serverProcess.refusedToStartExitCode);
  }
  console.error(error);
  process.exit(1);
});
