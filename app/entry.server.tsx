import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { paintBeforeScripts } from "./lib/paint-first";

const RENDER_TIMEOUT_MS = 5000;
export const streamTimeout = RENDER_TIMEOUT_MS;

/**
 * Renders the whole page before sending it: crawlers and link previews run no JavaScript, so
 * every page arrives complete, with its data and its meta tags. Its scripts wait for its first paint
 * (`paintBeforeScripts`).
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const page = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            headers.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(paintBeforeScripts(Buffer.concat(chunks).toString("utf8")), { headers, status: failed ? 500 : status }));
            done();
          },
        });
        pipe(page);
      },
      onShellError: reject,
      onError(error) {
        failed = true;
        console.error(error);
      },
    });
    setTimeout(abort, RENDER_TIMEOUT_MS + 1000).unref();
  });
}
