import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import serverProcess from "../scripts/server-process.json";
import { buildApp } from "./app";
import { createBackgroundWork } from "./background";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/lock";
import { trackRequests } from "./http/drain";
import { loadServerBuild } from "./http/pages";
import { startMetricsServer } from "./metrics";
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
    runJobs: config.jobs === "in-process",
  });
  if (developing) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
  }
  const requests = trackRequests(app.server);
  // On the embedded database, or unless `npm run worker` processes do it beside PostgreSQL (JOBS=worker).
  const background = config.jobs === "in-process" ? await createBackgroundWork(app, config, database) : undefined;

  await database.exclusively(() => seedSampleContent(app.services, app.log));
  const abandonedExports = await app.services.dashboard.sweepAbandonedExports();
  if (abandonedExports > 0) app.log.info(`removed ${abandonedExports} export file(s) left by an earlier stop`);
  const control = database.kind === "pglite" ? await startControlSocket(config.dataDir, { services: app.services, database }, app.log) : undefined;
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metrics.port ? await startMetricsServer(app.metrics, config.metrics.port) : undefined;
  await background?.start();
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
    await background?.stop();
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
