import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { EMITTED_SCRIPTS_HEADER } from "#app/lib/emitted-scripts.ts";
import { COMPRESSIBLE, compressOnce, pickEncoding } from "./compression";
import { registerPageActions } from "./page-actions";
import { placeOf, sendAndKeep, sendCached, type PageCache } from "./page-cache";
import { PREVIEW_PARAMETER } from "#contracts/site-content-forms.ts";
import { pagePolicy } from "./security";

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
};

export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Loads the client build into memory: hashed assets (cached for a year) and public files, with the .br
 * and .gz twins the build wrote beside them. Pages are rendered, never files (decision 070).
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz|html)$/.test(entry.name)) {
        const relative = `/${path.relative(clientDir, full).split(path.sep).join("/")}`;
        const body = readFileSync(full);
        const twin = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
        files.set(relative, {
          body,
          br: twin(".br"),
          gzip: twin(".gz"),
          type: TYPES[path.extname(entry.name)] ?? "application/octet-stream",
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          cacheControl: relative.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
        });
      }
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return files;
}

export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  const entry = path.join(buildDir, "server", "index.js");
  if (!existsSync(entry)) throw new Error(`No site build in ${buildDir}: run "npm run build" first.`);
  return (await import(`${pathToFileURL(entry).href}?t=${statSync(entry).mtimeMs}`)) as ServerBuild;
}

function sendBody(request: FastifyRequest, reply: FastifyReply, body: Buffer, type: string, precompressed?: { br?: Buffer; gzip?: Buffer }) {
  reply.header("content-type", type);
  if (!COMPRESSIBLE.test(type) || body.length < 1024) return reply.send(body);
  reply.header("vary", "Accept-Encoding");
  const encoding = pickEncoding(request.headers["accept-encoding"], precompressed ?? { br: true, gzip: true });
  if (encoding === "identity") return reply.send(body);
  reply.header("content-encoding", encoding);
  return reply.send(precompressed?.[encoding] ?? compressOnce(body, encoding));
}

/** Serves the site: files from memory when the path has one, else React Router renders the page. */
export function registerPages(
  app: FastifyInstance,
  options: {
    /** A build, or (while developing) where to get the current one for each request. */
    build: ServerBuild | (() => Promise<ServerBuild>);
    /** The client build's files, served from memory; none while developing, when Vite serves the modules. */
    clientDir?: string;
    production: boolean;
    loadContext: (request: FastifyRequest) => AppLoadContext;
    pageCache?: PageCache;
  },
) {
  const cache = options.pageCache;
  const files = options.clientDir ? loadStaticFiles(options.clientDir) : new Map<string, StaticFile>();
  // A built site is served in production mode whatever NODE_ENV says: any other mode hands a failed
  // loader's message (a query, a path) and its stack to the visitor. Only the development server's shows them.
  const handle = createRequestHandler(options.build, typeof options.build === "function" ? "development" : "production");

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const lookup = pathname.length > 1 ? decodeSafe(pathname).replace(/\/+$/, "") : pathname;
    const file = request.method === "POST" ? undefined : files.get(lookup);

    if (file) {
      reply.header("cache-control", file.cacheControl).header("etag", file.etag);
      if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
      return sendBody(request, reply, file.body, file.type, file);
    }

    const read = request.method === "POST" ? undefined : (cache?.placeOf ?? placeOf)(request.url);
    // A parameter the page reads with a value it cannot mean (page=abc) is sent to the page itself, unrendered:
    // made-up values then cost neither a rendering nor a copy each.
    if (read && read.misread.length > 0) return reply.redirect(read.key, 301);
    const place = cache?.accepts(request) ? read : undefined;
    if (cache && place && !cache.wantsFresh(request)) {
      const entry = cache.lookup(place.key);
      if (entry) return sendCached(cache, place.key, entry, request, reply);
    }
    const generation = cache && place ? cache.generation(place.area) : 0;

    const controller = new AbortController();
    reply.raw.once("close", () => controller.abort());
    // A page that may be kept is rendered from its key, so a parameter it does not read cannot reach a copy others are sent.
    const url = new URL(place?.key ?? request.url, `http://${request.host || "localhost"}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    // A posted form arrives as the bytes the browser sent (page-actions.ts): a Buffer, so a Uint8Array.
    const posted = request.method === "POST" ? (request.body as Uint8Array<ArrayBuffer> | undefined) : undefined;
    const response = await handle(new Request(url, { method: request.method, headers, body: posted, signal: controller.signal }), options.loadContext(request));

    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie" && name !== "content-length" && name !== EMITTED_SCRIPTS_HEADER) reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    const body = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "text/html; charset=utf-8";
    if (type.startsWith("text/html")) {
      const preview = url.searchParams.get(PREVIEW_PARAMETER) === "draft";
      reply.header(
        "content-security-policy",
        pagePolicy((response.headers.get(EMITTED_SCRIPTS_HEADER) ?? "").split(" ").filter(Boolean), options.production, { framedBySite: preview }),
      );
      if (preview) reply.header("x-frame-options", "SAMEORIGIN");
      if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
    }
    if (request.method === "HEAD" || response.status === 204 || response.status === 304) return reply.send();
    const keepable = cache && place && response.status === 200 && !cookies.length && !/no-store|private/.test(String(reply.getHeader("cache-control") ?? ""));
    if (keepable) {
      const names = new Set([...response.headers.keys(), "content-security-policy", "cache-control"]);
      names.delete("content-length");
      names.delete(EMITTED_SCRIPTS_HEADER);
      const headers = [...names].flatMap((name): [string, string][] => (reply.hasHeader(name) ? [[name, String(reply.getHeader(name))]] : []));
      return reply.send(sendAndKeep(cache, request, reply, { ...place, generation, headers, body }));
    }
    return sendBody(request, reply, body, type);
  };

  app.route({ method: ["GET", "HEAD"], url: "/*", handler: pageHandler });
  app.route({ method: ["GET", "HEAD"], url: "/", handler: pageHandler });
  registerPageActions(app, options.build, pageHandler);
  return { files };
}

function decodeSafe(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
