import type { FastifyInstance } from "fastify";
import { sendError } from "./errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses any state-changing request that a browser says came from another site. Browsers send
 * Sec-Fetch-Site and Origin on such requests; clients without them (curl, server-to-server) pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const trusted = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const sameHost = origin !== undefined && safeHost(origin) === request.host;
    if (site === "cross-site" || (origin !== undefined && origin !== trusted && !sameHost)) {
      return sendError(request, reply, 403, "Cross-site requests are not allowed.", undefined, "cross_site");
    }
  });
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
