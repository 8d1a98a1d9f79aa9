import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emptyDatabase, migrateUpTo, type MigratingDatabase } from "../../tests/helpers/migrations";
import { FILE_CHUNK_BYTES } from "./files";

/** The migration that moved file bytes into chunk rows. */
const CHUNKS_MIGRATION = "0009_files_in_chunks";

let database: MigratingDatabase;
beforeAll(async () => {
  database = await emptyDatabase();
});
afterAll(() => database?.close());

it("moves résumés and picture variants already stored as one value into chunks, byte for byte", async () => {
  await migrateUpTo(database, CHUNKS_MIGRATION);
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

  await database.migrate();

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
