import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

const requestIds = new AsyncLocalStorage<string>();

/** The id of the request being answered, wherever its work has got to (a mail it queues records it). */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/**
 * A request's id: the one the proxy in front gave it (nginx's X-Request-Id), so a request is one id
 * from the proxy's log to the site's and its mail, or a new UUID. Only a plain token is taken, never
 * text that could pass for something else in a log.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
}

/** Every answer says its request's id, and everything the request does runs knowing it. */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    requestIds.run(request.id, done);
  });
}
