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
