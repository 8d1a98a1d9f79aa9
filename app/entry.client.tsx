import { createElement, Fragment, options, type VNode } from "preact";
import { Suspense } from "preact/compat";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { afterThisTask, nextTurn, takeOverInTurns } from "~/lib/takeover";

/*
 * The browser runs Preact's React compatibility layer (decision 023); the server renders with React.
 * The differences between the two are settled here, before the page is taken over.
 */

// Preact renders into the document's root element, so the layout's own <html> is drawn as its contents.
// Each section, header and footer waits for a turn of its own to be taken over (`~/lib/takeover`):
// Preact would otherwise take the whole page over in one task, which on a throttled phone blocked
// input for 150–400 ms.
const PARTS = new Set(["section", "header", "footer"]);
let drawingPart = false;
const nextVnodeHook = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === "html") vnode.type = Fragment;
  else if (typeof vnode.type === "string" && PARTS.has(vnode.type) && !drawingPart) {
    const part = vnode as unknown as { type: unknown; props: PartProps; ref: unknown };
    part.props = { tag: vnode.type, attributes: vnode.props, ref: vnode.ref };
    part.type = PartInTurn;
    part.ref = null;
  }
  nextVnodeHook?.(vnode);
};

interface PartProps {
  tag: string;
  attributes: object;
  ref: unknown;
}

/** What a part is waiting for, kept by the part itself: a part waiting for its turn may be rendered again meanwhile, and Preact does not keep the state of a component that suspended. */
interface Waiting {
  turn: Promise<void> | null;
  taken: boolean;
  /** The part as it was first rendered, which is what the server sent. */
  hydrateWith: VNode | null;
  latest: VNode | null;
}

function PartInTurn({ tag, attributes, ref }: PartProps) {
  drawingPart = true;
  const part = createElement(tag, ref ? { ...attributes, ref } : attributes);
  drawingPart = false;
  const waiting = useRef<Waiting | null>(null);
  if (!waiting.current) {
    const state: Waiting = { turn: nextTurn(), taken: false, hydrateWith: part, latest: part };
    state.turn = state.turn?.then(() => void (state.taken = true)) ?? null;
    waiting.current = state;
  }
  waiting.current.latest = part;
  return createElement(Suspense, { fallback: null }, createElement(WaitForTurn, { waiting: waiting.current }));
}

/**
 * Suspends the part's first render until its turn; Preact keeps the server's markup meanwhile. The
 * part is taken over as it was first rendered: hydrating leaves the server's attributes as they are.
 * Had the page above it changed while it waited (a form enabled once the page is live), it is drawn
 * again at once with what it is now.
 */
function WaitForTurn({ waiting }: { waiting: Waiting }) {
  const [, redraw] = useState(0);
  useLayoutEffect(() => {
    if (!waiting.hydrateWith) return;
    const changedMeanwhile = waiting.hydrateWith !== waiting.latest;
    waiting.hydrateWith = null;
    if (changedMeanwhile) redraw((count) => count + 1);
  });
  if (waiting.turn && !waiting.taken) throw waiting.turn;
  return waiting.hydrateWith ?? waiting.latest;
}

// Effects run once the current task is over, as React runs them, not at the next animation frame,
// which a tab in the background never draws; in one order with the takeover's turns.
options.requestAnimationFrame = afterThisTask;

// The router's first render waits for the page's data to be decoded; Preact cannot wait at the root,
// so the data is decoded first (the router's first call starts it and hands back the promise).
try {
  HydratedRouter({});
} catch (decoding) {
  if (!(decoding instanceof Promise)) throw decoding;
  await decoding;
}

takeOverInTurns();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
