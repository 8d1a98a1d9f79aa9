/**
 * Moves the embedded database to an empty PostgreSQL database (docs/decisions/044-backups-and-moving-to-postgres.md):
 * the site's migrations, every table's rows and every sequence's position, in one transaction on the
 * target, then the two sides compared table by table.
 */
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { getConstructionPlans } from "pg-boss";
import { assertEmptyPostgres, OperationError } from "./backup";
import { migrationsFolder, queryRows, type DatabaseHandle, type Executor } from "./client";

/** Runs one statement of plain SQL and returns its rows: the same shape over PGlite and node-postgres. */
export type RunQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface Table {
  oid: number;
  schema: string;
  name: string;
  /** The columns written on a copy: generated ones are computed again by the target. */
  columns: string[];
  hasBytes: boolean;
}
const qualified = (relation: { schema: string; name: string }) => `${quoteName(relation.schema)}.${quoteName(relation.name)}`;

/**
 * Text is how every value travels, as PostgreSQL prints and reads it back exactly; these settings make
 * the printed form the same on both sides (times in UTC, bytes as hex), for the copy and the checksums.
 */
const SAME_TEXT_SETTINGS = [
  "set timezone = 'UTC'",
  "set datestyle = 'ISO, YMD'",
  "set intervalstyle = 'postgres'",
  "set extra_float_digits = 1",
  "set bytea_output = 'hex'",
];

