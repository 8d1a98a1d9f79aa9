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
 * `write` gets the items in arrival order and returns one result per item, in the same order. Each
 * caller learns of its own write only once the transaction holding it has committed. When a
 * batch's transaction fails, each of its items is written again alone, so one write that cannot be
 * stored fails by itself and never takes the others with it.
 */
export function createWriteBatcher<Item, Result>(options: {
  db: Database;
  write(tx: Executor, items: Item[]): Promise<Result[]>;
  /** The most writes in one transaction. */
  maxBatch?: number;
}): (item: Item) => Promise<Result> {
  const maxBatch = options.maxBatch ?? 64;
  let waiting: Waiting<Item, Result>[] = [];
  let committing = false;

  const commit = (items: Item[]) => options.db.transaction((tx) => options.write(tx, items));

  async function writeAlone(entry: Waiting<Item, Result>) {
    try {
      const [result] = await commit([entry.item]);
      entry.resolve(result!);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function commitWaiting() {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      try {
        const results = await commit(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
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
