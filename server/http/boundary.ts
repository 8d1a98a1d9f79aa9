import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { HttpError, sendError } from "./errors";

const NUL = "\u0000";
/** A NUL in the address as sent, wherever the router and query parser would have put it once decoded. */
// eslint-disable-next-line no-control-regex -- a NUL, raw or encoded, is what the boundary refuses
const ENCODED_NUL = /%00|\u0000/i;
const NUL_PROBLEM = "Must not contain a NUL character (\\u0000)";
/**
 * Half of a character that takes two UTF-16 units, without its other half: only a JSON escape (`"\ud800"`)
 * can make one, since decoded bytes become U+FFFD instead. PostgreSQL cannot store it (a JSON column
 * refuses the escape), and no reader could show it. With the u flag a whole pair is one code point, so
 * only a lone half matches.
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const SURROGATE_PROBLEM = "Must not contain half of a character (a lone surrogate, \\ud800 to \\udfff)";

/** Why the boundary refuses a text, or undefined when it passes. */
function problemWith(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_PROBLEM;
  if (LONE_SURROGATE.test(text)) return SURROGATE_PROBLEM;
  return undefined;
}

/** A field the boundary refuses, by its dotted name, and why. */
export interface RefusedField {
  field: string;
  problem: string;
}

/**
 * The first field (key or text, at any depth) of a parsed request part that holds a NUL or a lone
 * surrogate, or undefined when none does. Walked with a stack, since a JSON body can nest deeper than the
 * call stack goes; binary bodies are the business of their own parser.
 */
export function refusedField(value: unknown): RefusedField | undefined {
  const pending: [unknown, string][] = [[value, ""]];
  while (pending.length > 0) {
    const [item, name] = pending.pop()!;
    if (typeof item === "string") {
      const problem = problemWith(item);
      if (problem) return { field: name || "body", problem };
    } else if (item !== null && typeof item === "object" && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        const childName = name ? `${name}.${key}` : key;
        const problem = problemWith(key);
        if (problem) return { field: childName, problem };
        pending.push([child, childName]);
      }
    }
  }
  return undefined;
}

/** The refusal of a field holding a NUL, for the readers of bodies that no hook sees parsed (multipart). */
export function nulRefusal(field: string): HttpError {
  return refusal({ field, problem: NUL_PROBLEM });
}

function refusal({ field, problem }: RefusedField): HttpError {
  return new HttpError(400, `${field}: ${problem}`, { [field]: [problem] }, "invalid");
}

function refuse(request: FastifyRequest, reply: FastifyReply, refused: RefusedField) {
  const { message, fields, code } = refusal(refused);
  return sendError(request, reply, 400, message, fields, code);
}

/** A call as registered, with the schemas of the input it takes. */
export interface RegisteredCall {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Every call the app serves, with its input schemas, as it was registered: the hostile-input suite
     * feeds each field of each one, so a call added later is covered the day it is added.
     */
    registeredCalls: RegisteredCall[];
  }
}

/** How many Host headers the client sent; Node keeps only the first, so a second one would go unseen. */
function hostHeaders(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === "host") count++;
  return count;
}

/**
 * A host as an address names it: a name or IPv4 address, or an IPv6 address in brackets, and perhaps a
 * port. Anything else (`a b`, `[::1`, `a@b`, `:`) is no host this site could be, and would make the
 * page renderer's `new URL` throw.
 */
const HOST = /^(?:[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** The longest name DNS holds (253), a dot and a port. */
const HOST_MAX_LENGTH = 253 + 1 + 6;

/** Whether the host the request names (Host, or X-Forwarded-Host from a trusted proxy) is one; none at all (HTTP/1.0) is allowed. */
function isHost(host: string): boolean {
  return host === "" || (host.length <= HOST_MAX_LENGTH && HOST.test(host) && URL.canParse(`http://${host}/`));
}

/**
 * The rules every request meets before any hook, handler or query sees its input, whatever the route
 * and however the input came (path, query, JSON or form body; multipart fields in `readMultipart`):
 * - no text may hold a NUL: PostgreSQL cannot store one and refuses the whole query, and logs and
 *   file names are where it does harm elsewhere; refused as 400 naming the field, in the route's error shape;
 * - nor half of a character (a lone surrogate), which PostgreSQL's JSON refuses and nothing can show;
 * - one Host header only: two are an ambiguity a proxy and this server could read differently;
 *   and that one names a host, as Node's own parser and nginx require (400 otherwise).
 */
export function registerBoundary(app: FastifyInstance) {
  const calls: RegisteredCall[] = [];
  app.decorate("registeredCalls", calls);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) calls.push({ method, url: route.url, schema: route.schema });
  });
  // Callback hooks, not async ones: they run on every request, cached pages included, and a promise each costs.
  app.addHook("onRequest", (request, reply, done) => {
    if (hostHeaders(request.raw.rawHeaders) > 1) return void sendError(request, reply, 400, "The request has more than one Host header.", undefined, "invalid");
    if (!isHost(request.host)) return void sendError(request, reply, 400, "The request's Host header does not name a host.", undefined, "invalid");
    const refused =
      refusedField(request.params) ?? refusedField(request.query) ?? (ENCODED_NUL.test(request.url) ? { field: "address", problem: NUL_PROBLEM } : undefined);
    // A page route's wildcard parameter is the whole path.
    if (refused) return void refuse(request, reply, refused.field === "*" ? { ...refused, field: "address" } : refused);
    done();
  });
  app.addHook("preValidation", (request, reply, done) => {
    const refused = refusedField(request.body);
    if (refused) return void refuse(request, reply, refused);
    done();
  });
}
