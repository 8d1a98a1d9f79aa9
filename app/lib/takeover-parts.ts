/* eslint-disable react-hooks/globals, react-hooks/refs, react-hooks/immutability, react-hooks/exhaustive-deps -- Preact's side of the takeover (decision 023) works on Preact's render-time state on purpose: a part keeps its waiting state outside React's rules. */
import { createElement, options, type VNode } from "preact";
import { Suspense } from "preact/compat";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { afterThisTask, nextTurn, PART_ATTRIBUTE } from "./takeover";

/*
 * Preact's side of the takeover in turns (decision 023): each section, header and footer waits for a
 * turn of its own (`./takeover`). Preact would otherwise take the whole page over in one task, which on
 * a throttled phone blocked input for 150–400 ms.
 */
const PARTS = new Set(["section", "header", "footer"]);
const isPart = (vnode: VNode): vnode is VNode & { type: string } =>
  typeof vnode.type === "string" && (PARTS.has(vnode.type) || (vnode.props as Record<string, unknown>)[PART_ATTRIBUTE] !== undefined);

interface PartProps {
  tag: string;
  attributes: object;
  ref: unknown;
}

/** What a part is waiting for, kept by the part itself: a part waiting for its turn may be rendered again meanwhile, and Preact does not keep the state of a component that suspended. */
interface Waiting {
  /** The promise of the part's turn, null once it has come (or when nothing is being taken over). */
  turn: Promise<void> | null;
  /** The part as it was first rendered, which is what the server sent. */
  hydrateWith: VNode | null;
  latest: VNode | null;
}

let drawingPart = false;

function PartInTurn({ tag, attributes, ref }: PartProps) {
  drawingPart = true;
  const part = createElement(tag, ref ? { ...attributes, ref } : attributes);
  drawingPart = false;
  const waiting = useRef<Waiting | null>(null);
  if (!waiting.current) {
    const state: Waiting = { turn: null, hydrateWith: part, latest: part };
    state.turn = nextTurn()?.then(() => void (state.turn = null)) ?? null;
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
  if (waiting.turn) throw waiting.turn;
  return waiting.hydrateWith ?? waiting.latest;
}

/** Installs the parts' waiting in Preact, once, before the page is hydrated; `takeOverInTurns` then starts the turns. */
export function drawPartsInTurns() {
  const nextVnodeHook = options.vnode;
  options.vnode = (vnode) => {
    if (isPart(vnode) && !drawingPart) {
      const part = vnode as unknown as { type: unknown; props: PartProps; ref: unknown };
      part.props = { tag: vnode.type, attributes: vnode.props, ref: vnode.ref };
      part.type = PartInTurn;
      part.ref = null;
    }
    nextVnodeHook?.(vnode);
  };
  // Effects run once the current task is over, as React runs them, not at the next animation frame,
  // which a tab in the background never draws; in one order with the turns.
  options.requestAnimationFrame = afterThisTask;
}
