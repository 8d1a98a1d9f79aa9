import { act, renderHook } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRotation } from "./use-rotation";

/** A screen whose width and motion preference the test sets, answering matchMedia like a browser. */
function fakeScreen({ width, reducedMotion = false }: { width: number; reducedMotion?: boolean }) {
  const screen = { width, reducedMotion };
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    if (query === "(prefers-reduced-motion: reduce)") return screen.reducedMotion;
    const minWidth = /\(min-width: (\d+)px\)/.exec(query);
    return minWidth ? screen.width >= Number(minWidth[1]) : query === "all";
  };
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return matches(query);
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(width: number) {
      screen.width = width;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe("useRotation", () => {
  it("advances every 5000 ms and wraps from the last item to the first", () => {
    fakeScreen({ width: 1280 });
    const { result } = renderHook(() => useRotation({ count: 3, intervalMs: 5000 }));
    expect(result.current.index).toBe(0);
    advance(4999);
    expect(result.current.index).toBe(0);
    advance(1);
    expect(result.current.index).toBe(1);
    advance(5000);
    expect(result.current.index).toBe(2);
    advance(5000);
    expect(result.current).toMatchObject({ index: 0, direction: "forward" });
  });

  it("holds while hovered and resumes with a full interval when the pointer leaves", () => {
    fakeScreen({ width: 1280 });
    const { result } = renderHook(() => useRotation({ count: 3, intervalMs: 5000 }));
    advance(4000);
    act(() => result.current.pauseHandlers.onMouseEnter());
    advance(20_000);
    expect(result.current.index).toBe(0);
    act(() => result.current.pauseHandlers.onMouseLeave());
    advance(4999);
    expect(result.current.index).toBe(0);
    advance(1);
    expect(result.current.index).toBe(1);
  });

  it("wraps by hand both ways, remembers the direction, and restarts the clock after a move", () => {
    fakeScreen({ width: 1280 });
    const { result } = renderHook(() => useRotation({ count: 6, intervalMs: 8000 }));
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ index: 5, direction: "backward" });
    act(() => result.current.next());
    expect(result.current).toMatchObject({ index: 0, direction: "forward" });
    act(() => result.current.select(3));
    expect(result.current).toMatchObject({ index: 3, direction: "forward" });
    advance(7000);
    act(() => result.current.select(1));
    expect(result.current).toMatchObject({ index: 1, direction: "backward" });
    advance(7999);
    expect(result.current.index).toBe(1);
    advance(1);
    expect(result.current.index).toBe(2);
  });

  it("does not advance below the 768 px cut-off, and starts when the window grows past it", () => {
    const screen = fakeScreen({ width: 767 });
    const { result } = renderHook(() => useRotation({ count: 5, intervalMs: 8000, minWidth: 768 }));
    expect(result.current.autoAdvancing).toBe(false);
    advance(30_000);
    expect(result.current.index).toBe(0);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);

    screen.resize(768);
    expect(result.current.autoAdvancing).toBe(true);
    advance(8000);
    expect(result.current.index).toBe(2);
    screen.resize(500);
    advance(30_000);
    expect(result.current.index).toBe(2);
  });

  it("never advances by itself for visitors who prefer reduced motion", () => {
    fakeScreen({ width: 1280, reducedMotion: true });
    const { result } = renderHook(() => useRotation({ count: 3, intervalMs: 5000 }));
    advance(60_000);
    expect(result.current.index).toBe(0);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
  });
});
