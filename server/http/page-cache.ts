import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from "fastify";
import type { ContentArea } from "../content-events";
import { compressForKeeping, compressOnce, pickEncoding, type Encoding } from "./compression";
import { BLOG_MAX_PAGE, BLOG_MAX_PER_PAGE } from "#contracts/blog.ts";
import { CSRF_COOKIE } from "./csrf";

/** A parameter a page reads, and the values it can mean. */
type Reads = Record<string, (value: string) => boolean>;

/** A page number as the pager writes it: no sign, no leading zero, no exponent, and not past the last a list may name. */
const pageNumber = (value: string) => /^[1-9]\d{0,5}$/.test(value) && Number(value) <= BLOG_MAX_PAGE;
const perPage = (value: string) => /^[1-9]\d{0,1}$/.test(value) && Number(value) <= BLOG_MAX_PER_PAGE;
/** A category's name, as long as one may be (the list's schema). */
const categoryName = (value: string) => value.length <= 100;
/** The routes a `.data` request asks for the data of; their ids are the router's, so any text names them. */
const anyText = () => true;

/**
 * Public pages and lists built from one content area, and nothing else: their copies are dropped when
 * it changes. Each names the query parameters it reads, and the values each can mean; the others change
 * nothing it shows, so they are no part of its copy's key (a link's tracking parameters share the copy).
 * A `.data` request also reads `_routes`, the routes whose data it asks for.
 */
const AREAS: { path: RegExp; area: ContentArea; reads: Reads }[] = [
  { path: /^\/blog(\.data)?$/, area: "blog", reads: { category: categoryName, page: pageNumber } },
  { path: /^\/blog\/[^/]+(\.data)?$/, area: "blog", reads: {} },
  { path: /^\/careers(\.data|\/apply\/[^/]+(\.data)?)?$/, area: "careers", reads: {} },
  { path: /^\/api\/blog\/posts\/$/, area: "blog", reads: { category: categoryName, page: pageNumber, per_page: perPage } },
  { path: /^\/api\/careers\/jobs\/$/, area: "careers", reads: {} },
  { path: /^\/faq(\.data)?$/, area: "faq", reads: {} },
  // Pages rendered from the site's editable words alone (their other words are built in).
  {
    path: /^\/(_root\.data|(about|pricing|terms|privacy|cookies|gdpr|expertise|success|partners|services\/(ai|cloud|cybersecurity|data-science|software))(\.data)?)?$/,
    area: "content",
    reads: {},
  },
];

/** A page that shows the site's words and nothing else (`sharedPages`): its only data is the root's contact facts. */
const SHARED_PAGE = { area: "content" as const, reads: {} };
const NO_SHARED_PAGES: ReadonlySet<string> = new Set();

/**
 * Where a copy of an address is kept: its area, and a key of its path and the parameters it reads, in one
 * order. `misread` names the parameters it reads that the address gave a value the page cannot mean (or
 * gave twice): such an address is never kept, and its page is the key's, which leaves them out.
 */
export interface Place {
  area: ContentArea;
  key: string;
  misread: string[];
}

export function placeOf(url: string, sharedPages: ReadonlySet<string> = NO_SHARED_PAGES): Place | undefined {
  const [pathname = "/", search = ""] = url.split(/\?(.*)/s);
  const page = sharedPages.has(pathname.replace(/\.data$/, "")) ? SHARED_PAGE : AREAS.find(({ path }) => path.test(pathname));
  if (!page) return undefined;
  const reads: Reads = pathname.endsWith(".data") ? { ...page.reads, _routes: anyText } : page.reads;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const misread: string[] = [];
  for (const name of Object.keys(reads).sort()) {
    const values = given.getAll(name);
    if (values.length === 0) continue;
    if (values.length === 1 && reads[name]!(values[0]!)) kept.append(name, values[0]!);
    else misread.push(name);
  }
  const query = kept.toString();
  return { area: page.area, key: query ? `${pathname}?${query}` : pathname, misread };
}

/** Cookies that never change what these pages show; any other cookie (a session) means the request is answered fresh. */
const NEUTRAL_COOKIES = new Set([CSRF_COOKIE]);

interface Entry {
  area: ContentArea;
  etag: string;
  headers: [string, string][];
  /** The body in each encoding asked for so far; identity only when a client asked for it. */
  variants: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  /** When the copy goes stale by itself (ms since the epoch), for areas whose content changes with time. */
  expiresAt: number;
  /** Whether its brotli body has been, or is being, recompressed at the best setting. */
  refined?: boolean;
}

export interface PageCacheOptions {
  /** Upper bound of the bytes kept; the least recently used copies go first. */
  maxBytes?: number;
  /**
   * How long a copy may live without a change being announced (5 minutes unless set): a change whose
   * announcement from another instance was lost shows after this long at most. Jobs close by date,
   * with no write to announce it, so a careers copy lives a minute at most.
   */
  lifetimeMs?: number;
  /** Upper bound of the copies of one page with parameters (its categories and page numbers). */
  maxVariants?: number;
  /** The clock; tests move it. */
  now?: () => Date;
  /** Told of each request looked up, and whether a copy answered it (the metrics' hits and misses). */
  onLookup?: (hit: boolean) => void;
  /** The pages that load no data but the root's, by path (`sharedPagePaths`): kept as the site's words' area. */
  sharedPages?: Iterable<string>;
}

