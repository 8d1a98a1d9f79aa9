import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The admin's searches run on PostgreSQL's full text, the same on the embedded database and a server.
 * The `simple` configuration keeps words as written (no English stemming): names, addresses and
 * company names are what staff look for, in any language.
 */
const SIMPLE = sql.raw("'simple'");

const MAX_WORDS = 8;

/** A whole address as typed; its characters are none that the query syntax reads. */
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;

/**
 * Rows whose `document` holds every typed word, each as the start of a word ("acm" finds Acme), so a
 * search box behaves as people expect. Only letters and digits reach the query (and whole addresses,
 * whose characters are checked): nothing typed is query syntax. An address is looked up as the one
 * word the document keeps it as: split into its parts it would also ask for "com", which nearly every
 * row holds, and the search would read them all.
 */
export function matchesWordStarts(document: AnyColumn, q: string | undefined): SQL | undefined {
  const terms = (q ?? "")
    .toLowerCase()
    .split(/\s+/u)
    .flatMap((part) => (EMAIL.test(part) ? [`'${part}':*`] : part.split(/[^\p{L}\p{N}]+/u).map((word) => `${word}:*`)))
    .filter((term) => term !== ":*")
    .slice(0, MAX_WORDS);
  if (terms.length === 0) return undefined;
  return sql`${document} @@ to_tsquery(${SIMPLE}, ${terms.join(" & ")})`;
}
