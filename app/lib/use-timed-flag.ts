import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A flag that turns itself off after `durationMs`: the "Sent", "Copied!" and "Preferences Saved!"
 * confirmations. Triggering again restarts the time.
 */
export function useTimedFlag(durationMs: number): [active: boolean, trigger: () => void] {
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trigger = useCallback(() => {
    clearTimeout(timer.current);
    setActive(true);
    timer.current = setTimeout(() => setActive(false), durationMs);
  }, [durationMs]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [active, trigger];
}
