import { Readable } from "node:stream";
import { customType } from "drizzle-orm/pg-core";

/**
 * Files (résumés, pictures) live in the database, so every instance serves them and a backup holds
 * them, but in rows of at most this many bytes, each written by a statement of its own and read back
 * one at a time: no statement, on either database, ever carries a whole file
 * (docs/decisions/024-files-in-chunks.md).
 */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** Raw bytes. node-postgres hands back a Buffer and PGlite a Uint8Array; both are read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/** A file's chunks in order, numbered from 0: views into its bytes, nothing copied. */
export function* fileChunks(bytes: Uint8Array): Generator<{ seq: number; data: Buffer }> {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let seq = 0; seq * FILE_CHUNK_BYTES < whole.length; seq++) yield { seq, data: whole.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES) };
}

/**
 * A stored file of `size` bytes as a stream, each chunk read from the database only when the
 * response has taken the one before: serving a file holds one chunk of it at a time.
 */
export function streamFile(size: number, readChunk: (seq: number) => Promise<Buffer | undefined>): Readable {
  const chunks = Math.ceil(size / FILE_CHUNK_BYTES);
  async function* read() {
    for (let seq = 0; seq < chunks; seq++) {
      const chunk = await readChunk(seq);
      if (!chunk) throw new Error(`Chunk ${seq} of ${chunks} of a stored file is missing.`);
      yield chunk;
    }
  }
  return Readable.from(read(), { objectMode: false, highWaterMark: FILE_CHUNK_BYTES });
}
