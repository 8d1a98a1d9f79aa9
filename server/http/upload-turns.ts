import type { FastifyReply } from "fastify";

/**
 * How many requests carrying a file are read and handled at once, across every route that takes one.
 * A file is held whole in memory while it is checked and stored (résumés up to 5 MB, images up to
 * 8 MB); the requests beyond these wait for a turn with their bytes still in the network, so the
 * server's memory stays the same however many uploads arrive together (decision 024).
 */
export const UPLOADS_AT_ONCE = 2;

let free = UPLOADS_AT_ONCE;
const waiting: (() => void)[] = [];

function passTurnOn() {
  const next = waiting.shift();
  if (next) next();
  else free++;
}

/**
 * Resolves when this request may read its file; the turn is held until its response has gone. A
 * client that leaves while waiting gives up its place: its request then fails to read at once.
 */
export function takeUploadTurn(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    let holding = false;
    const start = () => {
      holding = true;
      resolve();
    };
    reply.raw.once("close", () => {
      if (holding) return passTurnOn();
      const place = waiting.indexOf(start);
      if (place !== -1) waiting.splice(place, 1);
      resolve();
    });
    if (free > 0) {
      free--;
      start();
    } else {
      waiting.push(start);
    }
  });
}
