import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackRequests } from "./drain";

/** Holds the event loop as a busy page render does, so each turn of the loop is long. */
const renderSynchronously = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

const get = (port: number) =>
  new Promise<string>((resolve) => {
    const sent = request({ host: "127.0.0.1", port, path: "/", agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.statusCode)));
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    sent.end();
  });

describe("a graceful stop", () => {
  let server: Server | undefined;
  afterEach(() => server?.closeAllConnections());

  it("answers every request sent before it, on connections a busy process had not yet accepted, and then refuses new ones", async () => {
    server = createServer((_request, response) => {
      renderSynchronously(100);
      response.end("page");
    });
    const requests = trackRequests(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    // Twenty visitors at once: the process takes one waiting connection per turn of its loop, and
    // each turn renders a page, so most are still waiting in the kernel when the stop begins.
    const answers = Array.from({ length: 20 }, () => get(port));
    const stopped = new Promise<void>((resolve) => server!.once("connection", () => void requests.drain(10_000).then(resolve)));

    expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, () => "200"));
    await stopped;
    expect(await get(port)).toBe("ECONNREFUSED");
  });
});
