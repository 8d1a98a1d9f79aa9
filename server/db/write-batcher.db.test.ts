import { sql } from "drizzle-orm";
import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle, Executor } from "./client";
import { createWriteBatcher, insertAsArrays } from "./write-batcher";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table batched_notes (id serial primary key, body text not null check (body <> 'refused'))`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from batched_notes`);
});

/**
 * A batcher that stores notes and counts the transactions it commits. `returnOrder` stands for the
 * database's choice of the order in which an insert returns its rows.
 */
function notes(returnOrder: (rows: Note[]) => Note[] = (rows) => rows) {
  const transactions: string[][] = [];
  const write = createWriteBatcher({
    db: database.db,
    async write(tx: Executor, bodies: string[]) {
      transactions.push(bodies);
      return returnOrder(
        await insertAsArrays(
          tx,
          batchedNotes,
          bodies.map((body) => ({ body })),
        ),
      );
    },
    belongsTo: (note, body) => note.body === body,
  });
  return { write, transactions };
}
const batchedNotes = pgTable("batched_notes", { id: serial("id").primaryKey(), body: text("body").notNull() });
type Note = typeof batchedNotes.$inferSelect;

const stored = async () =>
  ((await database.db.execute(sql`select id, body from batched_notes order by id`)) as unknown as { rows: { id: number; body: string }[] }).rows;

describe("createWriteBatcher", () => {
  it("writes alone when nothing else is waiting", async () => {
    const { write, transactions } = notes();
    const note = await write("first");
    expect(note.body).toBe("first");
    expect(transactions).toEqual([["first"]]);
    expect(await stored()).toEqual([note]);
  });

  it("stores a burst of concurrent writes in a few transactions, each caller getting its own row once", async () => {
    const { write, transactions } = notes();
    const bodies = Array.from({ length: 40 }, (_, index) => `note ${index}`);
    const results = await Promise.all(bodies.map((body) => write(body)));
    expect(results.map((result) => result.body)).toEqual(bodies);
    expect(transactions.length).toBeLessThan(bodies.length);
    expect(transactions.flat()).toEqual(bodies);
    const rows = await stored();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.body)).size).toBe(40);
    for (const result of results) expect(rows).toContainEqual(result);
  });

  it("gives each caller its own row, whatever order the rows come back in", async () => {
    const { write, transactions } = notes((rows) => [...rows].reverse());
    const bodies = Array.from({ length: 12 }, (_, index) => `reversed ${index}`);
    const results = await Promise.all(bodies.map((body) => write(body)));
    expect(transactions.length).toBeLessThan(bodies.length);
    expect(results.map((result) => result.body)).toEqual(bodies);
    const rows = await stored();
    for (const result of results) expect(rows).toContainEqual(result);
    expect(new Set(results.map((result) => result.id)).size).toBe(bodies.length);
  });

  it("gives alike writes a row each", async () => {
    const { write } = notes((rows) => [...rows].reverse());
    const results = await Promise.all(["same", "same", "same"].map((body) => write(body)));
    expect(new Set(results.map((result) => result.id)).size).toBe(3);
    expect(await stored()).toHaveLength(3);
  });

  it("gathers writes that arrive in separate callbacks of one event-loop turn, as requests read together do", async () => {
    const { write, transactions } = notes();
    const bodies = ["first request", "second request", "third request"];
    const results = await Promise.all(
      bodies.map((body) => new Promise<{ body: string }>((resolve, reject) => setImmediate(() => write(body).then(resolve, reject)))),
    );
    expect(results.map((result) => result.body)).toEqual(bodies);
    expect(transactions).toEqual([bodies]);
  });

  it("keeps a batch to its largest size", async () => {
    const transactions: number[] = [];
    const write = createWriteBatcher({
      db: database.db,
      maxBatch: 5,
      async write(tx: Executor, bodies: string[]) {
        transactions.push(bodies.length);
        return bodies;
      },
      belongsTo: (result, body) => result === body,
    });
    await Promise.all(Array.from({ length: 23 }, (_, index) => write(`n${index}`)));
    expect(Math.max(...transactions)).toBeLessThanOrEqual(5);
    expect(transactions.reduce((sum, size) => sum + size, 0)).toBe(23);
  });

  it("fails only the write that cannot be stored; the others in its batch are stored once", async () => {
    const { write } = notes();
    await write("warm-up");
    const bodies = ["a", "b", "refused", "c", "d"];
    const outcomes = await Promise.allSettled(bodies.map((body) => write(body)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((await stored()).map((row) => row.body).sort()).toEqual(["a", "b", "c", "d", "warm-up"]);
  });
});
