import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { SEARCH_KINDS } from "#contracts/search.ts";
import { tsvector } from "../../db/columns";

/**
 * One row per public thing a visitor can find: a page of the site, a blog post, an open job. The
 * search module keeps these copies from what each area publishes (decision 039); nothing else writes them.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    /** `page:/pricing`, `post:12`, `job:<id>`. */
    key: text("key").primaryKey(),
    kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    /** The text a snippet is cut from: plain, without markup. */
    body: text("body").notNull(),
    /** A post found only from its publication time on. */
    visibleFrom: timestamp("visible_from", { withTimezone: true }),
    /** A job found only until it closes. */
    visibleUntil: timestamp("visible_until", { withTimezone: true }),
    /** A hash of what the copy was made from: a copy whose source has not changed is left alone. */
    fingerprint: text("fingerprint").notNull(),
    /**
     * Title above body; each both stemmed (English, so "costs" finds "cost") and as written (so the
     * word being typed matches as a prefix: "securi" is no prefix of the stem "secur").
     */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('english', body), 'B') || setweight(to_tsvector('simple', body), 'B')`,
      ),
    /**
     * What results are ordered by: the title and the opening of the body. Small enough to stay in the
     * row, so ranking a few hundred matches reads no long bodies.
     */
    rankSearch: tsvector("rank_search")
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', left(body, 400)), 'B')`),
  },
  (table) => [
    index("search_documents_search_idx").using("gin", table.search),
    index("search_documents_rank_idx").using("gin", table.rankSearch),
    index("search_documents_kind_idx").on(table.kind),
  ],
);

/** A document cut into passages of a paragraph or so, which the assistant answers with. */
export const searchPassages = pgTable(
  "search_passages",
  {
    documentKey: text("document_key")
      .notNull()
      .references(() => searchDocuments.key, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** What the passage answers: a question of the FAQ, a service's name, a post's title. */
    heading: text("heading").notNull(),
    text: text("text").notNull(),
    /** Stemmed and as written, as a document's: a snippet is cut from the passage that best holds even a word still being typed. */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('simple', heading), 'A') || setweight(to_tsvector('english', text), 'B') || setweight(to_tsvector('simple', text), 'B')`,
      ),
  },
  (table) => [
    primaryKey({ columns: [table.documentKey, table.position] }),
    index("search_passages_search_idx").using("gin", table.search),
    // The site's own pages and jobs, a few hundred passages beside any number of posts': a question's words are weighed among these.
    index("search_passages_own_idx")
      .using("gin", table.search)
      .where(sql`${sql.raw(table.documentKey.name)} not like 'post:%'`),
  ],
);

/** Every word the index holds, as written: a misspelt word is replaced by its nearest one (pg_trgm). */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (table) => [
  index("search_words_trigram_idx").using("gin", sql`${table.word} gin_trgm_ops`),
  // In byte order, so the words starting with what is being typed are one range of the index, whatever the database's collation.
  index("search_words_prefix_idx").on(sql`${table.word} collate "C"`),
]);

/** What visitors searched for and did not find, so staff can see the gaps in the site's content. */
export const searchMisses = pgTable(
  "search_misses",
  {
    /** The query as typed, lower-cased with its spaces collapsed. */
    query: text("query").primaryKey(),
    count: integer("count").notNull().default(1),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("search_misses_last_idx").on(table.lastAt)],
);
