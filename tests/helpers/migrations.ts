import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder, PGLITE_EXTENSIONS } from "../../server/db/client";
import { withDatabase } from "../setup/database";
import { testDatabaseKind } from "./database";

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface MigratingDatabase {
  query: Query;
  /** Applies the migrations of `folder` not yet applied: the whole history, or one cut short (`migrationsBefore`). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database of the kind under test, for a migration to be tested on rows written as an earlier schema had them. */
export async function emptyDatabase(): Promise<MigratingDatabase> {
  if (testDatabaseKind === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `himal_migrating_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 2 });
    // A connection still closing when the database is dropped hears of the drop; nothing waits for it any more.
    pool.on("error", () => {});
    return {
      query: (text, params) => pool.query(text, params),
      migrate: (folder = migrationsFolder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      async close() {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  return {
    query: (text, params) => client.query(text, params),
    migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** Migrates `database` as it stood before the migration `tag`: the same files, the journal cut short there. */
export async function migrateUpTo(database: MigratingDatabase, tag: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "himal-migrations-"));
  try {
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((entry) => entry.tag === tag);
    if (cut < 1) throw new Error(`No migration ${tag} after the first`);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    await database.migrate(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
