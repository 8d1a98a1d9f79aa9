import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";

let t: TestContext | undefined;
afterEach(() => t?.close());

/** Confirmation attempts (at most 30 a minute from one address) from `remoteAddress`, saying they are for `forwardedFor`. */
async function attempts(context: TestContext, remoteAddress: string, forwardedFor: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm/",
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
      payload: { token: "not-a-token" },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe("behind a reverse proxy", () => {
  it("limits each visitor by the address the trusted proxy forwards", async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    expect((await attempts(t, "127.0.0.1", "203.0.113.7", 31)).at(-1)).toBe(429);
    // Another visitor through the same proxy has a budget of their own.
    expect(await attempts(t, "127.0.0.1", "203.0.113.8", 1)).toEqual([400]);
  });

  it("believes no X-Forwarded-For from anyone else, so a client cannot pick its own address", async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    expect((await attempts(t, "198.51.100.9", "203.0.113.7", 31)).at(-1)).toBe(429);
    expect(await attempts(t, "198.51.100.9", "203.0.113.99", 1)).toEqual([429]);
  });

  it("trusts no proxy unless told to", async () => {
    t = await buildTestApp();
    expect((await attempts(t, "127.0.0.1", "203.0.113.7", 31)).at(-1)).toBe(429);
    expect(await attempts(t, "127.0.0.1", "203.0.113.8", 1)).toEqual([429]);
  });
});
