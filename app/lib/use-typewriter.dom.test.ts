import { act, renderHook } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTypewriter } from "./use-typewriter";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Moves time a millisecond at a time, letting React schedule each next keystroke as a browser would. */
function advance(ms: number) {
  for (let i = 0; i < ms; i++) act(() => void vi.advanceTimersByTime(1));
}

describe("useTypewriter", () => {
  it("types a character every 70 ms, holds, deletes one every 50 ms, and loops over the words forever", () => {
    const { result } = renderHook(() => useTypewriter(["Cloud", "AI"], { holdMs: 1000 }));
    expect(result.current).toBe("");
    advance(69);
    expect(result.current).toBe("");
    advance(1);
    expect(result.current).toBe("C");
    advance(70 * 3);
    expect(result.current).toBe("Clou");
    advance(70);
    expect(result.current).toBe("Cloud");

    advance(999);
    expect(result.current).toBe("Cloud");
    advance(1);
    advance(49);
    expect(result.current).toBe("Cloud");
    advance(1);
    expect(result.current).toBe("Clou");
    advance(50 * 4);
    expect(result.current).toBe("");

    advance(70 * 2);
    expect(result.current).toBe("AI");
    advance(1000 + 50 * 2 + 70);
    expect(result.current).toBe("C");
  });

  it("shows the word whole and still when turned off", () => {
    const { result } = renderHook(() => useTypewriter(["Data Science", "Cloud"], { enabled: false }));
    expect(result.current).toBe("Data Science");
    advance(10_000);
    expect(result.current).toBe("Data Science");
  });
});
