import { createHash, randomBytes } from "node:crypto";

/**
 * The scripts a page may run are the ones its renderer emitted, known at the moment it emits them,
 * never whatever inline script the finished HTML happens to hold. A render is given a fresh,
 * unguessable nonce that React Router and React put on every script they write; any markup that
 * reaches the page another way cannot carry it. The nonce then gives way to the hashes of exactly
 * those scripts, which stay true for a page kept and sent many times, where a nonce would not.
 */
export function renderNonce(): string {
  return randomBytes(18).toString("base64url");
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page without its render nonce (React Router puts it on links too), and the CSP source of each inline script that carried it
 * (`'sha256-…'`), in page order.
 */
export function takeEmittedScripts(html: string, nonce: string): { html: string; scriptSources: string[] } {
  const mark = ` nonce="${nonce}"`;
  const scriptSources = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (attributes!.includes(mark) && body!.length > 0) scriptSources.add(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
  }
  return { html: html.replaceAll(mark, ""), scriptSources: [...scriptSources] };
}

/** How a page's script sources travel from the renderer to the server that sends it (and drops the header). */
export const EMITTED_SCRIPTS_HEADER = "x-emitted-script-sources";
