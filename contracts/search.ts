import { SEARCH_KINDS, SEARCH_LIMIT_MAX, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from "./search-options";
import { z } from "./zod";

export * from "./search-options";

const NUL = "\u0000";

/** A query as typed: at most 200 characters and no NUL; empty finds nothing. */
export const searchText = z
  .string("Send the query as text.")
  .max(SEARCH_QUERY_MAX, `Use at most ${SEARCH_QUERY_MAX} characters.`)
  .refine((value) => !value.includes(NUL), "Remove the NUL character from the query.");

/** A paging parameter whose every refusal names the range it takes, so a caller can correct it at once. */
function wholeNumberFrom1(name: string, max: number) {
  const message = `Send ${name} as a whole number from 1 to ${max}.`;
  return z.coerce.number(message).int(message).min(1, message).max(max, message);
}

/** `GET /api/search/?q=&limit=&page=&instant=1`. `instant` marks a query still being typed: one that finds nothing is not counted as a miss. */
export const SearchQuerySchema = z.object({
  q: searchText.default(""),
  limit: wholeNumberFrom1("limit", SEARCH_LIMIT_MAX).default(SEARCH_PAGE_SIZE),
  page: wholeNumberFrom1("page", SEARCH_PAGE_MAX).default(1),
  instant: z.literal("1").optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({
  title: z.string(),
  url: z.string(),
  type: z.enum(SEARCH_KINDS),
  /** Plain text around the best match. */
  snippet: z.string(),
  /** The matched words in the snippet, as [start, end) offsets into it. */
  highlights: z.array(z.tuple([z.number(), z.number()])),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  query: z.string(),
  /** The query as searched when a misspelt word was replaced by the nearest one the site holds ("cybersecurty" → "cybersecurity"). */
  correctedQuery: z.string().nullable(),
  results: z.array(SearchResultSchema),
  /**
   * How many match, counted up to SEARCH_COUNT_CAP (a total at the cap means "100+"), for paging;
   * an instant request is not counted: its total is the number of results it carries.
   */
  total: z.number(),
  page: z.number(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** `GET /api/admin/search/misses/`: what visitors searched for and did not find. */
export const SearchMissSchema = z.object({ query: z.string(), count: z.number(), firstAt: z.string(), lastAt: z.string() });
export type SearchMiss = z.infer<typeof SearchMissSchema>;
