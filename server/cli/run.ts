/**
 * The admin CLI itself (`npm run admin -- <command>` starts it through scripts/admin.mjs): manage admins and their
 * devices, whether or not the server runs.
 *
 *   create-admin --username U --email E [--role owner|editor|recruiter|support]   (password from ADMIN_PASSWORD, else asked for)
 *   devices list
 *   devices approve ID
 *   devices revoke ID
 *   unlock USERNAME-OR-EMAIL
 *   two-factor-off USERNAME
 */
import { connect } from "node:net";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { AdminRoleSchema } from "@contracts/admin-team";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createServices } from "../services";
import { controlSocketPath } from "../control";
import { runAdminCommand, type AdminCommand } from "./commands";

const USAGE = `Usage:
  npm run admin -- create-admin --username U --email E [--role owner|editor|recruiter|support]
      (password from ADMIN_PASSWORD, else asked for; the first admin is an owner, later ones support unless --role says)
  npm run admin -- devices list
  npm run admin -- devices approve ID
  npm run admin -- devices revoke ID
  npm run admin -- unlock USERNAME-OR-EMAIL   (clears the failed sign-ins of an admin or a site account)
  npm run admin -- two-factor-off USERNAME   (for an admin who lost both the authenticator and the recovery codes)`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function parse(args: string[]): Promise<AdminCommand> {
  const [first, second, third] = args;
  if (first === "create-admin") {
    const username = option(args, "username");
    const email = option(args, "email");
    if (!username || !email) throw new Error(USAGE);
    const role = option(args, "role");
    if (role !== undefined && !AdminRoleSchema.safeParse(role).success) throw new Error(USAGE);
    const password = process.env.ADMIN_PASSWORD ?? (await askHidden(`Password for ${username}: `));
    return { name: "create-admin", username, email, password, ...(role ? { role: AdminRoleSchema.parse(role) } : {}) };
  }
  if (first === "devices" && second === "list") return { name: "devices-list" };
  if (first === "devices" && (second === "approve" || second === "revoke") && third && /^\d+$/.test(third)) {
    return { name: "devices-decide", id: Number(third), decision: second };
  }
  if (first === "unlock" && second) return { name: "unlock", account: second };
  if (first === "two-factor-off" && second) return { name: "two-factor-off", username: second };
  throw new Error(USAGE);
}

/** Sends the command to the running server; undefined when no server listens. */
function viaServer(socketPath: string, command: AdminCommand): Promise<{ ok: boolean; output?: string; error?: string } | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("end", () => resolve(JSON.parse(reply)));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(undefined) : reject(error)));
  });
}

async function main() {
  const command = await parse(process.argv.slice(2));
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await viaServer(controlSocketPath(config.dataDir), command);
    if (answer) {
      if (!answer.ok) throw new Error(answer.error);
      console.log(answer.output);
      return;
    }
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(await runAdminCommand(createServices({ db: database.db, config, now: () => new Date() }), command));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
