import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * Fastify's request log as one line for each answered request, written when it is answered: its method,
 * address, status and time under the request's id. Fastify's own two lines, one as a request arrives and
 * one as it is answered, cost a fifth of the server's time on a small answer (docs/performance.md; each
 * line is written synchronously, so none is lost when the process dies); the arrival line says nothing
 * the answer's does not, except of a request never answered, which the metrics and the proxy's log count.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
