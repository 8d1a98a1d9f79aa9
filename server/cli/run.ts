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
 *   backup FILE
 *   restore FILE
 *   move-to-postgres DATABASE_URL
 */
import { connect } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { AdminRoleSchema } from "#contracts/admin-team.ts";
import { loadConfig, type Config } from "../config";
import { embeddedDatabaseExists, openDatabase } from "../db/client";
import { backupPostgres, describeBackup, OperationError, restoreEmbedded, restorePostgres } from "../db/backup";
import { DataDirLockedError } from "../db/lock";
import { describeMove, moveToPostgres } from "../db/move-to-postgres";
import Fastify from "fastify";
import { openServices } from "../services";
import { controlSocketPath } from "../control";
import { OWNER_ONLY_UMASK } from "../owner-only";
import { runAdminCommand, type AdminCommand } from "./commands";

const USAGE = `Usage:
  npm run admin -- create-admin --username U --email E [--role owner|editor|recruiter|support]
      (password from ADMIN_PASSWORD, else asked for; the first admin is an owner whatever --role says, later ones support unless --role says)
  npm run admin -- devices list
  npm run admin -- devices approve ID
  npm run admin -- devices revoke ID
  npm run admin -- unlock USERNAME-OR-EMAIL   (clears the failed sign-ins of an admin or a site account)
  npm run admin -- two-factor-off USERNAME   (for an admin who lost both the authenticator and the recovery codes)
  npm run admin -- backup FILE   (the whole database, files included, while the server runs or not; pg_dump on PostgreSQL)
  npm run admin -- restore FILE   (into an empty DATA_DIR, or with DATABASE_URL into an empty PostgreSQL database)
  npm run admin -- move-to-postgres postgres://…   (copies the embedded database into an empty PostgreSQL database; the server stopped)`;

/** Commands the CLI runs itself, never handed to a running server: both need the database to themselves. */
type LocalCommand = { name: "restore"; file: string } | { name: "move-to-postgres"; targetUrl: string };

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

async function parse(args: string[]): Promise<AdminCommand | LocalCommand> {
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
  if (args.length === 2 && (first === "backup" || first === "restore") && second) return { name: first, file: path.resolve(second) };
  if (args.length === 2 && first === "move-to-postgres" && second) {
    if (!/^postgres(ql)?:\/\//.test(second))
      throw new OperationError("move-to-postgres needs the PostgreSQL database's URL: postgres://user:password@host:5432/name");
    return { name: "move-to-postgres", targetUrl: second };
  }
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

/** The embedded database in DATA_DIR, opened by this process; refused while a server holds it, and never created here. */
async function openEmbedded(config: Config, purpose: string) {
  if (!embeddedDatabaseExists(config.dataDir)) throw new OperationError(`There is no embedded database in DATA_DIR (${config.dataDir}) to ${purpose}.`);
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new OperationError(`To ${purpose}, the server must be stopped. ${error.message}`);
    throw error;
  }
}

async function moveToPostgresCommand(config: Config, targetUrl: string) {
  if (config.databaseUrl) {
    throw new OperationError("move-to-postgres copies the embedded database in DATA_DIR: run it with DATABASE_URL unset (the target's URL is its argument).");
  }
  const database = await openEmbedded(config, "move it to PostgreSQL");
  try {
    const report = await moveToPostgres(database, targetUrl);
    console.log(describeMove(report));
    if (!report.matches) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

async function main() {
  process.umask(OWNER_ONLY_UMASK);
  const command = await parse(process.argv.slice(2));
  // A restore signs nothing; loading the configuration as usual would write a development secret into
  // the DATA_DIR that must be found empty (the server makes its own at its first start).
  const config = loadConfig(
    command.name === "restore" ? { ...process.env, SECRET_KEY: process.env.SECRET_KEY ?? "a-restore-needs-no-secret".repeat(2) } : process.env,
  );
  if (command.name === "restore") {
    console.log(config.databaseUrl ? await restorePostgres(config.databaseUrl, command.file) : await restoreEmbedded(config.dataDir, command.file));
    return;
  }
  if (command.name === "move-to-postgres") return moveToPostgresCommand(config, command.targetUrl);
  if (command.name === "backup" && config.databaseUrl) {
    console.log(describeBackup(await backupPostgres(config.databaseUrl, command.file)));
    return;
  }
  if (!config.databaseUrl) {
    const answer = await viaServer(controlSocketPath(config.dataDir), command);
    if (answer) {
      if (!answer.ok) throw new Error(answer.error);
      console.log(answer.output);
      return;
    }
  }
  // A backup takes the database as it is; the other commands need it as this code expects it.
  const database = command.name === "backup" ? await openEmbedded(config, "back it up") : await openDatabase(config);
  try {
    if (command.name !== "backup") await database.migrate();
    const { services, close } = await openServices(database, config, Fastify({ logger: { level: "warn" } }).log);
    try {
      console.log(await runAdminCommand({ services, database }, command));
    } finally {
      await close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
