import type { Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

const CHECK_MS = 50;
/** Kept listening this long after the signal, so connections a busy process had not yet accepted are served too. */
const LISTEN_GRACE_MS = 1000;

/**
 * A graceful stop that loses no request: every answer from the signal on closes its connection; the
 * listener stays open a moment for connections the kernel holds but a busy process has not accepted
 * yet, and then until a turn of the event loop accepts none, since libuv takes one connection per turn
 * (libuv#3696), and a process busy with long turns can have several still waiting with requests
 * already sent on them, which closing the listener would reset. Once it closes, new connections are
 * refused, so a load balancer moves on. A keep-alive connection is closed only once it has been seen idle at two
 * checks in a row, with the event loop reading sockets in between, so a request a client had already
 * sent on it is answered, not cut off while the process was busy. Gives up waiting after `timeoutMs`.
 */
export function trackRequests(server: Server) {
  /** Each open connection, and how many checks in a row found it with nothing in flight. */
  const connections = new Map<Socket, { busy: number; idleChecks: number }>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let acceptedThisTurn = false;

  server.on("connection", (socket: Socket) => {
    acceptedThisTurn = true;
    connections.set(socket, { busy: 0, idleChecks: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (request, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (connection) connection.busy++;
    inFlight.add(response);
    if (draining && !response.headersSent) response.setHeader("connection", "close");
    response.once("close", () => {
      inFlight.delete(response);
      if (connection) {
        connection.busy--;
        connection.idleChecks = 0;
      }
    });
  });

  /** Resolves after the first turn of the event loop that accepted no connection, or at `giveUpAt`. */
  const noConnectionWaiting = (giveUpAt: number) =>
    new Promise<void>((resolve) => {
      // An immediate runs after its turn's poll, which accepts a waiting connection if there is one.
      const check = () => {
        if (!acceptedThisTurn || performance.now() > giveUpAt) return resolve();
        acceptedThisTurn = false;
        setImmediate(check);
      };
      acceptedThisTurn = false;
      setImmediate(check);
    });

  return {
    async drain(timeoutMs: number): Promise<void> {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("connection", "close");
      await new Promise((resolve) => setTimeout(resolve, Math.min(LISTEN_GRACE_MS, timeoutMs)));
      const giveUpAt = performance.now() + timeoutMs;
      await noConnectionWaiting(giveUpAt);
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearInterval(idleCheck);
          clearTimeout(deadline);
          resolve();
        };
        // net.Server's close stops listening and calls back once every connection has ended;
        // http.Server's own close would also cut every idle keep-alive connection at once.
        NetServer.prototype.close.call(server, finish);
        const idleCheck = setInterval(() => {
          for (const [socket, connection] of connections) {
            if (connection.busy > 0) connection.idleChecks = 0;
            else if (++connection.idleChecks >= 2) socket.destroy();
          }
        }, CHECK_MS);
        const deadline = setTimeout(finish, Math.max(0, giveUpAt - performance.now()));
      });
    },
  };
}
