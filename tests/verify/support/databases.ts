import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../../server/db/client";
import { freePort } from "../../helpers/port";
import { withDatabase } from "../../setup/database";

export const machinePostgres = process.env.TEST_DATABASE_URL;
export const machineRedis = process.env.TEST_REDIS_URL;

/** A new, empty database on the machine's PostgreSQL for one test; the app migrates it at start. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `himal_verify_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: machinePostgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(machinePostgres!, name),
    async drop() {
      const client = new pg.Client({ connectionString: machinePostgres });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const PG_BIN = "/usr/lib/postgresql/15/bin";
/** The PostgreSQL server programs, to run a private server; the restart drill needs them. */
export const postgresBinaries = existsSync(path.join(PG_BIN, "initdb"));
const asRoot = process.getuid?.() === 0;

/**
 * A PostgreSQL server of the test's own, to stop and start under load without disturbing the
 * machine's. initdb refuses to run as root, so as root it runs as the postgres user in a directory that user owns.
 */
export async function privatePostgres() {
  const dir = mkdtempSync(path.join(tmpdir(), "himal-pg-"));
  if (asRoot)
    chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), Number(execFileSync("id", ["-g", "postgres"]).toString().trim()));
  const port = await freePort();
  // Asynchronously: the load generator in this process keeps timing its requests meanwhile.
  const asPostgres = (command: string, args: string[]) =>
    asRoot
      ? promisify(execFile)("runuser", ["-u", "postgres", "--", path.join(PG_BIN, command), ...args])
      : promisify(execFile)(path.join(PG_BIN, command), args);
  const dataDir = path.join(dir, "data");
  await asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const ctl = (...args: string[]) => asPostgres("pg_ctl", ["-D", dataDir, "-l", path.join(dir, "server.log"), "-w", ...args]);
  const start = () => ctl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start");
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** As a crash would: no checkpoint, every connection cut. */
    crash: () => ctl("-m", "immediate", "stop"),
    start,
    async destroy() {
      await ctl("-m", "immediate", "stop").catch(() => {}); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface StoredRows {
  enquiries: string[];
  applications: string[];
  subscriptions: string[];
  /** Rows that break what a transaction promises: an application without its résumé bytes, an enquiry without its two mails (the acknowledgement to the sender, the inbox mail linking to it). */
  halfWritten: string[];
  outbox: { status: string; count: number }[];
  /** Each application's résumé as stored, by its SHA-256 in hex. */
  resumeDigests: Record<string, string>;
}

const STORED_ROWS_SQL = {
  enquiries: "select id::text as id from enquiries",
  applications: "select id::text as id from career_applications",
  subscriptions: "select email as id from newsletter_subscriptions",
  halfWritten: `
    select 'application ' || a.id as id from career_applications a left join career_resumes r on r.id = a.resume_id
      left join (select resume_id, sum(octet_length(data)) as stored from career_resume_chunks group by resume_id) c on c.resume_id = r.id
      where r.id is null or r.size <> coalesce(c.stored, 0) or r.size = 0
    union all
    select 'enquiry ' || e.id from enquiries e
      left join outbox o on o.created_at = e.created_at
        and (o."to" = e.email or position('/admin/enquiries/' || e.id || E'\n' in o.text) > 0)
      group by e.id having count(o.id) < 2`,
  outbox: "select status, count(*)::int as count from outbox group by status order by status",
  resumeDigests: `
    select a.id::text as id, encode(sha256(string_agg(c.data, ''::bytea order by c.seq)), 'hex') as digest
      from career_applications a join career_resume_chunks c on c.resume_id = a.resume_id group by a.id`,
};

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function readRows(query: Query): Promise<StoredRows> {
  const ids = async (text: string) => (await query(text)).rows.map((row) => String(row.id));
  return {
    enquiries: await ids(STORED_ROWS_SQL.enquiries),
    applications: await ids(STORED_ROWS_SQL.applications),
    subscriptions: await ids(STORED_ROWS_SQL.subscriptions),
    halfWritten: await ids(STORED_ROWS_SQL.halfWritten),
    outbox: (await query(STORED_ROWS_SQL.outbox)).rows as StoredRows["outbox"],
    resumeDigests: Object.fromEntries((await query(STORED_ROWS_SQL.resumeDigests)).rows.map((row) => [String(row.id), String(row.digest)])),
  };
}

export async function postgresRows(url: string): Promise<StoredRows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readRows((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** The embedded database belongs to its server: read it only once that server has stopped. */
export async function pgliteRows(dataDir: string): Promise<StoredRows> {
  const database = await openDatabase({ dataDir });
  try {
    return await readRows(async (text) => (await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] });
  } finally {
    await database.close();
  }
}
