import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterThisTask, nextTurn, takeOverInTurns, whenTakenOver } from "./takeover";

// The turns as the browser's scripts meet them (decision 079), on a page of a header and three sections,
// each part asking for its turn as Preact renders it, in the order the server wrote them.

/** Resolves once the tasks queued before it (the turns among them) have run. */
const tasksDone = () => new Promise<void>((resolve) => afterThisTask(resolve));

/** Where each section sits, as its bounding box says: a test moves them out of sight. */
let tops: Record<string, number> = {};
/** Parts the browser does not show (a media query hides them): they have no box, and are not visible. */
let hidden = new Set<string>();
let observed: Element[] = [];

beforeEach(() => {
  document.body.innerHTML = `
    <header id="header"><nav id="desktop-menu" data-part><a href="/about">About</a></nav><button>Menu</button></header>
    <main>
      <section id="hero"><a href="/contact">Contact</a></section>
      <section id="services"><button>Show more</button></section>
      <section id="testimonials"><button>Next testimonial</button></section>
    </main>`;
  tops = {};
  hidden = new Set();
  observed = [];
  for (const element of document.querySelectorAll("header, section, nav")) {
    element.getBoundingClientRect = () =>
      hidden.has(element.id)
        ? DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 })
        : DOMRect.fromRect({ x: 0, y: tops[element.id] ?? 0, width: 390, height: 400 });
    element.checkVisibility = () => !hidden.has(element.id);
  }
  // An observer that never reports: only a press, tap or focus can take a part out of sight over.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe = (element: Element) => observed.push(element);
      unobserve = (element: Element) => (observed = observed.filter((held) => held !== element));
      disconnect() {}
    },
  );
});

afterEach(async () => {
  // Every part taken over, so that the takeover is idle for whatever runs next on this worker.
  for (const element of [...observed]) element.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  await tasksDone();
  await tasksDone();
  vi.unstubAllGlobals();
});

/**
 * Starts the takeover with one part per element of the page, and records the order they are taken over
 * in. The header's menu asks for its turn as the header is drawn, in the header's turn.
 */
function renderParts() {
  takeOverInTurns();
  const taken: string[] = [];
  const ask = (id: string) => void nextTurn()!.then(() => taken.push(id));
  void nextTurn()!.then(() => {
    taken.push("header");
    ask("desktop-menu");
  });
  for (const id of ["hero", "services", "testimonials"]) ask(id);
  return taken;
}

const press = (selector: string) => document.querySelector(selector)!.dispatchEvent(new Event("pointerdown", { bubbles: true }));

describe("taking the server's page over in turns", () => {
  it("takes the parts in sight over one per task, in the order the server wrote them, a part inside one after those already waiting", async () => {
    const taken = renderParts();
    let done = false;
    whenTakenOver(() => (done = true));
    await tasksDone();
    expect(taken).toEqual(["header"]);
    await tasksDone();
    expect(taken).toEqual(["header", "hero"]);
    await tasksDone();
    await tasksDone();
    await tasksDone();
    expect(taken).toEqual(["header", "hero", "services", "testimonials", "desktop-menu"]);
    expect(done).toBe(false);
    // One task more, for the effects the last part scheduled.
    await tasksDone();
    await tasksDone();
    expect(done).toBe(true);
  });

  it("takes a part in sight over at once when the visitor presses in it before its turn, ahead of those before it", async () => {
    const taken = renderParts();
    await tasksDone();
    expect(taken).toEqual(["header"]);
    press("#testimonials button");
    // Drawn in the microtasks that follow the press, before the event reaches the button.
    await Promise.resolve();
    expect(taken).toEqual(["header", "testimonials"]);
    await tasksDone();
    await tasksDone();
    expect(taken).toEqual(["header", "testimonials", "hero", "services"]);
  });

  it("leaves a part out of sight waiting, and takes it over at the first press in it; the page counts as taken over without it", async () => {
    tops = { services: 2000, testimonials: 4000 };
    const taken = renderParts();
    let done = false;
    whenTakenOver(() => (done = true));
    for (let task = 0; task < 5; task++) await tasksDone();
    expect(taken).toEqual(["header", "hero", "desktop-menu"]);
    expect(observed.map((element) => element.id)).toEqual(["services", "testimonials"]);
    expect(done).toBe(true);

    press("#testimonials button");
    await Promise.resolve();
    expect(taken).toEqual(["header", "hero", "desktop-menu", "testimonials"]);
    expect(observed.map((element) => element.id)).toEqual(["services"]);
    // A press elsewhere takes nothing else over.
    press("#hero a");
    await tasksDone();
    expect(taken).toEqual(["header", "hero", "desktop-menu", "testimonials"]);
  });

  it("leaves a menu the browser does not show waiting, though at the top, until a press or focus in it", async () => {
    hidden.add("desktop-menu");
    const taken = renderParts();
    let done = false;
    whenTakenOver(() => (done = true));
    for (let task = 0; task < 7; task++) await tasksDone();
    expect(taken).toEqual(["header", "hero", "services", "testimonials"]);
    expect(observed.map((element) => element.id)).toEqual(["desktop-menu"]);
    expect(done).toBe(true);

    document.querySelector("#desktop-menu a")!.dispatchEvent(new Event("focusin", { bubbles: true }));
    await Promise.resolve();
    expect(taken).toEqual(["header", "hero", "services", "testimonials", "desktop-menu"]);
  });

  it("takes a hidden menu over in its turn in a browser that cannot tell it is hidden", async () => {
    hidden.add("desktop-menu");
    Object.defineProperty(document.querySelector("#desktop-menu")!, "checkVisibility", { value: undefined });
    const taken = renderParts();
    for (let task = 0; task < 7; task++) await tasksDone();
    expect(taken).toEqual(["header", "hero", "services", "testimonials", "desktop-menu"]);
  });

  it("takes a section without a box over in its turn, as any other: only a marked part waits to be shown", async () => {
    hidden.add("services");
    const taken = renderParts();
    for (let task = 0; task < 7; task++) await tasksDone();
    expect(taken).toEqual(["header", "hero", "services", "testimonials", "desktop-menu"]);
  });
});