// pg-boss's test clock keeps a table of its own in the queue's schema, which only a test's database has.
const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  and c.relname <> '__pgboss_test_clock'`;

/** Every table of the database, from its catalog, each after the tables its foreign keys point to. */
export async function tablesInCopyOrder(run: RunQuery): Promise<Table[]> {
  const relations = await run(`select c.oid::int as oid, n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS} order by n.nspname, c.relname`);
  const columns = await run(`select a.attrelid::int as oid, a.attname as name, a.atttypid = 'bytea'::regtype as bytes from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and ${USER_SCHEMAS} and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attrelid, a.attnum`);
  // A partition's keys count as its partitioned table's, which is what is copied (the job queue's jobs).
  const references = await run(`select child::int, parent::int from (
      select coalesce(i.inhparent, k.conrelid) as child, k.confrelid as parent from pg_constraint k left join pg_inherits i on i.inhrelid = k.conrelid
      where k.contype = 'f') as edge
    where child <> parent`);
  const tables = new Map<number, Table>(
    relations.map((row) => {
      const own = columns.filter((column) => column.oid === row.oid);
      const table = { oid: Number(row.oid), schema: String(row.schema), name: String(row.name) };
      return [table.oid, { ...table, columns: own.map((column) => String(column.name)), hasBytes: own.some((column) => column.bytes === true) }];
    }),
  );
  const ordered: Table[] = [];
  const placed = new Set<number>();
  while (placed.size < tables.size) {
    const ready = [...tables.values()].filter(
      (table) => !placed.has(table.oid) && references.every((edge) => edge.child !== table.oid || placed.has(Number(edge.parent))),
    );
    if (ready.length === 0) throw new OperationError("The tables' foreign keys form a cycle: no order copies them one after another.");
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.oid);
    }
  }
  return ordered;
}

interface Sequence {
  schema: string;
  name: string;
}

async function sequencesOf(run: RunQuery): Promise<Sequence[]> {
  const rows = await run(`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and ${USER_SCHEMAS} order by n.nspname, c.relname`);
  return rows.map((row) => ({ schema: String(row.schema), name: String(row.name) }));
}

async function positionOf(run: RunQuery, sequence: Sequence): Promise<{ lastValue: string; isCalled: boolean }> {
  const [row] = await run(`select last_value::text as last_value, is_called from ${qualified(sequence)}`);
  return { lastValue: String(row!.last_value), isCalled: row!.is_called === true };
}

/** The value a sequence hands out next: what a new row's id will be. */
async function nextValueOf(run: RunQuery, sequence: Sequence): Promise<string> {
  const { lastValue, isCalled } = await positionOf(run, sequence);
  return String(isCalled ? BigInt(lastValue) + 1n : BigInt(lastValue));
}

export interface TableFigures {
  table: string;
  rows: number;
  /** md5 over the md5 of each row's text, in the order of those: the same rows give the same figure whatever their order on disk. */
  checksum: string;
}

/**
 * Each table's row count and checksum, the figures a copy is compared by. The checksum covers the columns
 * a copy writes: generated ones are computed by each side's own PostgreSQL, and the stemmer differs between
 * versions (the embedded PostgreSQL 18 stems "adds" to 'add', PostgreSQL 15 to 'ad').
 */
export async function tableFigures(run: RunQuery, tables: Pick<Table, "schema" | "name" | "columns">[]): Promise<TableFigures[]> {
  for (const setting of SAME_TEXT_SETTINGS) await run(setting);
  const figures: TableFigures[] = [];
  for (const table of tables) {
    const row = table.columns.length > 0 ? `row(${table.columns.map((column) => `t.${quoteName(column)}`).join(", ")})::text` : "''";
    const [totals] = await run(
      `select count(*)::int as rows, coalesce(md5(string_agg(row_hash, '' order by row_hash)), '') as checksum
       from (select md5(${row}) as row_hash from ${qualified(table)} as t) as hashed`,
    );
    figures.push({ table: `${table.schema}.${table.name}`, rows: Number(totals!.rows), checksum: String(totals!.checksum) });
  }
  return figures;
}

/** Plain SQL on a database handle or one of its transactions. */
export const runOn =
  (executor: Executor): RunQuery =>
  (text) =>
    queryRows<Record<string, unknown>>(executor, sql.raw(text));

/** Rows a statement may carry: bounded by PostgreSQL's 65,535 parameters, and for files (256 KB a chunk) by memory. */
const rowsPerStatement = (table: Table) => (table.hasBytes ? 8 : Math.max(1, Math.min(500, Math.floor(60_000 / Math.max(1, table.columns.length)))));

/** Copies one table's rows from the source's cursor into the target, batch by batch. */
async function copyRows(source: RunQuery, target: pg.ClientBase, table: Table): Promise<number> {
  if (table.columns.length === 0) return 0;
  const batch = rowsPerStatement(table);
  const columnList = table.columns.map(quoteName).join(", ");
  await source(
    `declare copy_rows no scroll cursor for select ${table.columns.map((column) => `${quoteName(column)}::text as ${quoteName(column)}`).join(", ")} from ${qualified(table)}`,
  );
  let copied = 0;
  try {
    for (;;) {
      const rows = await source(`fetch ${batch} from copy_rows`);
      if (rows.length === 0) break;
      const values: unknown[] = [];
      const tuples = rows.map((row) => {
        const placeholders = table.columns.map((column) => `$${values.push(row[column])}`);
        return `(${placeholders.join(", ")})`;
      });
      await target.query(`insert into ${qualified(table)} (${columnList}) overriding system value values ${tuples.join(", ")}`, values);
      copied += rows.length;
    }
  } finally {
    await source("close copy_rows");
  }
  return copied;
}

/**
 * The site's migrations in the target's open transaction, so a failed move leaves nothing behind; the
 * bookkeeping table is made as drizzle's migrator makes it, and its rows come over with the others.
 */
async function createSchema(target: pg.ClientBase) {
  await target.query(`create schema if not exists "drizzle"`);
  await target.query(`create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    for (const statement of migration.sql) if (statement.trim()) await target.query(statement);
  }
  // The job queue's tables (decision 061), as the same version of pg-boss makes them; its rows come over with the others.
  await target.query(getConstructionPlans("pgboss"));
}

export interface MoveReport {
  tables: (TableFigures & { targetChecksum: string; targetRows: number })[];
  sequences: { sequence: string; nextValue: string; targetNextValue: string }[];
  matches: boolean;
}

