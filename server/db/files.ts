import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
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

/**
 * Writes a file as its chunks in order, numbered from 0, one statement each (`insert` stores one;
 * the chunks are views into the file, nothing is copied). The event loop gets a turn between
 * chunks: the embedded database runs each statement on this thread, and a transaction's statements
 * follow one another without one, so a whole file written at once kept every other request,
 * /healthz included, waiting for as long as it took.
 */
export async function writeFileChunks(bytes: Uint8Array, insert: (chunk: { seq: number; data: Buffer }) => Promise<unknown>): Promise<void> {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let seq = 0; seq * FILE_CHUNK_BYTES < whole.length; seq++) {
    await insert({ seq, data: whole.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES) });
    await setImmediate();
  }
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
