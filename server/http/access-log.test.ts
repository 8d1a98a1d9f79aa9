import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AccessLog } from "./access-log";

/** A site with the access log, writing its log lines where the test reads them. */
async function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream }, logController: new AccessLog() });
  app.get("/api/posts/", () => ({ ok: true }));
  app.get("/broken", () => {
    throw new Error("the database went away");
  });
  await app.ready();
  return { app, lines };
}

describe("the access log", () => {
  it("writes one line for an answered request: its id, method, address, status and time", async () => {
    const { app, lines } = await loggedApp();
    const answer = await app.inject({ method: "GET", url: "/api/posts/?page=2" });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request completed", reqId: expect.any(String), method: "GET", url: "/api/posts/?page=2", statusCode: 200 });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
    await app.close();
  });

  it("writes a failed request's line with its status, after the error at error level", async () => {
    const { app, lines } = await loggedApp();
    expect((await app.inject({ method: "GET", url: "/broken" })).statusCode).toBe(500);
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: "the database went away" }) }),
      expect.objectContaining({ level: 30, msg: "request completed", method: "GET", url: "/broken", statusCode: 500 }),
    ]);
    await app.close();
  });
});
