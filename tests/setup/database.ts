import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { PGLITE_EXTENSIONS, pgliteHandle, postgresHandle, type DatabaseHandle } from "../../server/db/client";
import { createSearchService } from "../../server/modules/search/service";
import { SHIPPED_CONTENT } from "../../server/modules/content/shipped";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** Migrated, with the site's own pages in the search index, as a site that has started once has them. */
async function prepare(handle: DatabaseHandle) {
  await handle.migrate();
  await createSearchService({ db: handle.db, now: () => new Date(), sources: [], siteContent: async () => SHIPPED_CONTENT }).syncAll();
}

/**
 * Migrates one database per run and lets every test file clone it: a PGlite data directory dumped to
 * a file, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "postgres" || project.name === "db:postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `himal_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const handle = postgresHandle(templateUrl);
    await prepare(handle);
    await handle.close();
    project.provide("postgresTemplate", template);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1 or datname = $2", [
        `${template}_%`,
        template,
      ]);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), "himal-pglite-"));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = pgliteHandle(client);
  await prepare(handle);
  const dump = await client.dumpDataDir("none");
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
