import { useEffect, useState } from "react";

/**
 * A value only the browser knows (the query string of a page whose copy is shared, what is kept in storage):
 * `serverValue` in the HTML and while the page is taken over, `read()` once it has been, so the
 * first client render matches the HTML. An effect, not useSyncExternalStore: a part of the page
 * taken over after the first render (decision 023) would read the browser's value too early.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  const [value, setValue] = useState(serverValue);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render, once the page is live, is the point
  useEffect(() => setValue(read), [read]);
  return value;
}

const always = () => true;

/** False in the server's HTML and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useBrowserValue(always, false);
}
