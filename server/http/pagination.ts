import { ilike, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { Page, PageQuery } from "#contracts/admin-business.ts";

/** Rows to skip for the page asked for. */
export const offsetOf = (query: PageQuery) => (query.page - 1) * query.per_page;

/** One page in the shape every paged admin list answers with. */
export const pageOf = <T>(results: T[], count: number, query: PageQuery): Page<T> => ({
  results,
  count,
  page: query.page,
  pages: Math.max(1, Math.ceil(count / query.per_page)),
});

/** The fewest rows a capped count counts before it says "more". */
export const COUNT_CAP = 1000;

/**
 * How many rows to count for a page of a list that may match very many: exactly up to the cap, or
 * to the end of this page when it lies beyond, and one more to know whether there are others.
 */
export const countLimitOf = (query: PageQuery) => Math.max(COUNT_CAP, offsetOf(query) + query.per_page) + 1;

/** A page whose count stopped at `countLimitOf`: past the cap it says "more", and offers the next page. */
export function cappedPageOf<T>(results: T[], counted: number, query: PageQuery): Page<T> {
  const cap = countLimitOf(query) - 1;
  if (counted <= cap) return pageOf(results, counted, query);
  return { results, count: cap, page: query.page, pages: Math.max(query.page + 1, Math.ceil(cap / query.per_page)), more: true };
}

/**
 * A list's search: rows where any of the columns holds the typed text, case aside. The text is
 * matched as written: % and _ are not wildcards here.
 */
export function searchFor(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
