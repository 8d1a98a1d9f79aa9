// The site's background work in a process of its own, as `npm run worker` runs it beside PostgreSQL and the web
// process runs it on the embedded database, for a test to kill mid-send and start again.
// Configured by the site's own variables (DATA_DIR or DATABASE_URL, SMTP_URL); logs to stdout.
import { buildApp } from "../../server/app";
import { createBackgroundWork } from "../../server/background";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";

const config = loadConfig();
const database = await openDatabase(config);
const app = await buildApp({ config, database, logger: { level: "info" }, runJobs: true });
await app.ready();
const background = await createBackgroundWork(app, config, database);
await background.start();
