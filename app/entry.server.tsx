import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { paintBeforeScripts } from "./lib/paint-first";
import { renderPage } from "./lib/render-page";

const RENDER_TIMEOUT_MS = 5000;
export const streamTimeout = RENDER_TIMEOUT_MS;

/** Every page is rendered whole (`renderPage`); its scripts wait for its first paint (`paintBeforeScripts`). */
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  let failed = false;
  const html = await renderPage(<ServerRouter context={routerContext} url={request.url} />, {
    timeoutMs: RENDER_TIMEOUT_MS + 1000,
    onError(error) {
      failed = true;
      console.error(error);
    },
  });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(paintBeforeScripts(html), { headers, status: failed ? 500 : status });
}
