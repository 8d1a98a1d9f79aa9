import { render } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useInView, useOnScreen } from "./use-in-view";
import { FakeIntersectionObserver } from "../../tests/helpers/fake-intersection-observer";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
});

function Card({ margin }: { margin: number }) {
  const [ref, inView] = useInView<HTMLDivElement>(margin);
  return <div ref={ref} data-testid="card" data-revealed={inView} />;
}

describe("useInView", () => {
  it("reveals once the card is the given margin inside the viewport, and then stops watching", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { getByTestId } = render(<Card margin={100} />);
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.options.rootMargin).toBe("-100px 0px -100px 0px");
    expect(observer.observed).toEqual([getByTestId("card")]);
    expect(getByTestId("card").dataset.revealed).toBe("false");

    observer.fire(false);
    expect(getByTestId("card").dataset.revealed).toBe("false");
    observer.fire(true);
    expect(getByTestId("card").dataset.revealed).toBe("true");
    expect(observer.disconnected).toBe(true);
  });
});

function Line() {
  const [ref, onScreen] = useOnScreen<HTMLParagraphElement>();
  return <p ref={ref} data-testid="line" data-on-screen={onScreen} />;
}

describe("useOnScreen", () => {
  it("counts the element on screen as the server drew it, then follows it off screen and back for as long as it is there", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { getByTestId, unmount } = render(<Line />);
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.observed).toEqual([getByTestId("line")]);
    expect(getByTestId("line").dataset.onScreen).toBe("true");

    observer.fire(false);
    expect(getByTestId("line").dataset.onScreen).toBe("false");
    observer.fire(true);
    expect(getByTestId("line").dataset.onScreen).toBe("true");
    expect(observer.disconnected).toBe(false);
    unmount();
    expect(observer.disconnected).toBe(true);
  });
});
