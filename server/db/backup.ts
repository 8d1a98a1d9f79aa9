/**
 * Backups of the site's database and restoring them (docs/decisions/044-backups-and-moving-to-postgres.md):
 * the embedded database as a gzipped tar archive of its data directory, PostgreSQL through pg_dump's
 * custom format. Files are rows of the database (decision 024), so either backup holds them.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { chmod, mkdtemp, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { embeddedDatabaseDir, PGLITE_EXTENSIONS, PGLITE_START_PARAMS, type DatabaseHandle } from "./client";
import { makeOwnerOnly } from "../owner-only";
import { lockDataDir } from "./lock";

/** A refusal or failure the operator can act on: the CLI prints its message alone and exits with 1. */
export class OperationError extends Error {
  override name = "OperationError";
}

export interface BackupWritten {
  file: string;
  bytes: number;
  seconds: number;
  /** How long the embedded database's writes waited for the copy of its directory. */
  writesWaitedSeconds?: number;
}

export const describeBackup = ({ file, bytes, seconds, writesWaitedSeconds }: BackupWritten) =>
  `Wrote ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(1)} s` +
  (writesWaitedSeconds === undefined ? "." : `; writes waited ${writesWaitedSeconds.toFixed(1)} s for the copy of the data directory.`);

/** A folder that must exist to hold the backup: a typo in it is refused rather than created. */
function checkDestination(file: string) {
  const folder = path.dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new OperationError(`Cannot write ${file}: the folder ${folder} does not exist.`);
  if (existsSync(file) && statSync(file).isDirectory()) throw new OperationError(`Cannot write ${file}: it is a folder.`);
}

/**
 * Writes `file` whole or not at all: `write` fills a file beside it, made owner-only (a backup holds
 * every personal record of the site), which is then renamed over `file`. A failure removes it.
 */
async function writeAtomically(file: string, write: (aside: string) => Promise<void>): Promise<number> {
  checkDestination(file);
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.partial`);
  try {
    await (await open(aside, "wx", 0o600)).close();
    await write(aside);
    await chmod(aside, 0o600);
    const handle = await open(aside, "r");
    await handle.sync();
    await handle.close();
    await rename(aside, file);
    return statSync(file).size;
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}

/**
 * The files under `directory` as a gzipped ustar archive (the format PGlite's `loadDataDir` reads), written by
 * tar in a process of its own: on the embedded database every write runs on the server's event loop, and an
 * archive read and compressed on that loop too was starved by them (and slowed them) until it took minutes.
 */
async function archiveDirectory(directory: string, file: string): Promise<void> {
  const entries = (await readdir(directory)).sort();
  await runProgram(
    "tar",
    [
      "--create",
      "--gzip",
      "--format=ustar",
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      `--file=${file}`,
      `--directory=${directory}`,
      "--",
      ...entries,
    ],
    process.env,
  );
}

/**
 * A consistent snapshot of the embedded database, gzipped into `file`; the server may keep serving
 * meanwhile. The data directory is copied beside the backup between two transactions (writes wait for
 * that copy only), then archived from the copy.
 */
export async function backupEmbedded(database: DatabaseHandle, file: string): Promise<BackupWritten> {
  if (database.kind === "postgres") throw new OperationError("This database is PostgreSQL: its backup is made with pg_dump (DATABASE_URL set).");
  if (!database.copyDataDir) throw new OperationError("This embedded database is held in memory: it has no data directory to back up.");
  checkDestination(file);
  const started = performance.now();
  const staging = await mkdtemp(path.join(path.dirname(file), `.${path.basename(file)}.snapshot-`));
  try {
    const snapshot = path.join(staging, "db");
    await database.copyDataDir(snapshot);
    const writesWaitedSeconds = (performance.now() - started) / 1000;
    const bytes = await writeAtomically(file, (aside) => archiveDirectory(snapshot, aside));
    return { file, bytes, seconds: (performance.now() - started) / 1000, writesWaitedSeconds };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The PostgreSQL server's address for pg_dump and pg_restore, with the password moved out of sight of `ps`. */
function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const CLIENT_PROGRAMS_HINT =
  "it comes with PostgreSQL's client programs (Debian and Ubuntu: apt-get install postgresql-client, of the server's version or newer)";

const INSTALL_HINTS = {
  pg_dump: CLIENT_PROGRAMS_HINT,
  pg_restore: CLIENT_PROGRAMS_HINT,
  tar: "it comes with every Debian and Ubuntu system (apt-get install tar gzip)",
};

/** Runs a program the backups rely on; its own message (which never holds a password) when it fails. */
function runProgram(program: keyof typeof INSTALL_HINTS, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => (errors += text));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new OperationError(`${program} is not installed: ${INSTALL_HINTS[program]}.`) : error),
    );
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new OperationError(`${program} failed (${signal ?? `exit code ${code}`}): ${errors.trim() || "no message"}`));
    });
  });
}

/** pg_dump's custom format of the whole database: compressed, and pg_restore can take it back in one transaction. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<BackupWritten> {
  const started = performance.now();
  const { dbname, env } = libpqTarget(databaseUrl);
  const bytes = await writeAtomically(file, (aside) => runProgram("pg_dump", ["--format=custom", `--file=${aside}`, `--dbname=${dbname}`], env));
  return { file, bytes, seconds: (performance.now() - started) / 1000 };
}

type BackupKind = "embedded" | "postgres";

/** What a backup file holds, from its first bytes: gzip (the embedded database) or pg_dump's "PGDMP". */
async function backupKindOf(file: string): Promise<BackupKind> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new OperationError(`There is no backup file at ${file}.`);
  const handle = await open(file, "r");
  const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
  await handle.close();
  if (buffer[0] === 0x1f && buffer[1] === 0x8b) return "embedded";
  if (buffer.toString("latin1") === "PGDMP") return "postgres";
  throw new OperationError(`${file} is not a backup made by \`npm run admin -- backup\`.`);
}

