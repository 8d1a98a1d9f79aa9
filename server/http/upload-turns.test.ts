import { EventEmitter } from "node:events";
import type { FastifyReply } from "fastify";
import { describe, expect, it } from "vitest";
import { takeUploadTurn, UPLOADS_AT_ONCE } from "./upload-turns";

/** A reply whose response can be closed by the test, as the server closes it once the answer has gone. */
const reply = () => {
  const raw = new EventEmitter();
  return { reply: { raw } as unknown as FastifyReply, close: () => raw.emit("close") };
};

/** Whether a promise has settled by the time everything already queued has run. */
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("upload turns", () => {
  it(`lets ${UPLOADS_AT_ONCE} uploads in at once; the next waits until one of them has been answered`, async () => {
    const first = Array.from({ length: UPLOADS_AT_ONCE }, reply);
    for (const upload of first) expect(await settled(takeUploadTurn(upload.reply))).toBe(true);
    const next = reply();
    const waiting = takeUploadTurn(next.reply);
    expect(await settled(waiting)).toBe(false);
    first[0]!.close();
    expect(await settled(waiting)).toBe(true);
    for (const upload of [...first.slice(1), next]) upload.close();
  });

  it("gives up the place of a client that left while waiting, and passes turns on to the ones still there", async () => {
    const holders = Array.from({ length: UPLOADS_AT_ONCE }, reply);
    for (const upload of holders) await takeUploadTurn(upload.reply);
    const gone = reply();
    const goneTurn = takeUploadTurn(gone.reply);
    const staying = reply();
    const stayingTurn = takeUploadTurn(staying.reply);
    gone.close();
    expect(await settled(goneTurn)).toBe(true);
    expect(await settled(stayingTurn)).toBe(false);
    holders[0]!.close();
    expect(await settled(stayingTurn)).toBe(true);
    holders[1]!.close();
    staying.close();
    // Every turn is back: as many new uploads as ever start at once.
    const again = Array.from({ length: UPLOADS_AT_ONCE }, reply);
    for (const upload of again) expect(await settled(takeUploadTurn(upload.reply))).toBe(true);
    for (const upload of again) upload.close();
  });
});
