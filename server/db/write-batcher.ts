import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Executor } from "./client";

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Group commit for one kind of write. A write that arrives while another transaction of its kind is
 * being committed waits for it, then goes with every other one that arrived meanwhile, in one
 * transaction of a few statements instead of one transaction each. A commit starts on the next turn
 * of the event loop, once every request already read in this turn has joined it (the embedded
 * database runs a whole transaction without giving the loop a turn, so nothing would join while it
 * commits). There is no timer: an idle site writes at once; under a burst the cost of a commit (a
 * flush to disk on PostgreSQL, the embedded database's single thread) is shared by the batch.
 *
 * `write` gets the items in arrival order and returns one result per item, in any order: a database
 * promises no order for the rows an insert returns. `belongsTo` says which item a result is, and each
 * result goes to one caller whose item it is. Each caller learns of its own write only once the
 * transaction holding it has committed. When a
 * batch's transaction fails, each of its items is written again alone, so one write that cannot be
 * stored fails by itself and never takes the others with it.
 */
export function createWriteBatcher<Item, Result>(options: {
  db: Database;
  write(tx: Executor, items: Item[]): Promise<Result[]>;
  /** Whether a result is the one written for an item (items that are alike may take each other's). */
  belongsTo(result: Result, item: Item): boolean;
  /** The most writes in one transaction. */
  maxBatch?: number;
}): (item: Item) => Promise<Result> {
  const maxBatch = options.maxBatch ?? 64;
  let waiting: Waiting<Item, Result>[] = [];
  let committing = false;

  /** Writes the entries' items in one transaction and gives each entry its own result once it has committed. */
  async function commit(entries: Waiting<Item, Result>[]) {
    const results = await options.db.transaction(async (tx) => {
      const unclaimed = await options.write(
        tx,
        entries.map((entry) => entry.item),
      );
      const owned = entries.map((entry) => {
        const index = unclaimed.findIndex((result) => options.belongsTo(result, entry.item));
        if (index < 0) throw new Error("A batched write returned no result for one of its items");
        return unclaimed.splice(index, 1)[0]!;
      });
      if (unclaimed.length > 0) throw new Error("A batched write returned results that belong to none of its items");
      return owned;
    });
    entries.forEach((entry, index) => entry.resolve(results[index]!));
  }

  async function writeAlone(entry: Waiting<Item, Result>) {
    try {
      await commit([entry]);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function commitWaiting() {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      try {
        await commit(batch);
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map(writeAlone));
      }
    }
    committing = false;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!committing) {
        committing = true;
        setImmediate(() => void commitWaiting());
      }
    });
}

/**
 * Whether a returned row holds every value written, as the database stores it: a date at the same
 * instant, a text as UTF-8 (a lone surrogate comes back as U+FFFD). The way to tell which of a batch's
 * rows is whose, when nothing else in the row names its writer.
 */
export function holdsValues<Row extends object>(row: Row, values: Partial<Row>): boolean {
  return Object.entries(values).every(([name, value]) => {
    const stored = (row as Record<string, unknown>)[name];
    if (value instanceof Date) return stored instanceof Date && stored.getTime() === value.getTime();
    if (typeof value === "string") return stored === Buffer.from(value).toString("utf8");
    return stored === value;
  });
}

/**
 * Inserts many rows as one array per column (`insert … select * from unnest(…)`): the statement and
 * its handful of parameters are the same for one row or fifty, where a multi-row insert takes a
 * parameter per value, and building those cost half of what a form post allocated (decision 015).
 * Columns, SQL types and conversions come from the Drizzle table; the rows come back whole, typed as
 * Drizzle returns them, in no promised order.
 */
export async function insertAsArrays<Table extends PgTable>(tx: Executor, table: Table, rows: Table["$inferInsert"][]): Promise<Table["$inferSelect"][]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const written = Object.keys(rows[0] ?? {}).filter((name) => columns[name]);
  const arrays = written.map((name) => {
    const column = columns[name]!;
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[name];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const result = (await tx.execute(
    sql`insert into ${table} (${sql.join(
      written.map((name) => sql.identifier(columns[name]!.name)),
      sql`, `,
    )}) select * from unnest(${sql.join(arrays, sql`, `)}) returning *`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((stored) =>
    Object.fromEntries(
      Object.entries(columns).map(([name, column]) => {
        const value = stored[column.name];
        return [name, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    ),
  ) as Table["$inferSelect"][];
}
