import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../tests/helpers/app";

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("rate limits shared through Redis", () => {
  it("counts one client's requests across two instances", async () => {
    const [first, second] = await Promise.all([buildTestApp({ env: { REDIS_URL: redisUrl! } }), buildTestApp({ env: { REDIS_URL: redisUrl! } })]);
    try {
      // A fresh address per run, so counters left in Redis by an earlier run do not count.
      const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const send = (app: typeof first.app) => app.inject({ method: "POST", url: "/api/analytics/pageview", payload: { path: "/" }, remoteAddress: ip });
      // Each instance counts once its Redis connection is up (until then it lets requests through).
      let remaining = 0;
      for (const app of [first.app, second.app]) {
        await expect.poll(async () => (remaining = Number((await send(app)).headers["x-ratelimit-remaining"] ?? 120))).toBeLessThan(120);
      }
      const statuses: number[] = [];
      for (let i = 0; i < remaining; i++) statuses.push((await send(i % 2 ? first.app : second.app)).statusCode);
      expect(statuses.every((status) => status === 204)).toBe(true);
      expect((await send(first.app)).statusCode).toBe(429);
      expect((await send(second.app)).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
