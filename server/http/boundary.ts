import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { HttpError, sendError } from "./errors";

const NUL = "\u0000";
/** A NUL in the address as sent, wherever the router and query parser would have put it once decoded. */
// eslint-disable-next-line no-control-regex -- a NUL, raw or encoded, is what the boundary refuses
const ENCODED_NUL = /%00|\u0000/i;
const NUL_PROBLEM = "Must not contain a NUL character (\\u0000)";

/**
 * The dotted name of the first field (key or text, at any depth) of a parsed request part that holds a
 * NUL, or undefined when none does. Walked with a stack, since a JSON body can nest deeper than the call
 * stack goes; binary bodies are the business of their own parser.
 */
export function fieldWithNul(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, ""]];
  while (pending.length > 0) {
    const [item, name] = pending.pop()!;
    if (typeof item === "string") {
      if (item.includes(NUL)) return name || "body";
    } else if (item !== null && typeof item === "object" && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        const childName = name ? `${name}.${key}` : key;
        if (key.includes(NUL)) return childName;
        pending.push([child, childName]);
      }
    }
  }
  return undefined;
}

/** The refusal of a field holding a NUL, for the readers of bodies that no hook sees parsed (multipart). */
export function nulRefusal(field: string): HttpError {
  return new HttpError(400, `${field}: ${NUL_PROBLEM}`, { [field]: [NUL_PROBLEM] }, "invalid");
}

function refuseNul(request: FastifyRequest, reply: FastifyReply, field: string) {
  const refusal = nulRefusal(field);
  return sendError(request, reply, 400, refusal.message, refusal.fields, refusal.code);
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
 * The rules every request meets before any hook, handler or query sees its input, whatever the route
 * and however the input came (path, query, JSON or form body; multipart fields in `readMultipart`):
 * - no text may hold a NUL: PostgreSQL cannot store one and refuses the whole query, and logs and
 *   file names are where it does harm elsewhere; refused as 400 naming the field, in the route's error shape;
 * - one Host header only: two are an ambiguity a proxy and this server could read differently.
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
    // A page route's wildcard parameter is the whole path.
    const field =
      fieldWithNul(request.params)?.replace(/^\*$/, "address") ?? fieldWithNul(request.query) ?? (ENCODED_NUL.test(request.url) ? "address" : undefined);
    if (field) return void refuseNul(request, reply, field);
    done();
  });
  app.addHook("preValidation", (request, reply, done) => {
    const field = fieldWithNul(request.body);
    if (field) return void refuseNul(request, reply, field);
    done();
  });
}
