import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { CSRF_COOKIE, CSRF_HEADER } from "./csrf";
import { sendError } from "./errors";

/** The largest form a page takes: an application's 5 MB résumé with its text fields and multipart framing. */
const PAGE_FORM_BYTES = 6 * 1024 * 1024;
/**
 * Each submission is also counted by the /api route it is handed to (decision 029); this limit bounds
 * the page renders a client can ask for.
 */
const PAGE_POST_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * A form posted to its page before or without JavaScript (decision 029): the body reaches React Router
 * as the browser sent it, so the route's action reads it with `request.formData()`. Only this scope
 * keeps the raw body; everywhere else the server's own parsers stand.
 */
export function registerPageActions(app: FastifyInstance, build: ServerBuild | (() => Promise<ServerBuild>), renderPage: RouteHandlerMethod) {
  // While developing, the route table is the one Vite has now.
  const built = typeof build === "function" ? undefined : pagesWithActions(build);
  const takesForm = async (pathname: string) => (built ?? pagesWithActions(await (build as () => Promise<ServerBuild>)()))(pathname);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "buffer", bodyLimit: PAGE_FORM_BYTES },
      (_request, body, done) => done(null, body),
    );
    // The answer to one person's submission: their values, or an account's tokens, are in it.
    scope.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    // A page without a form is refused here, before its body is read or anything is rendered or logged.
    scope.addHook("onRequest", async (request, reply) => {
      if (!(await takesForm(request.url.split("?")[0] ?? "/"))) return sendError(request, reply, 405, "This page takes no form.");
    });
    for (const url of ["/", "/*"]) scope.route({ method: "POST", url, config: PAGE_POST_LIMIT, handler: renderPage });
  });
}

/** Whether the page at a path is a route with an action, by the build's own route table. */
function pagesWithActions(build: ServerBuild): (pathname: string) => boolean {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(
        (route) =>
          ({
            id: route.id,
            path: route.path,
            index: route.index,
            caseSensitive: route.caseSensitive,
            children: route.index ? undefined : tree(route.id),
          }) as RouteObject,
      );
  const table = tree(undefined);
  return (pathname) => {
    // A form the page's script sends asks for the page's data: /x.data, or /_root.data for the home page.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const leaf = matchRoutes(table, page)?.at(-1)?.route.id;
    return leaf !== undefined && Boolean(build.routes[leaf]?.module.action);
  };
}

/** What an /api route answered to a page's action. */
export interface ApiAnswer {
  status: number;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
  /** The route's Set-Cookie headers, for the page's answer to carry. */
  cookies: string[];
}

/**
 * Hands a page's form to its /api route: `path` is below /api/, `payload` JSON fields or a multipart form.
 * `csrfBinding` is the session the stand-in token is bound to, for routes that check it against one (the
 * admin's: its session hash); without it the token is bound to none, as on a page fresh from the server.
 */
export type ApiForwarder = (
  path: string,
  payload: Record<string, unknown> | FormData,
  options?: { csrfBinding?: string; /** A form can only post; an edit form stands for the route's PATCH. */ method?: "POST" | "PATCH" },
) => Promise<ApiAnswer>;

const HOP_HEADERS = new Set(["content-type", "content-length", "transfer-encoding", "connection", "cookie", CSRF_HEADER]);

/**
 * The /api route a form's action calls, run inside this server with the visitor's address, cookies and
 * headers, so its validation, honeypot, rate limit, session cookies and error messages are the ones the
 * client's fetch meets. A plain form cannot carry the CSRF header: for a request the browser itself
 * vouches is from this site (Sec-Fetch-Site, or else an Origin of its own; the origin check has already
 * refused cross-site ones), a fresh token stands in for it, bound as the route checks it (`csrfBinding`: an
 * admin screen's calls check the token bound to the admin's session).
 */
export function forwardToApi(app: FastifyInstance, request: FastifyRequest, csrfBinding: (path: string) => string = () => ""): ApiForwarder {
  return async (path, payload, options = {}) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
    const cookies: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.cookies ?? {})) if (value !== undefined) cookies[name] = value;
    if (vouchedSameOrigin(request)) {
      cookies[CSRF_COOKIE] = app.csrf.mint(csrfBinding(path));
      headers[CSRF_HEADER] = cookies[CSRF_COOKIE];
    }
    headers.cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join("; ");

    let body: string | Buffer;
    if (payload instanceof FormData) {
      const encoded = new Request("http://form.invalid/", { method: "POST", body: payload });
      body = Buffer.from(await encoded.arrayBuffer());
      headers["content-type"] = encoded.headers.get("content-type") ?? "multipart/form-data";
    } else {
      body = JSON.stringify(payload);
      headers["content-type"] = "application/json";
    }
    // The API call is part of the page's request: one id in the log for both.
    headers["x-request-id"] = request.id;
    const response = await app.inject({ method: options.method ?? "POST", url: `/api/${path}`, headers, payload: body, remoteAddress: request.ip });
    let parsed: unknown;
    try {
      parsed = response.body ? response.json() : undefined;
    } catch {
      parsed = undefined;
    }
    const setCookie = response.headers["set-cookie"];
    return { status: response.statusCode, body: parsed, cookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie] };
  };
}

function vouchedSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
