import { ilike, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { Page, PageQuery } from "@contracts/admin-business";

/** Rows to skip for the page asked for. */
export const offsetOf = (query: PageQuery) => (query.page - 1) * query.per_page;

/** One page in the shape every paged admin list answers with. */
export const pageOf = <T>(results: T[], count: number, query: PageQuery): Page<T> => ({
  results,
  count,
  page: query.page,
  pages: Math.max(1, Math.ceil(count / query.per_page)),
});

/**
 * A list's search: rows where any of the columns holds the typed text, case aside. The text is
 * matched as written: % and _ are not wildcards here.
 */
export function searchFor(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
