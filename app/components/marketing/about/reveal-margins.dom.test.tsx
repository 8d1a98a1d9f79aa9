import { render } from "@testing-library/preact";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { journeyContent } from "#app/content/journey.ts";
import { processContent } from "#app/content/process.ts";
import { JourneySection } from "./JourneySection";
import { ProcessSection } from "./ProcessSection";
import { FakeIntersectionObserver } from "../../../../tests/helpers/fake-intersection-observer";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
});

function watchers() {
  const byCard = new Map<Element, FakeIntersectionObserver>();
  for (const observer of FakeIntersectionObserver.instances) for (const element of observer.observed) byCard.set(element, observer);
  return byCard;
}

describe("cards that reveal as they are scrolled to", () => {
  it("process: each of the six steps reveals once it is 100 px into view, and stays", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { container } = render(
      <MemoryRouter>
        <ProcessSection process={processContent} />
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
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { container } = render(
      <MemoryRouter>
        <JourneySection journey={journeyContent} />
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
