// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JourneySection } from "./JourneySection";
import { ProcessSection } from "./ProcessSection";

/** The browser's IntersectionObserver as the page uses it: one per card, fired by the test. */
class FakeObserver {
  static instances: FakeObserver[] = [];
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
  disconnect() {}
  fire(isIntersecting: boolean) {
    act(() => this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

function watchers() {
  const byCard = new Map<Element, FakeObserver>();
  for (const observer of FakeObserver.instances) for (const element of observer.observed) byCard.set(element, observer);
  return byCard;
}

describe("cards that reveal as they are scrolled to", () => {
  it("process: each of the six steps reveals once it is 100 px into view, and stays", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container } = render(
      <MemoryRouter>
        <ProcessSection />
      </MemoryRouter>,
    );
    const cards = [...container.querySelectorAll("#process ol > li")];
    expect(cards).toHaveLength(6);
    const byCard = watchers();
    expect(cards.map((card) => byCard.get(card)?.options.rootMargin)).toEqual(Array(6).fill("-100px 0px -100px 0px"));

    byCard.get(cards[0]!)!.fire(true);
    expect(cards.map((card) => card.getAttribute("data-revealed"))).toEqual(["true", "false", "false", "false", "false", "false"]);
    byCard.get(cards[0]!)!.fire(false);
    expect(cards[0]!.getAttribute("data-revealed")).toBe("true");
  });

  it("journey: the three milestones reveal once they are 50 px into view", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container } = render(
      <MemoryRouter>
        <JourneySection />
      </MemoryRouter>,
    );
    const cards = [...container.querySelectorAll("#journey ol > li")];
    expect(cards).toHaveLength(3);
    const byCard = watchers();
    expect(cards.map((card) => byCard.get(card)?.options.rootMargin)).toEqual(Array(3).fill("-50px 0px -50px 0px"));
    byCard.get(cards[2]!)!.fire(true);
    expect(cards.map((card) => card.getAttribute("data-revealed"))).toEqual(["false", "false", "true"]);
  });
});
