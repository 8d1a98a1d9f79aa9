/** The spec shows at most 5 numbered page buttons. */
export const PAGE_BUTTONS = 5;

export const totalPages = (count: number, perPage: number) => Math.ceil(count / perPage);

/**
 * The numbered pages to show (spec section 9): pages 1–5 when there are at most 5 or the current page
 * is 3 or less; the last five when the current page is within 2 of the end; otherwise current −2 to +2.
 */
export function pageWindow(current: number, total: number): number[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= PAGE_BUTTONS) return range(1, total);
  if (current <= 3) return range(1, PAGE_BUTTONS);
  if (current >= total - 2) return range(total - PAGE_BUTTONS + 1, total);
  return range(current - 2, current + 2);
}

/** The address of a list page: page 1 and the All category are left out, so each page has one URL. */
export function blogListPath(category: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}
