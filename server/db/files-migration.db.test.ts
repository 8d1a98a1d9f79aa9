import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testDatabaseKind } from "../../tests/helpers/database";
import { withDatabase } from "../../tests/setup/database";
import { migrationsFolder, PGLITE_EXTENSIONS } from "./client";
import { FILE_CHUNK_BYTES } from "./files";

/** The migration that moved file bytes into chunk rows. */
const CHUNKS_MIGRATION = "0009_files_in_chunks";

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** A fresh database of the kind under test, migrated by whichever folder it is handed. */
async function freshDatabase(): Promise<{ query: Query; migrate(folder: string): Promise<void>; close(): Promise<void> }> {
  if (testDatabaseKind === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `himal_chunks_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 2 });
    return {
      query: (text, params) => pool.query(text, params),
      migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
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
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** The migrations folder as it stood before the chunks: the same files, its journal cut short. */
function foldersBeforeChunks(): { folder: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "himal-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === CHUNKS_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return { folder: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

it("moves résumés and picture variants already stored as one value into chunks, byte for byte", async () => {
  const before = foldersBeforeChunks();
  try {
    await database.migrate(before.folder);
  } finally {
    before.remove();
  }
  const resumes = [1, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES + 1, 5 * 1024 * 1024].map((size) => ({ id: randomUUID(), bytes: randomBytes(size) }));
  for (const resume of resumes) {
    await database.query(
      "insert into career_resumes (id, original_name, content_type, size, sha256, data) values ($1, 'cv.pdf', 'application/pdf', $2, 'x', decode($3, 'hex'))",
      [resume.id, resume.bytes.length, resume.bytes.toString("hex")],
    );
  }
  const variant = randomBytes(3 * FILE_CHUNK_BYTES - 7);
  await database.query("insert into images (id, width, height, variant_widths) values ('0123456789abcdef0123456789abcdef', 1200, 800, '{1200}')");
  await database.query("insert into image_variants (image_id, width, height, data) values ('0123456789abcdef0123456789abcdef', 1200, 800, decode($1, 'hex'))", [
    variant.toString("hex"),
  ]);

  await database.migrate(migrationsFolder);

  const storedBytes = async (sql: string, params: unknown[]) => {
    const { rows } = await database.query(`select encode(data, 'hex') as hex, octet_length(data) as length from ${sql} order by seq`, params);
    expect(rows.every((row) => Number(row.length) <= FILE_CHUNK_BYTES)).toBe(true);
    return Buffer.from(rows.map((row) => String(row.hex)).join(""), "hex");
  };
  for (const resume of resumes) {
    expect((await storedBytes("career_resume_chunks where resume_id = $1", [resume.id])).equals(resume.bytes)).toBe(true);
  }
  expect((await storedBytes("image_variant_chunks where image_id = $1 and width = 1200", ["0123456789abcdef0123456789abcdef"])).equals(variant)).toBe(true);
  const { rows } = await database.query("select size from image_variants");
  expect(rows).toEqual([{ size: variant.length }]);
});
