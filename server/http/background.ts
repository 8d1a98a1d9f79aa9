import type { FastifyBaseLogger, FastifyReply } from "fastify";

/**
 * Mail requests answer at once and do their work once the answer has gone out, so the answer (status,
 * body and time) is the same whether or not the address has an account: on the embedded database a
 * query holds the event loop, and work started before the answer would delay it only for known
 * addresses. Shutdown waits for the work in hand.
 */
export function backgroundWork(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(reply: FastifyReply, task: () => Promise<void>) {
      const promise = new Promise<void>((resolve) => reply.raw.once("close", resolve))
        .then(task)
        .catch((error) => log.error({ err: error }, "mail request failed"))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    idle: () => Promise.all(pending).then(() => undefined),
  };
}
