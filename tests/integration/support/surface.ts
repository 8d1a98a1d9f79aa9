import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { FastifySchema } from "fastify";
import { z } from "zod";
import type { App } from "../../../server/app";
import type { DatabaseHandle } from "../../../server/db/client";
import * as schema from "../../../server/db/schema";

export type Audience = "public" | "account" | "admin";

export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Fastify's pattern, e.g. /api/blog/posts/:id/ */
  url: string;
  audience: Audience;
  schema?: FastifySchema;
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Who a call is for, judged from where it lives (docs/design.md §3): the admin calls sit under /api/admin/,
 * /api/posts/ and /api/categories/; two of those take no session by design: the sign-in itself and the
 * mailed device-approval link, whose token is the authority.
 */
export function audienceOf(url: string): Audience {
  if (url === "/api/admin/device-approvals/:token/") return "public";
  if (/^\/api\/(admin\/|posts\/|categories\/)/.test(url)) return "admin";
  if (/^\/api\/(accounts|token)\//.test(url)) return "account";
  return "public";
}

/**
 * Every call the app serves, as it registered them (with their input schemas), so a call added later is
 * covered without touching the tests. Catch-alls (`/api/*`, the pages' `/*`) are left out: the first
 * answers 404 to anything, the second is the site, not an API call.
 */
export function routesOf(app: App): ApiRoute[] {
  const routes = app.registeredCalls
    .filter((call) => METHODS.has(call.method) && !call.url.includes("*"))
    .map((call): ApiRoute => ({ method: call.method as ApiRoute["method"], url: call.url, audience: audienceOf(call.url), schema: call.schema }));
  if (routes.length === 0) throw new Error("No calls registered: the boundary no longer records them.");
  return routes;
}

const keysOf = (schema: unknown) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** The named fields of a call's input, by where they travel, as its schemas declare them. */
export function declaredFields(route: ApiRoute): { path: string[]; query: string[]; body: string[] } {
  return { path: pathParameters(route.url), query: keysOf(route.schema?.querystring), body: keysOf(route.schema?.body) };
}

export const pathParameters = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

export const fillPath = (url: string, values: Record<string, string>) => url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "x");

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/**
 * Tables a refused request may write to by design: failed sign-ins are counted to slow down the
 * source that makes them; that count is the defence, not something the visitor stored.
 */
const SECURITY_LEDGERS = new Set(["login_throttle"]);

export const businessTables = tables.map((table) => getTableName(table)).filter((name) => !SECURITY_LEDGERS.has(name));

/** The number of rows in every business table, in one query. */
export async function rowCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  const query = businessTables.map((name) => `select '${name}' as name, count(*)::int as rows from "${name}"`).join(" union all ");
  const result = await database.db.execute(sql.raw(query));
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as { name: string; rows: number }[];
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
}

/**
 * Records every row inserted into a business table, in the inserting transaction (so a rolled-back
 * insert leaves no record): cheaper than counting every table around each of thousands of requests.
 */
export async function watchInserts(database: DatabaseHandle) {
  const run = async (query: string) => ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
  await run("create table if not exists test_inserted_rows (id bigserial primary key, table_name text not null)");
  await run(`create or replace function test_record_insert() returns trigger language plpgsql as $$
    begin insert into test_inserted_rows (table_name) values (tg_table_name); return null; end $$`);
  for (const name of businessTables)
    await run(`create trigger test_record_insert after insert on "${name}" for each row execute function test_record_insert()`);
  return {
    /** A watermark: inserts after it are the ones `since` reports. */
    async mark(): Promise<number> {
      return Number((await run("select coalesce(max(id), 0) as id from test_inserted_rows"))[0]!.id);
    },
    async since(mark: number): Promise<string[]> {
      return (await run(`select table_name from test_inserted_rows where id > ${Number(mark)} order by id`)).map((row) => String(row.table_name));
    },
  };
}

/** The field names of every payload in contracts/, so generated bodies reach past "unknown key" into the real fields. */
export function contractFieldNames(): string[] {
  const modules = import.meta.glob<Record<string, unknown>>(["../../../contracts/*.ts", "!../../../contracts/*.test.ts"], { eager: true });
  const names = new Set<string>();
  for (const module of Object.values(modules)) {
    for (const value of Object.values(module)) {
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
    }
  }
  return [...names].sort();
}