const DEFAULT_LIFETIME_MS = 5 * 60_000;
const CAREERS_LIFETIME_MS = 60_000;
/** More than the blog's categories times the pages any of them has had. */
const DEFAULT_MAX_VARIANTS = 100;

/** The path of a key with parameters; undefined for a key without. */
const pathOfVariant = (key: string) => (key.includes("?") ? key.slice(0, key.indexOf("?")) : undefined);

/**
 * Copies of rendered public pages and JSON lists for anonymous GET requests, keyed by URL and
 * encoding and kept compressed. A content area's copies are dropped the moment it changes; a
 * copy rendered while a change happened is not kept (generations), so none outlives the data it shows.
 */
export function createPageCache(options: PageCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxVariants = options.maxVariants ?? DEFAULT_MAX_VARIANTS;
  const lifetime = options.lifetimeMs ?? DEFAULT_LIFETIME_MS;
  const lifetimeMs: Record<ContentArea, number> = { blog: lifetime, careers: Math.min(lifetime, CAREERS_LIFETIME_MS), faq: lifetime, content: lifetime };
  const now = () => (options.now ?? (() => new Date()))().getTime();
  const sharedPages: ReadonlySet<string> = new Set(options.sharedPages);
  const entries = new Map<string, Entry>();
  const generations: Record<ContentArea, number> = { blog: 0, careers: 0, faq: 0, content: 0 };
  let bytes = 0;
  /** While changes made elsewhere might go unheard (the relay is down), nothing is kept. */
  let suspended = false;
  /** One recompression at a time, so the thread pool stays free for password hashing and files. */
  let refining = false;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  function get(key: string): Entry | undefined {
    if (suspended) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    entries.delete(key); // most recently used goes last
    entries.set(key, entry);
    return entry;
  }

  /**
   * A page's copies with parameters (each category, each page number) are at most `maxVariants`: the least
   * recently used goes to make room. So a stream of made-up values takes the place of that page's other
   * variants at worst, never of the page without parameters or of another page.
   */
  const makeRoomForVariant = (key: string) => {
    const path = pathOfVariant(key);
    if (path === undefined) return;
    const variants = [...entries.keys()].filter((kept) => pathOfVariant(kept) === path);
    if (variants.length >= maxVariants) remove(variants[0]!);
  };

  const evict = () => {
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) return;
      remove(key);
    }
  };

  return {
    /** Where the answer to this address is kept, when it may be. */
    placeOf: (url: string) => placeOf(url, sharedPages),

    /** Whether this request may be answered from (and fill) the cache: an anonymous GET or HEAD. */
    accepts(request: FastifyRequest): boolean {
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      if (request.headers.authorization) return false;
      return Object.keys(request.cookies ?? {}).every((name) => NEUTRAL_COOKIES.has(name));
    },

    /** A hard reload (Cache-Control: no-cache) gets a fresh rendering, which then replaces the copy. */
    wantsFresh(request: FastifyRequest): boolean {
      return /no-cache|no-store/.test(request.headers["cache-control"] ?? "");
    },

    get,

    /** A request's lookup: `get`, counted as a hit or a miss. */
    lookup(key: string): Entry | undefined {
      const entry = get(key);
      options.onLookup?.(entry !== undefined);
      return entry;
    },

    /** Taken before rendering and handed to `put`, which keeps nothing if the area changed meanwhile. */
    generation(area: ContentArea): number {
      return generations[area];
    },

    put(key: string, area: ContentArea, generation: number, response: { headers: [string, string][]; body: Buffer; encoding: Encoding; encoded: Buffer }) {
      if (suspended || generations[area] !== generation) return;
      remove(key);
      makeRoomForVariant(key);
      const entry: Entry = {
        area,
        etag: `"${createHash("sha1").update(response.body).digest("base64url")}"`,
        headers: response.headers,
        variants: { [response.encoding]: response.encoded },
        bytes: response.encoded.length + key.length,
        expiresAt: now() + lifetimeMs[area],
      };
      entries.set(key, entry);
      bytes += entry.bytes;
      evict();
    },

    /**
     * A copy asked for a second time will likely be asked for again: its brotli body is recompressed
     * at the best setting off the event loop and swapped in, if the copy is still current, when ready.
     * Copies replaced before their first hit (hard reloads, busy editors) never pay for it, and one
     * that comes while another is being recompressed waits for a later hit.
     */
    refine(key: string, entry: Entry) {
      if (entry.refined || refining) return;
      entry.refined = refining = true;
      compressForKeeping(identityOf(entry))
        .then((best) => {
          const previous = entry.variants.br?.length ?? 0;
          if (entries.get(key) !== entry || best.length >= previous) return;
          entry.variants.br = best;
          entry.bytes += best.length - previous;
          bytes += best.length - previous;
        })
        .catch(() => undefined) // the fast copy stays, as good as it was
        .finally(() => (refining = false));
    },

    /** The body in the wanted encoding, derived from one already kept the first time it is asked for. */
    variant(key: string, entry: Entry, encoding: Encoding): Buffer {
      const existing = entry.variants[encoding];
      if (existing) return existing;
      const encoded = compressOnce(identityOf(entry), encoding);
      if (entries.get(key) === entry) {
        entry.variants[encoding] = encoded;
        entry.bytes += encoded.length;
        bytes += encoded.length;
        evict();
      }
      return encoded;
    },

    /** Drops the copies of one area, or of all; the site's words may show on any page, so a change to them drops all. */
    invalidate(area?: ContentArea) {
      const only = area === "content" ? undefined : area;
      for (const name of only ? [only] : (Object.keys(generations) as ContentArea[])) generations[name]++;
      for (const [key, entry] of entries) if (!only || entry.area === only) remove(key);
    },

    /** Stops keeping and serving copies (changes made elsewhere may be missed) until `resume`. */
    suspend() {
      suspended = true;
      this.invalidate();
    },

    resume() {
      this.invalidate();
      suspended = false;
    },

    stats: () => ({ entries: entries.size, bytes, suspended }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

function identityOf(entry: Entry): Buffer {
  return entry.variants.identity ?? (entry.variants.br ? brotliDecompressSync(entry.variants.br) : gunzipSync(entry.variants.gzip!));
}

/** Answers from a kept copy: 304 when the client has it, else the body in the best encoding it accepts. */
export function sendCached(cache: PageCache, key: string, entry: Entry, request: FastifyRequest, reply: FastifyReply) {
  for (const [name, value] of entry.headers) reply.header(name, value);
  reply.header("etag", entry.etag).header("vary", "Accept-Encoding");
  if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers["accept-encoding"], { br: true, gzip: true });
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  if (request.method === "HEAD") return reply.send();
  const body = cache.variant(key, entry, encoding);
  if (encoding === "br") cache.refine(key, entry);
  return reply.send(body);
}

/** Sends a freshly made body compressed for this client and keeps it when it may be kept. */
export function sendAndKeep(
  cache: PageCache,
  request: FastifyRequest,
  reply: FastifyReply,
  kept: { key: string; area: ContentArea; generation: number; headers: [string, string][]; body: Buffer },
) {
  const encoding = pickEncoding(request.headers["accept-encoding"], { br: true, gzip: true });
  const encoded = compressOnce(kept.body, encoding);
  cache.put(kept.key, kept.area, kept.generation, { headers: kept.headers, body: kept.body, encoding, encoded });
  const entry = cache.get(kept.key);
  reply.header("vary", "Accept-Encoding");
  if (entry) {
    reply.header("etag", entry.etag);
    // A conditional request that also asked for a fresh copy (as fetch() sends one) still gets its 304.
    if (request.headers["if-none-match"] === entry.etag) {
      reply.code(304);
      return Buffer.alloc(0);
    }
  }
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return encoded;
}

const CACHE_STATE = Symbol("page cache");
type CacheState = { key: string; area: ContentArea; generation: number } | "hit";

/**
 * Route hooks that keep a public JSON list: a hit is answered before the handler runs; a fresh
 * 200 answer is kept, compressed, once serialised.
 */
export function cachedRoute(cache: PageCache): { onRequest: onRequestHookHandler; onSend: onSendHookHandler } {
  return {
    onRequest(request, reply, done) {
      const place = cache.accepts(request) ? cache.placeOf(request.url) : undefined;
      // A value the list cannot mean is the route's schema's to refuse, and no copy's.
      if (!place || place.misread.length > 0) return done();
      const { area, key } = place;
      const entry = cache.wantsFresh(request) ? undefined : cache.lookup(key);
      if (entry) {
        (request as unknown as Record<symbol, CacheState>)[CACHE_STATE] = "hit";
        return sendCached(cache, key, entry, request, reply);
      }
      (request as unknown as Record<symbol, CacheState>)[CACHE_STATE] = { key, area, generation: cache.generation(area) };
      done();
    },
    onSend(request, reply, payload, done) {
      const state = (request as unknown as Record<symbol, CacheState | undefined>)[CACHE_STATE];
      if (!state || state === "hit" || reply.statusCode !== 200 || typeof payload !== "string" || reply.hasHeader("set-cookie")) return done(null, payload);
      const headers: [string, string][] = [];
      for (const name of ["content-type", "cache-control"]) {
        const value = reply.getHeader(name);
        if (typeof value === "string") headers.push([name, value]);
      }
      done(null, sendAndKeep(cache, request, reply, { ...state, headers, body: Buffer.from(payload) }));
    },
  };
}
