import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * Renders a whole page to one string: crawlers and link previews run no JavaScript, so every page
 * is sent complete. A render still waiting after `timeoutMs` is aborted (its pending parts left to
 * the browser). The timer is cleared the moment the render settles: a timer left running would keep
 * the finished render, every chunk of its HTML included, in memory until it fired, and under load
 * those renders pile up faster than they are freed.
 */
export function renderPage(element: ReactNode, options: { timeoutMs: number; nonce?: string; onError(error: unknown): void }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              resolve(Buffer.concat(chunks).toString("utf8"));
              done();
            },
          }),
        );
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError: options.onError,
    });
    const timer = setTimeout(() => abort(), options.timeoutMs);
    timer.unref();
  });
}
