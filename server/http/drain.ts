import type { Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * A graceful stop that loses no request: the listener closes (new connections are refused, so a load
 * balancer moves on), every answer from then on closes its connection, and a keep-alive connection
 * with nothing in flight is closed only once no request is being served anywhere, so a request the
 * client already sent on it is not cut off while the process is busy. Gives up after `timeoutMs`.
 */
export function trackRequests(server: Server) {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on("request", (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (draining) response.setHeader("connection", "close");
    response.once("close", () => inFlight.delete(response));
  });

  return {
    drain(timeoutMs: number): Promise<void> {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("connection", "close");
      return new Promise<void>((resolve) => {
        const finish = () => {
          clearInterval(idleCheck);
          clearTimeout(deadline);
          resolve();
        };
        // net.Server's close stops listening and calls back once every connection has ended;
        // http.Server's own close would also cut idle keep-alive connections at once.
        NetServer.prototype.close.call(server, finish);
        const idleCheck = setInterval(() => {
          if (inFlight.size === 0) server.closeIdleConnections();
        }, 50);
        const deadline = setTimeout(finish, timeoutMs);
      });
    },
  };
}