/** Copies everything in `source` (the embedded database, migrated to the newest) into the empty PostgreSQL database at `targetUrl`. */
export async function moveToPostgres(source: DatabaseHandle, targetUrl: string): Promise<MoveReport> {
  await assertEmptyPostgres(targetUrl, "a move");
  await source.migrate();
  const target = new pg.Client({ connectionString: targetUrl, connectionTimeoutMillis: 5000 });
  target.on("error", () => {});
  await target.connect();
  const runTarget: RunQuery = async (text, params) => (await target.query(text, params)).rows;
  try {
    // The source's cursor lives in a transaction; nothing else writes to it (the move holds its lock).
    const { tables, sequences } = await source.db.transaction(async (tx) => {
      const runSource = runOn(tx);
      for (const setting of SAME_TEXT_SETTINGS) {
        await runSource(setting);
        await runTarget(setting);
      }
      const tables = await tablesInCopyOrder(runSource);
      const sequences = await sequencesOf(runSource);
      await target.query("begin");
      try {
        await createSchema(target);
        // Rows the migrations wrote (the default meeting settings) give way to the source's own.
        await target.query(`truncate ${tables.map(qualified).join(", ")}`);
        // Triggers that fill search columns already did so on the source; run again they would add twice.
        for (const table of tables) await target.query(`alter table ${qualified(table)} disable trigger user`);
        for (const table of tables) await copyRows(runSource, target, table);
        for (const table of tables) await target.query(`alter table ${qualified(table)} enable trigger user`);
        for (const sequence of sequences) {
          const { lastValue, isCalled } = await positionOf(runSource, sequence);
          await target.query("select setval($1::regclass, $2::bigint, $3::boolean)", [qualified(sequence), lastValue, isCalled]);
        }
        await target.query("commit");
      } catch (error) {
        await target.query("rollback").catch(() => {});
        throw error;
      }
      return { tables, sequences };
    });
    const [sourceFigures, targetFigures] = [await tableFigures(runOn(source.db), tables), await tableFigures(runTarget, tables)];
    const report: MoveReport = {
      tables: sourceFigures.map((figures, index) => ({ ...figures, targetRows: targetFigures[index]!.rows, targetChecksum: targetFigures[index]!.checksum })),
      sequences: [],
      matches: true,
    };
    for (const sequence of sequences) {
      report.sequences.push({
        sequence: `${sequence.schema}.${sequence.name}`,
        nextValue: await nextValueOf(runOn(source.db), sequence),
        targetNextValue: await nextValueOf(runTarget, sequence),
      });
    }
    report.matches =
      report.tables.every((table) => table.rows === table.targetRows && table.checksum === table.targetChecksum) &&
      report.sequences.every((sequence) => sequence.nextValue === sequence.targetNextValue);
    return report;
  } finally {
    await target.end().catch(() => {});
  }
}

/** The report as the CLI prints it: one line per table and sequence, both sides' figures. */
export function describeMove(report: MoveReport): string {
  const rows = report.tables.map((table) => [
    table.table,
    String(table.rows),
    String(table.targetRows),
    table.checksum,
    table.checksum === table.targetChecksum && table.rows === table.targetRows ? "same" : "DIFFERENT",
  ]);
  const sequenceRows = report.sequences.map((sequence) => [
    sequence.sequence,
    `next ${sequence.nextValue}`,
    `next ${sequence.targetNextValue}`,
    "",
    sequence.nextValue === sequence.targetNextValue ? "same" : "DIFFERENT",
  ]);
  const header = ["TABLE / SEQUENCE", "EMBEDDED", "POSTGRESQL", "CHECKSUM (md5 of the rows' md5s)", ""];
  const lines = [header, ...rows, ...sequenceRows];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const table = lines
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
  const totalRows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  const verdict = report.matches
    ? `Moved ${report.tables.length} tables (${totalRows} rows) and ${report.sequences.length} sequences; both sides match. Start the server with DATABASE_URL set to this database.`
    : "The copy does not match the embedded database (lines marked DIFFERENT). Do not start on it: drop the PostgreSQL database, create it again and move once more.";
  return `${table}\n\n${verdict}`;
}
