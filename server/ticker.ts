import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `task` once now and then a minute after each run ends, until `stop`, which waits for the run
 * in hand. A failed run is logged and tried again at the next tick. Work that must happen once across
 * several instances claims its rows in the task itself; the ticker only keeps time.
 */
export function everyMinute(what: string, task: () => Promise<unknown>, intervalMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  return {
    start(log: FastifyBaseLogger) {
      stopped = false;
      const tick = () => {
        running = task()
          .catch((error: unknown) => log.error({ err: error }, `${what}: failed; trying again in a minute`))
          .finally(() => {
            running = undefined;
            if (!stopped) timer = setTimeout(tick, intervalMs).unref();
          });
      };
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
