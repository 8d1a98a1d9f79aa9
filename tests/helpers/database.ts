import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { embeddedDatabaseDir, openDatabase, PGLITE_EXTENSIONS, pgliteHandle, postgresHandle, type DatabaseHandle } from "../../server/db/client";
import { withDatabase } from "../setup/database";

export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** Where each PostgreSQL test database is, for a second instance to connect to it. */
const postgresUrls = new WeakMap<DatabaseHandle, string>();

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const template = inject("postgresTemplate");
    const name = `${template}_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = postgresHandle(withDatabase(url, name));
    const shared: DatabaseHandle = {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
    postgresUrls.set(shared, withDatabase(url, name));
    return shared;
  }
  const dump = await readFile(inject("pgliteTemplate"));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return pgliteHandle(client);
}

/** A fresh, migrated embedded database on disk in `dataDir`, opened as the server opens it (its directory locked). */
export async function createTestDatabaseOnDisk(dataDir: string): Promise<DatabaseHandle> {
  const dump = await readFile(inject("pgliteTemplate"));
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(embeddedDatabaseDir(dataDir), { loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  await client.close();
  return openDatabase({ dataDir });
}

/** The PostgreSQL URL of a test database, for a process of its own to connect to. */
export const postgresUrlOf = (database: DatabaseHandle) => postgresUrls.get(database);

/**
 * The same database as a second instance of the site sees it: through a pool of its own on PostgreSQL;
 * on PGlite, which one process holds, the same handle (closing it is left to the first).
 */
export function secondInstanceOf(database: DatabaseHandle): DatabaseHandle {
  const url = postgresUrls.get(database);
  return url ? postgresHandle(url) : { ...database, close: async () => {} };
}
