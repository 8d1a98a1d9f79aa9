/**
 * The browser's scripts take the server's page over part by part, one part per task (decision 023),
 * so a phone can answer a tap between any two parts. Each part waits here for its turn; until then
 * it keeps the server's markup, links and all. A part out of sight waits until it comes near the
 * viewport, or until the visitor presses, taps or focuses something in it, whichever is first
 * (decision 079): a phone that only reads the top of the page never runs the code of the rest. A
 * render outside the takeover (a navigation) waits for nothing.
 */

/** A part's turn, and the server's element it takes over once that is known. */
interface Turn {
  take: () => void;
  element?: Element;
}

/**
 * Marks an element inside a part as a part of its own whose showing the browser decides, by a media query
 * or a native disclosure, never by a render: the header's desktop and phone menus. It is taken over once
 * shown and near, or at the first press or focus in it; on a phone the desktop menu never is.
 */
export const PART_ATTRIBUTE = "data-part";
/** Spread on such an element: `<nav {...OWN_PART}>`. */
export const OWN_PART = { [PART_ATTRIBUTE]: "" };
/** What a part is, among the elements the server sent: the elements Preact's side makes parts of. */
const PART_SELECTOR = `section, header, footer, [${PART_ATTRIBUTE}]`;
/** How far beyond the viewport a part is taken over, as a share of the viewport's height. */
const NEAR = 0.25;

let active = false;
/** Parts that asked for a turn since the last one was given, in the order they were rendered. */
let arrivals: Turn[] = [];
/** Where the arrivals' elements are: the page at first, then the part whose turn was given last. */
let arrivalsScope: ParentNode | undefined;
let queue: Turn[] = [];
let giving = false;
const outOfSight = new Map<Element, Turn>();
let observer: IntersectionObserver | null = null;
/** Set while a part is being taken over at once for a visitor's press: the parts inside it wait for nothing. */
let atOnce = false;
let afterTakeover: (() => void)[] | null = null;

const queued: (() => void)[] = [];
let channel: MessageChannel | null = null;

/**
 * Runs the callback in a task of its own once the current one is over, after those queued here
 * before it: the turns, and Preact's effects (entry.client), keep one order.
 */
export function afterThisTask(callback: () => void) {
  if (!channel) {
    const port = (channel = new MessageChannel()).port1;
    port.onmessage = () => {
      queued.shift()?.();
      // Closed when idle, so that nothing is left holding the event loop open.
      if (queued.length === 0) {
        port.close();
        channel = null;
      }
    };
  }
  queued.push(callback);
  channel.port2.postMessage(null);
}

/** The parts directly inside `scope`: those with no other part between them and it. */
function partsDirectlyIn(scope: ParentNode): Element[] {
  const inner = scope instanceof Element ? scope : null;
  return [...scope.querySelectorAll(PART_SELECTOR)].filter((element) => element.parentElement?.closest(PART_SELECTOR) === inner);
}

/**
 * Gives each part that arrived its server element: Preact renders the parts in the order the server
 * wrote them. If the two do not tally (a part rendered for another reason, a page not in the
 * document), the arrivals are simply taken over in turn, wherever they are.
 */
function placeArrivals() {
  if (arrivals.length === 0) return;
  const elements = arrivalsScope ? partsDirectlyIn(arrivalsScope) : [];
  if (elements.length === arrivals.length) arrivals.forEach((turn, index) => (turn.element = elements[index]));
  queue.push(...arrivals);
  arrivals = [];
}

const isNear = (element: Element) => {
  // Hidden by a media query, or in a closed disclosure: not shown, however near its box. A browser that
  // cannot tell (Safari before 17.4) takes it over in its turn, as any part.
  if (element.hasAttribute(PART_ATTRIBUTE) && element.checkVisibility?.() === false) return false;
  const box = element.getBoundingClientRect();
  const margin = window.innerHeight * NEAR;
  return box.top < window.innerHeight + margin && box.bottom > -margin;
};

function waitOutOfSight(turn: Turn & { element: Element }) {
  outOfSight.set(turn.element, turn);
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) bringIntoTurns(entry.target);
    },
    { rootMargin: `${NEAR * 100}% 0px` },
  );
  observer.observe(turn.element);
}

/** Stops watching a part that is out of sight, and gives back its turn. */
function leaveOutOfSight(element: Element): Turn | undefined {
  const turn = outOfSight.get(element);
  outOfSight.delete(element);
  observer?.unobserve(element);
  return turn;
}

function bringIntoTurns(element: Element) {
  const turn = leaveOutOfSight(element);
  if (!turn) return;
  queue.push(turn);
  startGiving();
}

/**
 * A press, tap or focus inside a part still waiting (out of sight, or in sight but not yet given its
 * turn) takes it, and the parts in it, over before the event reaches its element.
 */
function takeOverOnInteraction(event: Event) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  const holding = (turn: Turn) => turn.element?.contains(target) ?? false;
  const around = [...outOfSight.values(), ...queue].filter(holding);
  if (around.length === 0) return;
  queue = queue.filter((turn) => !holding(turn));
  atOnce = true;
  for (const turn of around) {
    leaveOutOfSight(turn.element!);
    turn.take();
  }
  afterThisTask(() => (atOnce = false));
}

const INTERACTIONS = ["pointerdown", "mousedown", "touchstart", "focusin", "keydown", "click"] as const;

function giveTurn() {
  placeArrivals();
  let next = queue.shift();
  while (next?.element && !isNear(next.element)) {
    waitOutOfSight(next as Turn & { element: Element });
    next = queue.shift();
  }
  if (next) {
    arrivalsScope = next.element;
    next.take();
    afterThisTask(giveTurn);
    return;
  }
  giving = false;
  if (!afterTakeover) return;
  // One task more, so that the effects the last part scheduled have run first.
  afterThisTask(() => {
    const callbacks = afterTakeover ?? [];
    afterTakeover = null;
    for (const callback of callbacks) callback();
  });
}

function startGiving() {
  if (giving) return;
  giving = true;
  afterThisTask(giveTurn);
}

/** Starts giving turns, first come first served, one per task, once the current task is over. */
export function takeOverInTurns() {
  active = true;
  arrivals = [];
  queue = [];
  arrivalsScope = typeof document === "undefined" ? undefined : document;
  afterTakeover = [];
  if (typeof document !== "undefined" && typeof IntersectionObserver !== "undefined")
    for (const type of INTERACTIONS) document.addEventListener(type, takeOverOnInteraction, { capture: true, passive: true });
  startGiving();
}

/** A promise of this part's turn, or null when nothing is being taken over. The part is drawn in the microtasks that follow it. */
export function nextTurn(): Promise<void> | null {
  if (!active || atOnce || (!giving && afterTakeover === null)) return null;
  const turn = new Promise<void>((resolve) => arrivals.push({ take: resolve }));
  startGiving();
  return turn;
}

/** Runs the callback once every part in sight has been taken over and has run its effects; at once when there are no turns. */
export function whenTakenOver(callback: () => void) {
  if (afterTakeover) afterTakeover.push(callback);
  else callback();
}
