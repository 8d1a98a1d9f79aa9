export type ContentArea = "blog" | "careers";
type Listener = (area: ContentArea) => void;

/**
 * Tells whoever keeps derived copies of public content (the rendered-page cache) that an area's
 * content changed. Every write to posts, categories or jobs calls `changed` once it has committed.
 */
export function createContentEvents() {
  const listeners = new Set<Listener>();
  return {
    changed(area: ContentArea) {
      for (const listener of listeners) listener(area);
    },
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
