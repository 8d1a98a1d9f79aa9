import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";

/**
 * The slowest an upload's body may arrive while the server is reading it: at least `minBytes` in every
 * `windowMs` (16 KB in 10 s, 1.6 KB/s, below even a GPRS phone's upload). A client that trickles (one
 * byte every 2 s) is answered 408 after one window, and its upload turn goes to the next at once
 * (docs/decisions/055-slow-clients-and-owner-only-files.md).
 */
export const UPLOAD_PACE = { windowMs: 10_000, minBytes: 16 * 1024 };

/** A body that brought less than the minimum in a window. */
export class TooSlowError extends Error {
  override name = "TooSlowError";
}

/** A client that went away before its body was on its way. */
export class ClientGoneError extends Error {
  override name = "ClientGoneError";
}

/**
 * Whether the body comes over the network as the client sends it; a body already in memory (a page's
 * form handed on to its /api route, a test's `inject`) is neither paced nor waited for.
 */
export const arrivesOverNetwork = (raw: IncomingMessage) => raw.socket instanceof Socket;

/**
 * Resolves once the body is on its way, a buffer-full (the request stream's high-water mark) or the
 * whole of a shorter one having arrived, without taking any of it: an upload turn is given to a body
 * the client is sending, so a client that sends its headers and then trickles never holds one.
 * Rejects with ClientGoneError when the client leaves first.
 */
export function bodyUnderWay(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    const arrived = () => raw.complete || raw.readableLength >= raw.readableHighWaterMark;
    const check = () => {
      if (arrived()) return settle();
      // Takes nothing, but asks the stream to buffer what the socket brings, up to its high-water mark.
      raw.read(0);
    };
    const gone = () => settle(new ClientGoneError());
    const settle = (error?: Error) => {
      raw.off("readable", check);
      raw.off("close", gone);
      if (error) reject(error);
      else resolve();
    };
    raw.on("readable", check);
    raw.once("close", gone);
    check();
  });
}

export interface BodyPace {
  /** Rejects with TooSlowError at the end of the first window that brought less than the minimum. */
  tooSlow: Promise<never>;
  /** Stops counting: while the request waits for its turn, the server holds its bytes back, not the client. */
  hold(): void;
  /** Counts again, in whole windows from now. */
  resume(): void;
  stop(): void;
}

/**
 * Counts what the request's connection brings in each window until its body has arrived whole. The
 * bytes are counted at the socket, so watching takes nothing from the body's own readers.
 */
export function watchBodyPace(raw: IncomingMessage, pace = UPLOAD_PACE): BodyPace {
  let timer: NodeJS.Timeout | undefined;
  let fail!: (error: Error) => void;
  const tooSlow = new Promise<never>((_resolve, reject) => (fail = reject));
  // Settled only while someone waits on it; a rejection nobody waits for is no failure of the process.
  tooSlow.catch(() => {});
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const resume = () => {
    stop();
    let atWindowStart = raw.socket.bytesRead;
    timer = setInterval(() => {
      if (raw.complete) return stop();
      const read = raw.socket.bytesRead;
      if (read - atWindowStart < pace.minBytes) {
        stop();
        fail(new TooSlowError());
      }
      atWindowStart = read;
    }, pace.windowMs);
  };
  resume();
  return { tooSlow, hold: stop, resume, stop };
}
