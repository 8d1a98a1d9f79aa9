import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import CircuitBreaker from "opossum";
import pg from "pg";
import { fromPglite } from "pg-boss";
import { installJobQueue, type JobConnection } from "../jobs/queue";
import { jobQueues } from "./job-queues";
import * as schema from "./schema";
import { makeOwnerOnly } from "../owner-only";
import { lockDataDir } from "./lock";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: service functions take either, so callers can group writes. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  /** Applies pending migrations, the job queue's among them. */
  migrate(): Promise<void>;
  /** How the job queue reaches this database. */
  jobConnection: JobConnection;
  /** Runs start-up work (such as seeding) in one instance at a time, when several start together. */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Copies the embedded database's data directory into the new folder `into`, at a moment between
   * transactions (PGlite on disk only; PostgreSQL is backed up with pg_dump).
   */
  copyDataDir?(into: string): Promise<void>;
  close(): Promise<void>;
  /** Hears how long each statement took, in seconds (for the metrics). */
  observeQueries?(observer: QueryObserver): void;
  /** The pool's connections, on PostgreSQL. */
  pool?(): { total: number; idle: number; waiting: number };
}

export type QueryObserver = (seconds: number) => void;

/** Times a statement's promise for whoever listens; the statement's own outcome is untouched. */
function timed<T>(observer: QueryObserver | undefined, run: () => T): T {
  if (!observer) return run();
  const started = performance.now();
  const result = run();
  if (result instanceof Promise) {
    const done = () => observer((performance.now() - started) / 1000);
    result.then(done, done);
  }
  return result;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Whether the database already has the newest migration, in one query: drizzle's migrator creates its
 * schema and table and opens a transaction even when there is nothing to apply, which a restart on an
 * existing data directory need not pay for.
 */
async function hasEveryMigration(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await query("select max(created_at) as applied from drizzle.__drizzle_migrations");
    return Number((rows[0] as { applied: unknown } | undefined)?.applied ?? 0) >= newest;
  } catch {
    return false; // a new database: no migrations table yet
  }
}

/**
 * PostgreSQL's default 128 MB of shared buffers is resident memory inside PGlite's WebAssembly heap;
 * the site's working set fits in far less (docs/decisions/012-embedded-database-memory.md). Its pages
 * come from the operating system's cache or an SSD, where a random read costs little more than a
 * sequential one (the usual setting for SSDs): at the default cost of a disk seek the planner sorted
 * 77,000 closed enquiries rather than walk the index that holds their order (decision 038).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "random_page_cost=1.1"];

/** The extensions the migrations create: pg_trgm for the site search's typo tolerance. Every PGlite is opened with them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite sends bytea parameters as hex text built through `Array.from(bytes).map(...)`: one string per
 * byte, megabytes of heap for a chunk of a file. Handed on as they are, the bytes go to the database as
 * a binary parameter instead, and hex coming back is decoded natively.
 */
function passBytesAsBinary(client: PGlite) {
  client.serializers[types.BYTEA] = ((bytes: Uint8Array) => bytes) as unknown as types.Serializer;
  client.parsers[types.BYTEA] = (hex: string) => Buffer.from(hex.slice(2), "hex");
}

/** Every statement drizzle sends goes through `query`, or a transaction's own `query`. */
function timePgliteQueries(client: PGlite, observer: () => QueryObserver | undefined) {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => timed(observer(), () => query(...args))) as PGlite["query"];
  client.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof tx.query>) => timed(observer(), () => txQuery(...args))) as typeof tx.query;
      return callback(tx);
    })) as PGlite["transaction"];
}

/** The handle of an embedded database; `directory` is its data directory, when it is on disk. */
export function pgliteHandle(client: PGlite, release: () => void = () => {}, directory?: string): DatabaseHandle {
  passBytesAsBinary(client);
  let observer: QueryObserver | undefined;
  timePgliteQueries(client, () => observer);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const jobConnection: JobConnection = () => ({ db: fromPglite(client), backend: "pglite" });
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    migrate: async () => {
      if (!(await hasEveryMigration((text) => client.query(text)))) await migratePglite(drizzlePglite(client), { migrationsFolder });
      await installJobQueue(jobConnection, jobQueues);
    },
    jobConnection,
    // The data-directory lock already makes this process the only one.
    exclusively: (work) => work(),
    // PGlite runs one statement at a time, but another caller's statement may fall between two of a
    // transaction's: inside a transaction of its own the copy holds PGlite's transaction turn, so every
    // other transaction (and every single statement) waits until the files are copied, and none is caught
    // halfway; committed work is in the write-ahead log, which the copy's first start replays. The
    // event loop keeps turning meanwhile (health checks, cached pages). PGlite's own dumpDataDir builds
    // the archive in memory, about three times the directory's size: 966 MB resident for a 365 MB one.
    ...(directory ? { copyDataDir: (into: string) => client.transaction(() => cp(directory, into, { recursive: true })) } : {}),
    close: async () => {
      await client.close();
      release();
    },
    observeQueries: (listener) => void (observer = listener),
  };
}

