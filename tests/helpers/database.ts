import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { pgliteHandle, postgresHandle, type DatabaseHandle } from "../../server/db/client";
import { withDatabase } from "../setup/database";

export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

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
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(inject("pgliteTemplate"));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return pgliteHandle(client);
}
