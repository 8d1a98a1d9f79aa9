import { beforeEach, describe, expect, it, vi } from "vitest";

type Takeover = typeof import("./takeover");
let takeover: Takeover;

beforeEach(async () => {
  vi.resetModules();
  takeover = await import("./takeover");
});

describe("taking the page over in turns", () => {
  it("gives the parts their turns in the order they asked, each once the part before has been drawn", async () => {
    const events: string[] = [];
    takeover.takeOverInTurns();
    for (const part of ["header", "hero", "footer"])
      void takeover.nextTurn()!.then(() => {
        events.push(part);
        // Preact draws a part in the microtasks that follow its turn.
        queueMicrotask(() => queueMicrotask(() => events.push(`${part} drawn`)));
      });
    expect(events).toEqual([]);

    await vi.waitFor(() => expect(events).toHaveLength(6));
    expect(events).toEqual(["header", "header drawn", "hero", "hero drawn", "footer", "footer drawn"]);
  });

  it("gives a part found inside another its turn after the parts already waiting", async () => {
    const taken: string[] = [];
    takeover.takeOverInTurns();
    void takeover.nextTurn()!.then(() => {
      taken.push("main");
      void takeover.nextTurn()!.then(() => taken.push("section inside main"));
    });
    void takeover.nextTurn()!.then(() => taken.push("footer"));

    await vi.waitFor(() => expect(taken).toHaveLength(3));
    expect(taken).toEqual(["main", "footer", "section inside main"]);
  });

  it("tells who waits for the takeover once every part has had its turn and run its effects", async () => {
    const events: string[] = [];
    takeover.takeOverInTurns();
    void takeover.nextTurn()!.then(() => {
      events.push("part");
      // Effects run in a task after the part is drawn (entry.client's requestAnimationFrame).
      queueMicrotask(() => takeover.afterThisTask(() => events.push("part's effects")));
    });
    takeover.whenTakenOver(() => events.push("taken over"));

    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual(["part", "part's effects", "taken over"]);
  });

  /** A part rendered now waits for no turn, and who waits for the takeover is told at once. */
  function expectNothingToWaitFor() {
    expect(takeover.nextTurn()).toBeNull();
    const atOnce = vi.fn();
    takeover.whenTakenOver(atOnce);
    expect(atOnce).toHaveBeenCalledOnce();
  }

  it("lets a render after the takeover draw at once", async () => {
    takeover.takeOverInTurns();
    const waited = vi.fn();
    takeover.whenTakenOver(waited);
    await vi.waitFor(() => expect(waited).toHaveBeenCalledOnce());
    expectNothingToWaitFor();
  });

  it("waits for nothing where the page was never taken over in turns (React in development)", () => {
    expectNothingToWaitFor();
  });
});