/** A server that is down refuses at once; one that does not answer at all is given up on after this. */
const CONNECT_TIMEOUT_MS = 3000;
/** Under load a request may queue for a pooled connection this long before it is answered 503. */
const POOL_WAIT_MS = 10_000;

/**
 * Once a connection attempt has failed, further ones fail at once with code EOPENBREAKER for this long,
 * then a single attempt is let through (opossum's half-open state): while the database is down each
 * request that needs it is answered 503 within its own turn of the event loop instead of queueing for
 * a socket's refusal behind whatever else the loop is doing, and a database that is starting again is
 * not met by every waiting request at once.
 */
const REFUSE_AFTER_FAILED_CONNECT_MS = 500;

/**
 * pg-pool uses one timeout both to connect and to wait in its queue; connecting keeps the short one.
 * A connection that dies while checked out (inside a transaction, between two statements) emits
 * "error" with no pool listener attached: the statement in hand fails with it anyway, and without a
 * listener of our own the event would end the process.
 */
function pooledClient(observer: () => QueryObserver | undefined, connecting: CircuitBreaker<[() => Promise<unknown>], unknown>) {
  return class PooledClient extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      this.on("error", () => {});
    }

    override connect(...args: unknown[]): never {
      const connected = connecting.fire(() => super.connect());
      const callback = args[0] as ((error?: unknown) => void) | undefined;
      if (!callback) return connected as never;
      connected.then(() => callback(), callback);
      return undefined as never;
    }

    override query(...args: unknown[]): never {
      return timed(observer(), () => (super.query as (...a: unknown[]) => unknown)(...args)) as never;
    }
  };
}

export function postgresHandle(connectionString: string): DatabaseHandle {
  let observer: QueryObserver | undefined;
  const connecting = new CircuitBreaker((connect: () => Promise<unknown>) => connect(), {
    errorThresholdPercentage: 0,
    resetTimeout: REFUSE_AFTER_FAILED_CONNECT_MS,
    // The driver's own connect timeout applies.
    timeout: false,
  });
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    Client: pooledClient(() => observer, connecting) as unknown as new () => pg.ClientBase,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const jobConnection: JobConnection = (connections) => ({ connectionString, max: connections });
  return {
    db,
    kind: "postgres",
    // On a connection of its own: a pool busy with requests says nothing about whether the database answers.
    // A database that answers it is back, so requests connect again at once: a site reported ready serves.
    ping: async () => {
      await pingOnce(connectionString);
      connecting.close();
    },
    migrate: async () => {
      if (!(await hasEveryMigration((text) => pool.query(text))))
        await withAdvisoryLock(connectionString, MIGRATION_LOCK, (client) => migratePg(drizzlePg(client), { migrationsFolder }));
      await installJobQueue(jobConnection, jobQueues);
    },
    jobConnection,
    exclusively: (work) => withAdvisoryLock(connectionString, STARTUP_LOCK, work),
    close: () => pool.end(),
    observeQueries: (listener) => void (observer = listener),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, "db");

/** Whether DATA_DIR already holds an embedded database: PostgreSQL marks its data directory with PG_VERSION. */
export const embeddedDatabaseExists = (dataDir: string) => existsSync(path.join(embeddedDatabaseDir(dataDir), "PG_VERSION"));

/** Opens the configured database: PostgreSQL when a URL is given, else the embedded one in DATA_DIR/db, all of DATA_DIR made owner-only. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl);
  mkdirSync(options.dataDir, { recursive: true });
  const release = lockDataDir(path.join(options.dataDir, "db.lock"));
  try {
    const directory = embeddedDatabaseDir(options.dataDir);
    const client = await PGlite.create(directory, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
    // Whoever opens it (the server, the process preparing a new database, the admin CLI) leaves DATA_DIR as
    // it should be, whatever PGlite, an older version of the site, a copy or a move made of it.
    makeOwnerOnly(options.dataDir);
    return pgliteHandle(client, release, directory);
  } catch (error) {
    release();
    throw error;
  }
}

async function pingOnce(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => {});
  }
}

const MIGRATION_LOCK = 727274;
const STARTUP_LOCK = 727280;

/** Holds a session advisory lock on one dedicated connection while the work runs, so instances starting together take turns. */
async function withAdvisoryLock<T>(connectionString: string, key: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The rows of a raw query: both drivers answer `execute` with `{ rows }`, which the shared database type leaves unknown. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Whether a statement failed with PostgreSQL's error `code` ("23P01" an exclusion constraint, "23505"
 * a unique key), as either driver reports it, through the query builder's wrapping.
 */
export function failedWith(error: unknown, code: string): boolean {
  let cause = error;
  for (let depth = 0; depth < 5 && cause instanceof Object; depth++, cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === code) return true;
  }
  return false;
}