/** Restores an embedded backup into DATA_DIR, which must be empty: nothing already there is ever overwritten. */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string> {
  if ((await backupKindOf(file)) === "postgres") {
    throw new OperationError(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty PostgreSQL database.`);
  }
  const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (entries.length > 0) {
    throw new OperationError(
      `DATA_DIR (${dataDir}) is not empty (${entries.slice(0, 3).join(", ")}${entries.length > 3 ? ", …" : ""}): a restore only writes into an empty one, so nothing there is overwritten. Move it aside, or set DATA_DIR to a new folder.`,
    );
  }
  const madeDataDir = !existsSync(dataDir);
  let archive: Buffer;
  try {
    archive = await promisify(gunzip)(await readFile(file));
  } catch {
    throw new OperationError(`${file} is damaged: it does not decompress.`);
  }
  // The lock keeps a server from starting on the database while it is written.
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(path.join(dataDir, "db.lock"));
  try {
    const client = await PGlite.create(embeddedDatabaseDir(dataDir), {
      loadDataDir: new Blob([new Uint8Array(archive)]),
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    });
    let tables: number;
    try {
      tables = await countUserTables((text) => client.query<{ count: number }>(text).then((result) => result.rows));
    } finally {
      await client.close();
    }
    // The archive's modes are those of the database it was taken from: an older site's were 0666.
    makeOwnerOnly(dataDir);
    return `Restored ${file} into ${embeddedDatabaseDir(dataDir)}: ${tables} tables. Start the server on this DATA_DIR (with the same SECRET_KEY as before).`;
  } catch (error) {
    // Leave DATA_DIR as it was found: empty, or absent.
    await rm(madeDataDir ? dataDir : embeddedDatabaseDir(dataDir), { recursive: true, force: true });
    throw error instanceof OperationError ? error : new OperationError(`${file} could not be restored: ${error instanceof Error ? error.message : error}`);
  } finally {
    release();
  }
}

/** Tables and other relations outside PostgreSQL's own schemas: none in a database just created. */
export const USER_RELATIONS_QUERY = `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`;

async function countUserTables(query: (text: string) => Promise<{ count: number }[]>): Promise<number> {
  const [row] = await query(`select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
  return row!.count;
}

/** Refuses a PostgreSQL database that holds anything: a restore or a move writes only into an empty one. */
export async function assertEmptyPostgres(databaseUrl: string, what: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new OperationError(`Cannot connect to the PostgreSQL database: ${error instanceof Error ? error.message : error}`);
  }
  try {
    const { rows } = await client.query<{ count: number }>(USER_RELATIONS_QUERY);
    if (rows[0]!.count > 0) {
      throw new OperationError(
        `The PostgreSQL database is not empty (${rows[0]!.count} tables, sequences or views): ${what} only writes into an empty one, so nothing there is overwritten. Create a new database (createdb) and give its URL.`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_restore into an empty PostgreSQL database, in one transaction: a failure leaves it empty. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<string> {
  if ((await backupKindOf(file)) === "embedded") {
    throw new OperationError(
      `${file} is a backup of the embedded database: restore it with DATABASE_URL unset into an empty DATA_DIR, then move it with move-to-postgres.`,
    );
  }
  await assertEmptyPostgres(databaseUrl, "a restore");
  const { dbname, env } = libpqTarget(databaseUrl);
  await runProgram("pg_restore", ["--exit-on-error", "--single-transaction", "--no-owner", `--dbname=${dbname}`, file], env);
  return `Restored ${file} into the PostgreSQL database. Start the server with this DATABASE_URL (and the same SECRET_KEY as before).`;
}
