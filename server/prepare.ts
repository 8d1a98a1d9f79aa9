import { spawn } from "node:child_process";
import Fastify from "fastify";
import type { Config } from "./config";
import { embeddedDatabaseExists, openDatabase } from "./db/client";
import { seedSampleContent } from "./seed";
import { openServices } from "./services";

/**
 * A new embedded database is created, migrated and given its sample content by a process of its own,
 * which then exits. PostgreSQL's initdb and the rendering of the sample artwork leave tens of
 * megabytes of the memory allocator's heap fragmented, and a process never gets them back: a server
 * that prepared its own database held about 50 MB more for as long as it ran
 * (docs/decisions/018-new-database-prepared-apart.md).
 */
export const needsPreparation = (config: Config) => !config.databaseUrl && !embeddedDatabaseExists(config.dataDir);

/** Given to the server's own command: prepare DATA_DIR's database, then exit. */
export const PREPARE_FLAG = "--prepare-data-dir";

export class PreparationError extends Error {
  override name = "PreparationError";
}

/** Runs the server's own command again with PREPARE_FLAG, its output passed through, and waits for it. */
export function prepareInChildProcess(): Promise<void> {
  // A stop asked for meanwhile stops the preparation, rather than leaving it running on its own. The
  // handlers are in place before the process starts: the child exists from the moment it forks, before
  // spawn returns, and a stop arriving then would otherwise end this process alone. (They run once
  // spawn has returned, so `child` is set by then.)
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGTERM", forward);
  process.on("SIGINT", forward);
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_FLAG], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", forward);
      if (error) reject(error);
      else resolve();
    };
    child.once("error", (error) => done(new PreparationError(`Could not start the process that prepares the database: ${error.message}`)));
    child.once("exit", (code, signal) => {
      if (code === 0) done();
      else done(new PreparationError(`Preparing the database stopped (${signal ?? `exit code ${code}`}); its output is above.`));
    });
  });
}

/** The work of PREPARE_FLAG: the database created if new, migrated, and sample content added to empty tables. */
export async function prepareDatabase(config: Config): Promise<void> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const log = Fastify({ logger: { level: config.logLevel } }).log;
    // Only the embedded database is prepared here, and its directory lock already makes this process the only one.
    const { services, close } = await openServices(database, config, log);
    try {
      await seedSampleContent(services, log);
    } finally {
      await close();
    }
  } finally {
    await database.close();
  }
}
