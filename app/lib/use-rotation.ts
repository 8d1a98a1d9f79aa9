import { useCallback, useEffect, useMemo, useState } from "react";
import { useMediaQuery, usePrefersReducedMotion } from "./use-media-query";

export type RotationDirection = "forward" | "backward";

interface RotationOptions {
  count: number;
  /** Time on each item before moving on by itself; every move, by hand or by timer, restarts it. */
  intervalMs: number;
  /** Below this viewport width nothing advances by itself (the items are stacked there instead). */
  minWidth?: number;
}

/**
 * The selected item of a carousel or topic list: previous, next and direct selection that wrap
 * around and remember which way they went, plus an auto-advance that holds while the pointer (or
 * keyboard focus) is on the pausing element and never runs for visitors who prefer reduced motion.
 */
export function useRotation({ count, intervalMs, minWidth }: RotationOptions) {
  const [{ index, direction }, setState] = useState<{ index: number; direction: RotationDirection }>({ index: 0, direction: "forward" });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const wideEnough = useMediaQuery(minWidth ? `(min-width: ${minWidth}px)` : "all", !minWidth);
  const paused = hovered || focused;
  const autoAdvancing = wideEnough && !reducedMotion && !paused && count > 1;

  const step = useCallback(
    (by: 1 | -1) => setState((state) => ({ index: (state.index + by + count) % count, direction: by > 0 ? "forward" : "backward" })),
    [count],
  );
  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);
  const select = useCallback(
    (target: number) => setState((state) => (target === state.index ? state : { index: target, direction: target > state.index ? "forward" : "backward" })),
    [],
  );

  useEffect(() => {
    if (!autoAdvancing) return;
    const timer = setTimeout(next, intervalMs);
    return () => clearTimeout(timer);
  }, [autoAdvancing, index, intervalMs, next]);

  /** Spread on the element whose hover or focus holds the rotation. */
  const pauseHandlers = useMemo(
    () => ({
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: React.FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    }),
    [],
  );

  return { index, direction, next, previous, select, autoAdvancing, pauseHandlers };
}
