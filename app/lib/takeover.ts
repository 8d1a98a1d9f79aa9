/**
 * The browser's scripts take the server's page over part by part, one part per task (decision 023),
 * so a phone can answer a tap between any two parts. Each part waits here for its turn; until then
 * it keeps the server's markup, links and all. A render outside the first takeover (a navigation)
 * waits for nothing.
 */
let waiting: (() => void)[] | null = null;
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

/** Starts giving turns, first come first served, one per task, once the current task is over. */
export function takeOverInTurns() {
  waiting = [];
  afterTakeover = [];
  const giveTurn = () => {
    const next = waiting?.shift();
    if (next) {
      next();
      afterThisTask(giveTurn);
      return;
    }
    waiting = null;
    // One task more, so that the effects the last part scheduled have run first.
    afterThisTask(() => {
      const callbacks = afterTakeover ?? [];
      afterTakeover = null;
      for (const callback of callbacks) callback();
    });
  };
  afterThisTask(giveTurn);
}

/** A promise of this part's turn, or null when nothing is being taken over. The part is drawn in the microtasks that follow it. */
export function nextTurn(): Promise<void> | null {
  const queue = waiting;
  return queue && new Promise((resolve) => queue.push(resolve));
}

/** Runs the callback once every part of the page has been taken over and has run its effects; at once when there are no turns. */
export function whenTakenOver(callback: () => void) {
  if (afterTakeover) afterTakeover.push(callback);
  else callback();
}
