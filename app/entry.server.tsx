import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { EMITTED_SCRIPTS_HEADER, renderNonce, takeEmittedScripts } from "./lib/emitted-scripts";
import { paintBeforeScripts } from "./lib/paint-first";
import { renderPage } from "./lib/render-page";

const RENDER_TIMEOUT_MS = 5000;
export const streamTimeout = RENDER_TIMEOUT_MS;

/**
 * Every page is rendered whole (`renderPage`); its scripts wait for its first paint (`paintBeforeScripts`).
 * The scripts it may run are the ones rendered here, marked with this render's nonce (`takeEmittedScripts`).
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext?: AppLoadContext) {
  let failed = false;
  const nonce = renderNonce();
  const rendered = await renderPage(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    timeoutMs: RENDER_TIMEOUT_MS + 1000,
    onError(error) {
      failed = true;
      report(loadContext, error, "a page failed to render");
    },
  });
  const { html, scriptSources } = takeEmittedScripts(paintBeforeScripts(rendered), nonce);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set(EMITTED_SCRIPTS_HEADER, scriptSources.join(" "));
  return new Response(html, { headers, status: failed ? 500 : status });
}

/** A loader or action that threw, reported here rather than by React Router's own console.error. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) report(context as AppLoadContext, error, "a page's data failed to load");
};

/** Through the request's logger, as escaped JSON fields (AppLoadContext.log); to the console when a render has none (a test's). */
function report(context: Partial<AppLoadContext> | undefined, error: unknown, message: string) {
  if (context?.log) context.log.error({ err: error }, message);
  else console.error(error);
}
