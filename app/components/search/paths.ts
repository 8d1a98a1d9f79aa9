/** The results page's address for a query, and a page of it. */
export const searchPath = (query: string, page = 1) => `/search?${new URLSearchParams({ q: query, ...(page > 1 ? { page: String(page) } : {}) })}`;
