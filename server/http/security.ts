import type { FastifyInstance } from "fastify";

/**
 * The Content-Security-Policy of an HTML page: scripts only from this site, or the inline scripts its
 * renderer emitted (`scriptSources`, their hashes: app/lib/emitted-scripts.ts).
 */
export function pagePolicy(scriptSources: string[], production: boolean, { framedBySite = false } = {}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    // Inline style attributes carry no script; React and animations set them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // An editor's preview is drawn in the content editor's frames, on this site alone.
    framedBySite ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    ...(production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Responses that are not pages (JSON, media, feeds) may run nothing at all. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Pages whose address carries a secret (an activation, reset, approval or newsletter token, a provider's sign-in code): a link
 * followed from them, or a resource they load, must not hand that address on as the Referer.
 */
const SECRET_IN_ADDRESS =
  /^\/(verify|reset-password|admin\/devices\/approve|newsletter\/(confirm|unsubscribe))\/|^\/api\/(accounts\/(activate|password-reset-confirm)|admin\/device-approvals|newsletter\/unsubscribe)\/|^\/api\/auth\/[a-z]+\/callback\?/;

/**
 * The headers every answer carries. They never vary by request, so they are built once: set one by
 * one per request by helmet's middlewares, the same eleven headers took about as long as
 * everything else a cached answer costs.
 */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(production ? { "strict-transport-security": "max-age=63072000; includeSubDomains; preload" } : {}),
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    // Older browsers read X-Frame-Options only: it says what the policy's frame-ancestors 'none' says.
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    // The old browsers' XSS auditor could itself be abused to leak page content: switched off.
    "x-xss-protection": "0",
  };
}

export function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  const headers = securityHeaders(production);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", NON_PAGE_POLICY);
    if (SECRET_IN_ADDRESS.test(request.url)) reply.header("referrer-policy", "no-referrer");
    return payload;
  });
}
