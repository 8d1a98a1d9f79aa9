import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a media query matches now, following it as it changes. Prerendered HTML cannot know the
 * visitor's screen, so the server (and hydration) answer `serverValue`.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Visitors who ask for less motion get content that stays put: no timers that move it. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}
