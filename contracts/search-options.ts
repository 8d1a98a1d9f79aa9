/**
 * The search's kinds and limits as plain values, kept apart from the schemas so that the header's box
 * and the /search page do not load the validation library (decision 020).
 */

/** What the site's search finds: a page of the site, a blog post, an open job, an answer staff added to the FAQ. */
export const SEARCH_KINDS = ["page", "post", "job", "answer"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query or assistant question, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Results the header's box shows as the visitor types. */
export const INSTANT_RESULTS = 8;
/** Results on a page of /search. */
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_PAGE_MAX = 50;
/** Matches past this are not counted: a /search page says "100+", and ten pages are more than anyone reads. */
export const SEARCH_COUNT_CAP = 100;
