import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, lte, gt, or, sql, type SQL } from "drizzle-orm";
import type { Page } from "@contracts/admin-business";
import {
  INSTANT_RESULTS,
  SEARCH_COUNT_CAP,
  type SearchKind,
  type SearchMiss,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from "@contracts/search";
import { queryRows, type Database, type Executor } from "../../db/client";
import { pageDocuments } from "./pages";
import { searchDocuments, searchMisses, searchPassages, searchWords } from "./schema";
import { queryWords, type IndexedDocument, type Passage } from "./text";

/**
 * Where the index's posts and jobs come from: the area that owns them lists what it has (with a
 * version that changes whenever a copy would) and hands over the documents asked for.
 */
export interface SearchSource {
  kind: Exclude<SearchKind, "page">;
  versions(): Promise<Map<string, string>>;
  documents(keys: string[]): Promise<IndexedDocument[]>;
}

/** How sure a replacement for a misspelt word must be (pg_trgm similarity, 0 to 1). */
const CORRECTION_SIMILARITY = 0.45;
/** The shortest word a misspelling is looked for in: a slip in a shorter one, or in a stop word, has too many neighbours to guess from. */
const CORRECTED_LENGTH_MIN = 4;
/** Posts ranked for one query: enough for every page a visitor reads, few enough to rank at once. */
const POST_CANDIDATES = 400;
/** The site's own pages and jobs rank above a post that matches as well: they are what most searches are for. */
const OWN_PAGE_WEIGHT = 1.5;
/** A snippet is cut from the passage that holds the query's words best; a document without passages shows its opening. */
const SNIPPET_FALLBACK = 400;
/** Passages counted per word when finding a question's key word: past this a word is common, whatever its count. */
const KEY_WORD_COUNT_CAP = 500;
/** The advisory lock the index's writers hold (any constant of the site's own). */
const INDEX_WRITE_LOCK = 390_001;
/** Documents written per transaction while the index catches up. */
const WRITE_BATCH = 200;
const MISSES_PER_PAGE = 50;

// Marks around the matched words in a snippet: characters no indexed text holds (control characters are removed on the way in).
const START = "\u0002";
const STOP = "\u0003";
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=32, MinWords=16`;

/** One word of a query as the index reads it. */
interface ReadWord {
  word: string;
  /** The nearest word the site holds, when this one is in none of its documents. */
  correction: string | null;
  /** An English stop word ("the", "how"): asked for only when nothing else is. */
  stop: boolean;
  /** The word's English stem ("secur" for "securing"), which snippets mark the words of. */
  stem: string | null;
  /** Whether some document holds it (the word being typed: some word starting so). */
  known: boolean;
}

export interface QueryTerms {
  /** What the documents must match: every word (stemmed, or as typed; the last one as a prefix while it is being typed). */
  all: SQL | undefined;
  /** Each meaningful word alone, for the assistant's "how much of the question does this passage cover". */
  each: SQL[];
  /**
   * The words a snippet marks, read as written (the snippet is cut by the `simple` configuration):
   * each as typed or corrected, and its stem, as the start of a word, so "securi" marks "security" and "costs" marks "costing".
   */
  highlight: SQL | undefined;
  corrected: string | null;
  /** Meaningful words no document holds and none comes close to: what the site never speaks of. */
  unheardOf: string[];
}

/** A page's version: a hash of what its copy is made from. */
const fingerprintOf = (document: IndexedDocument) =>
  createHash("sha256")
    .update(JSON.stringify([document.url, document.title, document.body, document.visibleFrom, document.visibleUntil, document.passages]))
    .digest("base64url");

/** The snippet's matched words as offsets, with the marks taken out. */
function highlighted(headline: string): Pick<SearchResult, "snippet" | "highlights"> {
  const highlights: [number, number][] = [];
  let snippet = "";
  let start = -1;
  for (const char of headline) {
    if (char === START) start = snippet.length;
    else if (char === STOP) {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length]);
      start = -1;
    } else snippet += char;
  }
  return { snippet, highlights };
}

export function createSearchService(deps: { db: Database; now: () => Date; sources: SearchSource[] }) {
  const { db, now } = deps;

  const visible = () => {
    const at = now();
    return and(
      or(isNull(searchDocuments.visibleFrom), lte(searchDocuments.visibleFrom, at)),
      or(isNull(searchDocuments.visibleUntil), gt(searchDocuments.visibleUntil, at)),
    )!;
  };

  /** Writes documents with their passages; each is stored with its version, which tells later whether it changed. */
  async function write(tx: Executor, documents: IndexedDocument[], versions: Map<string, string>) {
    if (documents.length === 0) return;
    // Instances sharing a database catch up with the same change at once; their writes take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${INDEX_WRITE_LOCK})`);
    const keys = documents.map((document) => document.key);
    const before = await heldWords(tx, keys);
    await tx.delete(searchPassages).where(inArray(searchPassages.documentKey, keys));
    await tx
      .insert(searchDocuments)
      .values(
        documents.map((document) => ({
          key: document.key,
          kind: document.kind,
          url: document.url,
          title: document.title,
          body: document.body,
          visibleFrom: document.visibleFrom,
          visibleUntil: document.visibleUntil,
          fingerprint: versions.get(document.key) ?? "",
        })),
      )
      .onConflictDoUpdate({
        target: searchDocuments.key,
        set: {
          url: sql`excluded.url`,
          title: sql`excluded.title`,
          body: sql`excluded.body`,
          visibleFrom: sql`excluded.visible_from`,
          visibleUntil: sql`excluded.visible_until`,
          fingerprint: sql`excluded.fingerprint`,
        },
      });
    const passages = documents.flatMap((document) =>
      document.passages.map((passage: Passage, position) => ({ documentKey: document.key, position, ...passage })),
    );
    for (let at = 0; at < passages.length; at += 1000) await tx.insert(searchPassages).values(passages.slice(at, at + 1000));
    // The words a misspelling is corrected to, and by which the assistant knows what the site speaks of.
    await tx.execute(sql`insert into ${searchWords} (word) ${wordsOf(keys)} on conflict do nothing`);
    await forgetUnheld(tx, before);
  }

  /** The words of these documents that the vocabulary keeps: as written, of letters only, 3 to 40 of them. */
  const wordsOf = (keys: string[]) => sql`
    select distinct word from ${searchDocuments}, unnest(tsvector_to_array(to_tsvector('simple', title || ' ' || body))) as word
    where ${inArray(searchDocuments.key, keys)} and length(word) between 3 and 40 and word ~ '^[[:alpha:]]+$'`;

  const heldWords = async (tx: Executor, keys: string[]) => (await queryRows<{ word: string }>(tx, wordsOf(keys))).map((row) => row.word);

  /**
   * Drops those of `words` that no document holds any more (their documents rewritten or removed): a word
   * the site no longer has must neither correct a misspelling to nothing nor pass for a subject it speaks of.
   */
  async function forgetUnheld(tx: Executor, words: string[]) {
    if (words.length === 0) return;
    await tx.execute(sql`
      delete from ${searchWords} w where w.word = any(${sql.param(words)}::text[])
        and not exists (select 1 from ${searchDocuments} d where d.search @@ to_tsquery('simple', w.word))`);
  }

  /** Brings one kind's copies in line with what its owner has: new and changed ones rewritten, gone ones removed. */
  async function reconcile(kind: SearchKind, versions: Map<string, string>, documents: (keys: string[]) => Promise<IndexedDocument[]>) {
    const held = new Map(
      (await db.select({ key: searchDocuments.key, fingerprint: searchDocuments.fingerprint }).from(searchDocuments).where(eq(searchDocuments.kind, kind))).map(
        (row) => [row.key, row.fingerprint],
      ),
    );
    const gone = [...held.keys()].filter((key) => !versions.has(key));
    const stale = [...versions].filter(([key, version]) => held.get(key) !== version).map(([key]) => key);
    if (gone.length > 0)
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${INDEX_WRITE_LOCK})`);
        const words = await heldWords(tx, gone);
        await tx.delete(searchDocuments).where(inArray(searchDocuments.key, gone));
        await forgetUnheld(tx, words);
      });
    for (let at = 0; at < stale.length; at += WRITE_BATCH) {
      const batch = await documents(stale.slice(at, at + WRITE_BATCH));
      await db.transaction((tx) => write(tx, batch, versions));
    }
    return { written: stale.length, removed: gone.length };
  }

  const syncPages = () => {
    const pages = pageDocuments();
    const byKey = new Map(pages.map((page) => [page.key, page]));
    return reconcile("page", new Map(pages.map((page) => [page.key, fingerprintOf(page)])), async (keys) => keys.map((key) => byKey.get(key)!));
  };
  const syncSource = (source: SearchSource) => source.versions().then((versions) => reconcile(source.kind, versions, source.documents));

  // One catch-up at a time per kind; a change arriving during one runs another after it, so the last change is always seen.
  const running = new Map<string, Promise<unknown>>();
  const queued = new Map<string, Promise<unknown>>();
  function serially(kind: string, work: () => Promise<unknown>): Promise<unknown> {
    const waiting = queued.get(kind);
    if (waiting) return waiting;
    const previous = running.get(kind) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(() => {
        queued.delete(kind);
        return work();
      });
    queued.set(kind, next);
    running.set(kind, next);
    return next;
  }

  /**
   * Reads each word of a query in one round trip: whether the site has it (the word being typed: any
   * word it starts), whether it is a stop word, and, only for a word the site lacks, the nearest one it has.
   */
  async function readWords(words: string[], lastIsPrefix: boolean): Promise<ReadWord[]> {
    if (words.length === 0) return [];
    return queryRows<ReadWord>(
      db,
      sql`
      select word, stop, stem, known,
        case when known or stop or length(word) < ${CORRECTED_LENGTH_MIN} then null else (
          select w.word from ${searchWords} w where w.word % read.word and similarity(w.word, read.word) >= ${CORRECTION_SIMILARITY}
          order by similarity(w.word, read.word) desc, w.word limit 1
        ) end as correction
      from (
        select t.word, numnode(plainto_tsquery('english', t.word)) = 0 as stop,
          (tsvector_to_array(to_tsvector('english', t.word)))[1] as stem,
          case when t.prefix
            then exists (select 1 from ${searchWords} w where w.word collate "C" >= t.word and w.word collate "C" < t.word || chr(1114111))
            else exists (select 1 from ${searchWords} w where w.word = t.word)
          end as known
        from unnest(${sql.param(words)}::text[], ${sql.param(words.map((_, index) => lastIsPrefix && index === words.length - 1))}::boolean[]) with ordinality as t(word, prefix, position)
        order by t.position
      ) read`,
    );
  }

  /** The full-text query for a question or search: each word stemmed or as typed, misspellings replaced. */
  async function queryTerms(text: string): Promise<QueryTerms> {
    const { words, lastIsPrefix } = queryWords(text);
    const read = await readWords(words, lastIsPrefix);
    const meaningful = read.some((word) => !word.stop) ? read.filter((word, index) => !word.stop || (lastIsPrefix && index === read.length - 1)) : read;
    const term = (word: ReadWord, prefix: boolean) => {
      const spelled = word.correction ?? word.word;
      const asTyped = prefix && !word.correction ? `'${spelled}':*` : `'${spelled}'`;
      return sql`(to_tsquery('english', ${`'${spelled}'`}) || to_tsquery('simple', ${asTyped}))`;
    };
    const terms = meaningful.map((word) => term(word, lastIsPrefix && word === read.at(-1)));
    const corrected = read.some((word) => word.correction) ? read.map((word) => word.correction ?? word.word).join(" ") : null;
    const marked = meaningful.flatMap((word) => [word.correction ?? word.word, ...(word.stem && !word.correction ? [word.stem] : [])]);
    return {
      highlight: marked.length > 0 ? sql`to_tsquery('simple', ${marked.map((word) => `'${word}':*`).join(" | ")})` : undefined,
      all: terms.length > 0 ? sql.join(terms, sql` && `) : undefined,
      each: meaningful.filter((word) => !word.stop).map((word) => term(word, false)),
      corrected,
      unheardOf: meaningful.filter((word) => !word.stop && !word.known && !word.correction).map((word) => word.word),
    };
  }

  /** The site's own pages and jobs: a few dozen rows, found through the index on kind. */
  const ownDocuments = sql`${searchDocuments.kind} in ('page', 'job')`;

  /** How many posts hold the words only further down their text, counted up to `cap`. */
  async function countDeeper(q: SQL, cap: number): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (
        select 1 from ${searchDocuments} where kind = 'post' and search @@ (${q}) and not (rank_search @@ (${q})) and ${visible()} limit ${cap}
      ) capped`,
    );
    return row?.total ?? 0;
  }

  /** How many documents the ranked stage holds, for a page past its end. */
  async function countRanked(q: SQL): Promise<number> {
    const [row] = await queryRows<{ ranked: number }>(
      db,
      sql`
      select (select count(*) from ${searchDocuments} where ${ownDocuments} and search @@ (${q}) and ${visible()})
        + (select count(*) from (select 1 from ${searchDocuments} where kind = 'post' and rank_search @@ (${q}) and ${visible()} limit ${POST_CANDIDATES}) posts) as ranked`,
    );
    return Number(row?.ranked ?? 0);
  }

  async function recordMiss(query: string) {
    const normal = query.toLowerCase().replace(/\s+/g, " ").trim();
    if (!normal) return;
    const at = now();
    await db
      .insert(searchMisses)
      .values({ query: normal, count: 1, firstAt: at, lastAt: at })
      .onConflictDoUpdate({ target: searchMisses.query, set: { count: sql`${searchMisses.count} + 1`, lastAt: at } });
  }

  return {
    /** Brings the whole index up to date: at start, and whenever it may have missed changes. */
    async syncAll() {
      await serially("page", syncPages);
      for (const source of deps.sources) await serially(source.kind, () => syncSource(source));
    },

    /** Catches up with one kind after its owner changed something; resolves once the change can be found. */
    async sync(kind: Exclude<SearchKind, "page">) {
      const source = deps.sources.find((candidate) => candidate.kind === kind);
      if (source) await serially(kind, () => syncSource(source));
    },

    queryTerms,

    async search(query: SearchQuery): Promise<SearchResponse> {
      const empty = { query: query.q, correctedQuery: null, results: [], total: 0, page: query.page };
      const terms = await queryTerms(query.q);
      if (!terms.all) return empty;
      const limit = query.instant ? Math.min(query.limit, INSTANT_RESULTS) : query.limit;
      const offset = (query.page - 1) * limit;
      const q = terms.all;
      const rankedKeys = await queryRows<{ key: string; rank: number; ranked: number }>(
        db,
        sql`
        select key, rank, count(*) over () as ranked from (
          select key, ts_rank(rank_search, (${q})) * ${sql.raw(String(OWN_PAGE_WEIGHT))} as rank from ${searchDocuments}
          where ${ownDocuments} and search @@ (${q}) and ${visible()}
          union all
          (select key, ts_rank(rank_search, (${q})) as rank from ${searchDocuments}
           where kind = 'post' and rank_search @@ (${q}) and ${visible()} limit ${POST_CANDIDATES})
        ) candidate
        order by rank desc, key
        limit ${limit} offset ${offset}`,
      );
      // Posts that hold the words further down their text rank below every post with them in its title or opening; they fill the pages after those.
      // The matches are gathered first (through the index): walked in key order, each row's full text would be read to test it.
      const ranked = Number(rankedKeys[0]?.ranked ?? (offset > 0 ? await countRanked(q) : 0));
      const deeper =
        rankedKeys.length < limit
          ? await queryRows<{ key: string }>(
              db,
              sql`
              with matching as materialized (
                select key from ${searchDocuments}
                where kind = 'post' and search @@ (${q}) and not (rank_search @@ (${q})) and ${visible()}
              )
              select key from matching order by key limit ${limit - rankedKeys.length} offset ${Math.max(0, offset - ranked)}`,
            )
          : [];
      const keys = [...rankedKeys.map((row) => row.key), ...deeper.map((row) => row.key)];
      const [rows, total] = await Promise.all([
        keys.length === 0
          ? []
          : queryRows<{ key: string; title: string; url: string; kind: SearchKind; headline: string }>(
              db,
              sql`
              select key, title, url, kind, ts_headline('simple', coalesce(best.passage, left(body, ${SNIPPET_FALLBACK})), ${terms.highlight}, ${HEADLINE_OPTIONS}) as headline
              from ${searchDocuments}
              left join lateral (
                select heading || ' – ' || text as passage from ${searchPassages} where ${searchPassages.documentKey} = ${searchDocuments.key}
                order by ts_rank(${searchPassages.search}, ${terms.highlight}) desc, position limit 1
              ) best on true
              where ${inArray(searchDocuments.key, keys)}`,
            ),
        // Counted up to the cap: the ranked stage's own count when it reaches it, else that and the posts further down.
        query.instant
          ? keys.length
          : ranked >= SEARCH_COUNT_CAP
            ? SEARCH_COUNT_CAP
            : countDeeper(q, SEARCH_COUNT_CAP - ranked).then((deeperCount) => ranked + deeperCount),
      ]);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const results = keys.flatMap((key) => {
        const row = byKey.get(key);
        return row ? [{ title: row.title, url: row.url, type: row.kind, ...highlighted(row.headline) }] : [];
      });
      if (total === 0 && !query.instant) await recordMiss(query.q);
      return { query: query.q, correctedQuery: terms.corrected, results, total, page: query.page };
    },

    /**
     * The passages that hold a question's key word, best covering the rest first, with how many of its
     * meaningful words each holds and how many it had: the assistant decides from these whether it can answer.
     * None when the question names something the site never speaks of.
     */
    async passages(question: string, limit: number) {
      const terms = await queryTerms(question);
      // A question about something no page mentions ("Do you offer blockchain?") is not answered from its other words.
      if (terms.each.length === 0 || terms.unheardOf.length > 0) return { asked: terms.each.length, passages: [] };
      // The question's key word: the one the fewest passages of the site's own pages hold, of those they use at all
      // ("Do you work with Kubernetes?" is about Kubernetes, not about work; "please" is no key). A question only
      // posts answer is keyed by the word the fewest passages hold anywhere (counted up to a cap).
      const countsOf = async (within: SQL) => {
        const [row] = await queryRows<{ counts: number[] }>(
          db,
          sql`select array[${sql.join(
            terms.each.map(
              (term) =>
                sql`(select count(*)::int from (select 1 from ${searchPassages} where ${within} and ${searchPassages.search} @@ (${term}) limit ${KEY_WORD_COUNT_CAP}) held)`,
            ),
            sql`, `,
          )}] as counts`,
        );
        return row!.counts.map(Number);
      };
      const rarest = (counts: number[]) => counts.reduce((best, count, index) => (count > 0 && (best < 0 || count < counts[best]!) ? index : best), -1);
      const ownPassages = sql`${searchPassages.documentKey} in (select key from ${searchDocuments} where ${ownDocuments})`;
      let key = rarest(await countsOf(ownPassages));
      if (key < 0) key = rarest(await countsOf(sql`true`));
      if (key < 0) return { asked: terms.each.length, passages: [] };
      const keyTerm = terms.each[key]!;
      const anyWord = sql.join(terms.each, sql` || `);
      const covered = sql.join(
        terms.each.map((term) => sql`(candidate.search @@ (${term}))::int`),
        sql` + `,
      );
      // Every passage of the site's own pages and jobs with the key word is weighed; of posts, the first few hundred.
      // Of passages that cover the question as well, the site's own pages answer before posts: they speak for the company.
      const rows = await queryRows<{ heading: string; text: string; title: string; url: string; covered: number; rank: number }>(
        db,
        sql`
        select candidate.heading, candidate.text, ${searchDocuments.title} as title, ${searchDocuments.url} as url,
          (${covered}) as covered, ts_rank_cd(candidate.search, (${anyWord})) as rank
        from (
          select * from ${searchPassages}
          where ${searchPassages.documentKey} in (select key from ${searchDocuments} where ${ownDocuments}) and ${searchPassages.search} @@ (${keyTerm})
          union
          (select * from ${searchPassages} where ${searchPassages.search} @@ (${keyTerm}) limit ${POST_CANDIDATES})
        ) candidate
        join ${searchDocuments} on ${searchDocuments.key} = candidate.document_key
        where ${visible()}
        order by covered desc, ${searchDocuments.kind} <> 'post' desc, rank desc, candidate.document_key, candidate.position
        limit ${limit}`,
      );
      return { asked: terms.each.length, passages: rows.map((row) => ({ ...row, covered: Number(row.covered), rank: Number(row.rank) })) };
    },

    /** What visitors searched for and did not find, most recent first. */
    async misses(query: { page: number }): Promise<Page<SearchMiss>> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(searchMisses)
          .orderBy(desc(searchMisses.lastAt), searchMisses.query)
          .limit(MISSES_PER_PAGE)
          .offset((query.page - 1) * MISSES_PER_PAGE),
        db.select({ total: count() }).from(searchMisses),
      ]);
      const total = counted?.total ?? 0;
      return {
        results: rows.map((row) => ({ query: row.query, count: row.count, firstAt: row.firstAt.toISOString(), lastAt: row.lastAt.toISOString() })),
        count: total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / MISSES_PER_PAGE)),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
