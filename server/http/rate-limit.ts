import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

/**
 * Limits are opted into per route (`config.rateLimit`). With REDIS_URL the counters live in Redis, so
 * every instance behind a load balancer shares them; otherwise they are kept in this process.
 */
export async function registerRateLimits(app: FastifyInstance, options: { redisUrl?: string; disabled?: boolean }) {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined;
  redis?.on("error", (error) => app.log.warn({ err: error.message }, "redis unavailable"));
  if (redis) app.addHook("onClose", async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true,
    nameSpace: "rl:",
    allowList: () => Boolean(options.disabled),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  });
}
