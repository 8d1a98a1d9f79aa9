import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, lte, gt, or, sql } from "drizzle-orm";
import type { Page } from "#contracts/admin-business.ts";
import {
  INSTANT_RESULTS,
  SEARCH_COUNT_CAP,
  type SearchKind,
  type SearchMiss,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from "#contracts/search.ts";
import { queryRows, type Database, type Executor } from "../../db/client";
import type { SiteContent } from "#contracts/site-content.ts";
import { pageDocuments } from "./pages";
import { searchDocuments, searchMisses, searchPassages, searchWords } from "./schema";
import { createRetrieval } from "./retrieval";
import type { IndexedDocument, Passage } from "./text";

/**
 * Where the index's posts and jobs come from: the area that owns them lists what it has (with a
 * version that changes whenever a copy would) and hands over the documents asked for.
 */
export interface SearchSource {
  kind: Exclude<SearchKind, "page">;
  versions(): Promise<Map<string, string>>;
  documents(keys: string[]): Promise<IndexedDocument[]>;
}

/** A snippet is cut from the passage that best holds the query. */
/** The advisory lock the index's writers hold (any constant of the site's own). */
const INDEX_WRITE_LOCK = 390_001;
/** Documents written per transaction while the index catches up. */
const WRITE_BATCH = 200;
const MISSES_PER_PAGE = 50;

// Marks around the matched words in a snippet: characters no indexed text holds (control characters are removed on the way in).
const START = "\u0002";
const STOP = "\u0003";
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=32, MinWords=16`;

/** A page's version: a hash of what its copy is made from. */
const fingerprintOf = (document: IndexedDocument) =>
  createHash("sha256")
    .update(JSON.stringify([document.url, document.title, document.body, document.visibleFrom, document.visibleUntil, document.passages]))
    .digest("base64url");

/**
 * The snippet's matched words as offsets, with the marks taken out; "…" where it starts or stops inside
 * the passage it was cut from, so a reader sees the sentence goes on.
 */
function highlighted(headline: string, passage: string): Pick<SearchResult, "snippet" | "highlights"> {
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
  const words = (text: string) => text.replace(/\s+/g, " ").trim();
  const whole = words(passage);
  const cut = words(snippet);
  if (cut && !whole.endsWith(cut)) snippet = `${snippet.trimEnd()} …`;
  if (cut && !whole.startsWith(cut)) {
    const trimmed = snippet.length - snippet.trimStart().length;
    snippet = `… ${snippet.trimStart()}`;
    for (const range of highlights) {
      range[0] += 2 - trimmed;
      range[1] += 2 - trimmed;
    }
  }
  return { snippet, highlights };
}

export function createSearchService(deps: {
  db: Database;
  now: () => Date;
  sources: SearchSource[];
  /** The site's editable words as published, which the pages' documents are made of. */
  siteContent: () => Promise<SiteContent>;
}) {
  const { db, now } = deps;

  const visible = () => {
    const at = now();
    return and(
      or(isNull(searchDocuments.visibleFrom), lte(searchDocuments.visibleFrom, at)),
      or(isNull(searchDocuments.visibleUntil), gt(searchDocuments.visibleUntil, at)),
    )!;
  };

  const retrieval = createRetrieval({ db, visible });

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

  const syncPages = async () => {
    const pages = pageDocuments(await deps.siteContent());
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
    async sync(kind: SearchKind) {
      if (kind === "page") return void (await serially("page", syncPages));
      const source = deps.sources.find((candidate) => candidate.kind === kind);
      if (source) await serially(kind, () => syncSource(source));
    },

    /** A query read as search and the assistant read it: its concepts, their weights, the misspellings corrected. */
    read: retrieval.read,

    async search(query: SearchQuery): Promise<SearchResponse> {
      const empty = { query: query.q, correctedQuery: null, results: [], total: 0, page: query.page };
      const read = await retrieval.read(query.q);
      const highlight = retrieval.highlight(read);
      if (!highlight) return empty;
      const limit = query.instant ? Math.min(query.limit, INSTANT_RESULTS) : query.limit;
      const { rows, total } = await retrieval.documents(read, {
        limit,
        offset: (query.page - 1) * limit,
        cap: SEARCH_COUNT_CAP,
        highlight,
        headline: HEADLINE_OPTIONS,
      });
      const results = rows.map((row) => ({ title: row.title, url: row.url, type: row.kind, ...highlighted(row.headline, `${row.heading} – ${row.text}`) }));
      if (total === 0 && !query.instant) await recordMiss(query.q);
      return { query: query.q, correctedQuery: read.corrected, results, total: query.instant ? results.length : total, page: query.page };
    },

    /** The passages that best answer a question, best first, with how much of it each holds. */
    async passages(question: string, limit: number) {
      // A question is sent whole: its last word is finished ("late" is not the start of "latest").
      const read = await retrieval.read(question, { typing: false });
      return { read, passages: await retrieval.passages(read, limit) };
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
