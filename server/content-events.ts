import type { Database, Executor } from "./db/client";

/** `content` is the site's editable words (testimonials, FAQ, pricing …), which any page may show. */
export type ContentArea = "blog" | "careers" | "faq" | "content";
/** Told of a change once it has committed; a write waits for what it returns (the search index catching up). */
type Listener = (area: ContentArea) => void | Promise<void>;
/** Tells other app instances of a change, as part of the transaction that makes it. */
type Announcer = (tx: Executor, area: ContentArea) => Promise<void>;

/**
 * Tells whoever keeps derived copies of public content (the rendered-page cache) that an area's
 * content changed. Every write to posts, categories, jobs, FAQ answers or the site's words goes through `write`.
 */
export function createContentEvents(db: Database) {
  const listeners = new Set<Listener>();
  let announce: Announcer | undefined;
  const changed = async (area: ContentArea): Promise<void> => {
    await Promise.all([...listeners].map((listener) => listener(area)));
  };
  return {
    /**
     * Runs a write to an area's public content in one transaction. Other instances are told inside
     * it (on a shared PostgreSQL: a NOTIFY, which is sent if and only if the transaction commits),
     * and this one once it has committed; the write returns once this instance's listeners are done,
     * so what was saved can be found as soon as the save is answered.
     */
    async write<T>(area: ContentArea, write: (tx: Executor) => Promise<T>): Promise<T> {
      const result = await db.transaction(async (tx) => {
        const written = await write(tx);
        await announce?.(tx, area);
        return written;
      });
      await changed(area);
      return result;
    },
    /** A change made elsewhere, or one no transaction makes. */
    changed,
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** How changes made here reach other instances (the relay's); undone by the function returned. */
    announceWith(announcer: Announcer): () => void {
      announce = announcer;
      return () => {
        if (announce === announcer) announce = undefined;
      };
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
