import { useCallback, useEffect, useState } from "react";

export interface Loaded<T> {
  data?: T;
  error?: string;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data for a panel and loads it again when `key` changes (a new range, say). The figures on
 * screen stay until the new ones arrive, so changing the range does not blank the page.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (failure: unknown) => current && setState((previous) => ({ ...previous, error: failure instanceof Error ? failure.message : String(failure), loading: false })),
    );
    return () => {
      current = false;
    };
    // `load` is a new function on every render; `key` says when what it loads has changed.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
