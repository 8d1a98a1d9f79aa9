import { useEffect, useState } from "react";

/**
 * False in the prerendered HTML and during hydration, true afterwards: what only the browser knows (the
 * query string of a prerendered page, navigation state) is read after this turns true, so the first
 * client render matches the HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
