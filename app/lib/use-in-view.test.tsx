// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useInView } from "./use-in-view";

class FakeObserver {
  static instances: FakeObserver[] = [];
  disconnected = false;
  observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

function Card({ margin }: { margin: number }) {
  const [ref, inView] = useInView<HTMLDivElement>(margin);
  return <div ref={ref} data-testid="card" data-revealed={inView} />;
}

describe("useInView", () => {
  it("reveals once the card is the given margin inside the viewport, and then stops watching", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { getByTestId } = render(<Card margin={100} />);
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options.rootMargin).toBe("-100px 0px -100px 0px");
    expect(observer.observed).toEqual([getByTestId("card")]);
    expect(getByTestId("card").dataset.revealed).toBe("false");

    act(() => observer.fire(false));
    expect(getByTestId("card").dataset.revealed).toBe("false");
    act(() => observer.fire(true));
    expect(getByTestId("card").dataset.revealed).toBe("true");
    expect(observer.disconnected).toBe(true);
  });
});
