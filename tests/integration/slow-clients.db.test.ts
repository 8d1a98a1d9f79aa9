import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_TIMEOUTS } from "../../server/app";
import { buildTestApp, type TestContext } from "../helpers/app";

/** The site listening on a port of loopback, as a browser reaches it. */
function listening(options: Parameters<typeof buildTestApp>[0] = {}) {
  const site = { t: undefined as unknown as TestContext, port: 0 };
  beforeAll(async () => {
    site.t = await buildTestApp({ rateLimitsDisabled: true, ...options });
    await site.t.app.listen({ port: 0, host: "127.0.0.1" });
    site.port = (site.t.app.server.address() as { port: number }).port;
  });
  afterAll(() => site.t.close());
  return site;
}

interface RawClient {
  socket: Socket;
  /** Everything the server sent, once it has closed the connection. */
  closed: Promise<string>;
}

/** A client on a connection of its own, sending what the test writes, when the test writes it. */
async function rawClient(port: number): Promise<RawClient> {
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.setEncoding("latin1").on("data", (text: string) => (received += text));
  // A server that closes while the client still writes resets the connection: the answer has come by then.
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  return { socket, closed };
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe("a client slower than the HTTP server's timeouts", () => {
  const site = listening({ httpTimeouts: { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 } });

  it("is answered 408 and its connection closed when its headers take longer than the headers timeout", async () => {
    const port = site.port;
    const client = await rawClient(port);
    client.socket.write(`GET /healthz HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`);
    const started = performance.now();
    const answer = await client.closed;
    expect(statusOf(answer)).toBe(408);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it("is answered 408 and its connection closed when its body takes longer than the request timeout", async () => {
    const port = site.port;
    const client = await rawClient(port);
    client.socket.write(`POST /api/newsletter/ HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"email":`);
    const started = performance.now();
    const answer = await client.closed;
    expect(statusOf(answer)).toBe(408);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("the site's HTTP server", () => {
  const site = listening();

  it("has the timeouts reasoned out in decision 055", () => {
    const server = site.t.app.server;
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeout);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeout);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.connectionTimeout);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveTimeout);
  });
});
