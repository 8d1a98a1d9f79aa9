import serverProcess from "../scripts/server-process.json";
import { buildApp } from "./app";
import { createBackgroundWork } from "./background";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { makeOwnerOnly, OWNER_ONLY_UMASK } from "./owner-only";

/**
 * `npm run worker`: the site's background work in a process of its own, beside PostgreSQL, while the web
 * processes run with JOBS=worker (decision 061). Any number may run; the job queue gives each job to one.
 */
async function main() {
  process.umask(OWNER_ONLY_UMASK);
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      "npm run worker works beside PostgreSQL (DATABASE_URL). On the embedded database the site runs its background work itself: npm start is enough.",
    );
  }
  makeOwnerOnly(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();
  // The services and the job queue as the web process has them; this process answers no requests.
  const app = await buildApp({ config, database, logger: { level: config.logLevel }, runJobs: true });
  await app.ready();
  const background = await createBackgroundWork(app, config, database);
  await background.start();
  app.log.info(
    `worker ready: mail, newsletters, the inbox digest, meeting reminders and retention (mail: ${config.smtpUrl ? "SMTP" : `files in ${config.dataDir}/mail`})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing the jobs in hand`);
    await app.close();
    await background.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n`);
    process.exit(serverProcess.refusedToStartExitCode);
  }
  console.error(error);
  process.exit(1);
});
