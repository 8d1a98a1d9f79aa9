import { connect, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HTTP_TIMEOUTS } from "../../server/app";
import { UPLOAD_PACE } from "../../server/http/upload-pace";
import { UPLOADS_AT_ONCE } from "../../server/http/upload-turns";
import { pdfDocument } from "../fixtures/resume-documents";
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

afterEach(() => {
  vi.useRealTimers();
});

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

const BOUNDARY = "----slow-client-boundary";

/** An application with a résumé of `bytes`, framed as multipart/form-data. */
function applicationBody(n: number, bytes: Buffer): Buffer {
  const fields = { name: `Applicant ${n}`, email: `applicant-${n}@example.com`, cover_letter: "I build web products with care." };
  const text = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="resume"; filename="cv-${n}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
  return Buffer.concat([Buffer.from(text + fileHead), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

const applicationHead = (port: number, body: Buffer) =>
  `POST /api/careers/applications/ HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${body.length}\r\n\r\n`;

/** A client that sends an application's headers, then its body one byte at a time for as long as the test lets it. */
async function trickler(port: number, n: number) {
  const client = await rawClient(port);
  const body = applicationBody(n, pdfDocument(`Applicant ${n}`));
  client.socket.write(applicationHead(port, body));
  let sent = 0;
  const timer = setTimeout(function drip() {
    if (client.socket.destroyed) return;
    client.socket.write(body.subarray(sent, ++sent));
    timer.refresh();
  }, 50);
  void client.closed.then(() => clearTimeout(timer));
  return {
    ...client,
    leave: () => {
      clearTimeout(timer);
      client.socket.destroy();
    },
  };
}

/** A client that sends the first `bytes` of an application at once, then nothing more. */
async function stalled(port: number, n: number, bytes: number) {
  const client = await rawClient(port);
  const body = applicationBody(n, Buffer.alloc(bytes * 2, "%"));
  client.socket.write(applicationHead(port, body));
  client.socket.write(body.subarray(0, bytes));
  return client;
}

/** An honest application, sent whole at the speed of loopback. */
async function apply(port: number, n: number) {
  const form = new FormData();
  form.append("name", `Applicant ${n}`);
  form.append("email", `applicant-${n}@example.com`);
  form.append("cover_letter", "I build web products with care.");
  form.append("resume", new Blob([new Uint8Array(pdfDocument(`Applicant ${n}`))], { type: "application/pdf" }), `cv-${n}.pdf`);
  const response = await fetch(`http://127.0.0.1:${port}/api/careers/applications/`, { method: "POST", body: form, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, body: (await response.json()) as { id?: string; message?: string } };
}

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

  describe("taking résumé uploads beside slow clients", () => {
    it("gives no upload turn to clients trickling their résumés a byte at a time: an honest applicant beside them is answered at once", async () => {
      const port = site.port;
      const timed = async (n: number) => {
        const started = performance.now();
        const { status } = await apply(port, n);
        return { status, ms: performance.now() - started };
      };
      const alone = await timed(7);
      const tricklers = await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, (_, n) => trickler(port, n)));
      // Their headers, and the first bytes of their bodies, are in.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const beside = await timed(9);
      expect([alone.status, beside.status]).toEqual([201, 201]);
      // Well within the first window of the upload pace, which would have freed the turns otherwise.
      expect(beside.ms).toBeLessThan(alone.ms + 3000);
      for (const client of tricklers) client.leave();
    });

    it("answers 408 to a trickling client after one window of the upload pace", async () => {
      const port = site.port;
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      const client = await trickler(port, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      vi.advanceTimersByTime(UPLOAD_PACE.windowMs);
      const answer = await client.closed;
      expect(statusOf(answer)).toBe(408);
      expect(answer).toContain("The form arrived too slowly and was not received.");
    });

    it("cuts off uploads that stall while holding a turn, and the applicant waiting behind them goes next", async () => {
      const port = site.port;
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      // Past the first buffer-full, so each is given a turn; then nothing more comes.
      const holders = await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, (_, n) => stalled(port, n, 64 * 1024)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const honest = apply(port, 8);
      await new Promise((resolve) => setTimeout(resolve, 300));

      vi.advanceTimersByTime(UPLOAD_PACE.windowMs);
      for (const holder of holders) expect(statusOf(await holder.closed)).toBe(408);
      expect((await honest).status).toBe(201);
    });
  });
});
