import { sql, type SQL } from "drizzle-orm";
import { enquiries } from "./schema";

/**
 * The inbox's search runs on PostgreSQL's full text, the same on the embedded database and a server.
 * The `simple` configuration keeps words as written (no English stemming): names, addresses and
 * company names are what staff look for, in any language. Each enquiry's document is kept by triggers
 * (migration 0011): its own fields as it is stored, and every message of its thread as it is added.
 */
const CONFIGURATION = sql.raw("'simple'");

const MAX_WORDS = 8;

/**
 * Conversations holding every typed word, each as the start of a word ("acm" finds Acme), so a search
 * box behaves as people expect. Only letters and digits reach the query: nothing typed is query syntax.
 */
export function searchConversations(q: string | undefined): SQL | undefined {
  const words = (q ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  const query = words.map((word) => `${word}:*`).join(" & ");
  return sql`${enquiries.search} @@ to_tsquery(${CONFIGURATION}, ${query})`;
}
