import { useCallback, useEffect, useRef, useState } from "react";

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
  const [attempt, setAttempt] = useState(0);
  const wanted = `${attempt}:${key}`;
  // What has arrived, and for which request: the panel is loading while that is not the one it wants.
  const [state, setState] = useState<{ data?: T; error?: string; answered?: string }>({});
  // `load` is a new function on every render; `key` and `attempt` say when what it loads has changed.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    let current = true;
    latestLoad.current().then(
      (data) => current && setState({ data, answered: wanted }),
      (failure: unknown) =>
        current && setState((previous) => ({ ...previous, error: failure instanceof Error ? failure.message : String(failure), answered: wanted })),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.answered !== wanted, reload };
}
