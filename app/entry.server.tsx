import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

const RENDER_TIMEOUT_MS = 5000;
export const streamTimeout = RENDER_TIMEOUT_MS;

/**
 * Renders the whole page before sending it: crawlers and link previews run no JavaScript, so
 * every page arrives complete, with its data and its meta tags.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
        pipe(body);
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
