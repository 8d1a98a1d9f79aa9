import { act, renderHook } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTimedFlag } from "./use-timed-flag";
import { useDelayedToggle } from "./use-delayed-toggle";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useTimedFlag", () => {
  it("is on for exactly the duration, and a new trigger restarts it", () => {
    const { result } = renderHook(() => useTimedFlag(3000));
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    act(() => void vi.advanceTimersByTime(2999));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    act(() => void vi.advanceTimersByTime(2999));
    expect(result.current[0]).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(false);
  });
});

describe("useDelayedToggle", () => {
  it("opens after the open delay, closes after the close delay, and a quick pass does nothing", () => {
    const { result } = renderHook(() => useDelayedToggle({ openDelay: 200, closeDelay: 300 }));
    act(() => result.current.scheduleOpen());
    act(() => void vi.advanceTimersByTime(100));
    act(() => result.current.scheduleClose());
    act(() => void vi.advanceTimersByTime(400));
    expect(result.current.open).toBe(false);

    act(() => result.current.scheduleOpen());
    act(() => void vi.advanceTimersByTime(199));
    expect(result.current.open).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(true);
    act(() => result.current.scheduleClose());
    act(() => void vi.advanceTimersByTime(299));
    expect(result.current.open).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
  });
});
