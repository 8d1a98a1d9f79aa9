import { chmodSync, unlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { AdminCommandSchema, runAdminCommand, type AdminCommandContext } from "./cli/commands";

export const controlSocketPath = (dataDir: string) => path.join(dataDir, "control.sock");

/**
 * The embedded database has one owner, the running server; the admin CLI hands it its command
 * through this socket (owner-only permissions, never on the network) instead of opening the files.
 */
export function startControlSocket(dataDir: string, context: AdminCommandContext, log: FastifyBaseLogger): Promise<Server> {
  const socketPath = controlSocketPath(dataDir);
  try {
    unlinkSync(socketPath); // left by a server that died; this process holds the data-directory lock
  } catch {
    // none
  }
  const server = createServer((connection) => {
    let input = "";
    connection.setEncoding("utf8");
    connection.on("data", async (chunk) => {
      input += chunk;
      if (!input.includes("\n")) return;
      try {
        const command = AdminCommandSchema.parse(JSON.parse(input.slice(0, input.indexOf("\n"))));
        connection.end(`${JSON.stringify({ ok: true, output: await runAdminCommand(context, command) })}\n`);
        log.info({ command: command.name }, "admin command over the control socket");
      } catch (error) {
        connection.end(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      chmodSync(socketPath, 0o600);
      server.on("close", () => {
        try {
          unlinkSync(socketPath);
        } catch {
          // already gone
        }
      });
      resolve(server);
    });
  });
}
