import { sql, type SQL } from "drizzle-orm";
import type { SearchKind } from "#contracts/search.ts";
import { queryRows, type Database } from "../../db/client";
import { everydayWordMeant, isEverydayWord } from "./english";
import { editDistance, EXACT_WORDS, fillerMeant, isFiller, nearestWord, readQuery, THESAURUS_WORDS, type Concept } from "./query";
import { ACTIVITY_WORDS, JOB_WORDS, POST_WORDS } from "./thesaurus";
import { searchDocuments, searchPassages, searchWords } from "./schema";

/**
 * One retrieval for search and the assistant (decision 058): PostgreSQL's full-text search finds the
 * passages that hold any of a query's concepts, and ranks them as BM25 does in spirit: a concept held by
 * few passages weighs more than a common one (its inverse document frequency), a heading or page title
 * that holds it more than body text, and a passage holding more of the question above one holding less.
 * Partial matches rank lower instead of vanishing.
 */

/**
 * The site's own pages and jobs. A concept's weight is counted among their passages only: ten thousand
 * posts about Kubernetes do not make it a common word of a question to the company. (Its own index.)
 */
const OWN_PASSAGE = sql.raw(`${searchPassages.documentKey.name} not like 'post:%'`);
/** Passages counted per concept for its weight: past this a concept is common, whatever its count. */
const FREQUENCY_CAP = 1000;
/**
 * What a concept adds besides being in a passage, when it is in the passage's heading, and when it is in
 * its page's title: in full for a title of up to three words, shared out in a longer one, so a title
 * naming everything the site does ("AI, Software, Data, Security & Cloud") does not lift every passage.
 */
const HEADING_BONUS = 0.6;
const TITLE_BONUS = sql.raw(
  `(0.6 * least(1, 3.0 / (1 + length(trim(search_documents.${searchDocuments.title.name})) - length(replace(trim(search_documents.${searchDocuments.title.name}), ' ', '')))))`,
);
/** Whether a query asks for one of these words ("cloud jobs" asks for jobs). */
export const asksFor = (concepts: Concept[], words: readonly string[]) =>
  concepts.some((concept) => concept.alternatives.some((phrase) => words.includes(phrase.join(" "))));

/**
 * A job or post ranks below a page holding the question as well ("cloud" is the cloud service, not a
 * cloud engineer's opening), unless the query asks for jobs ("cloud jobs") or articles ("cloud blog").
 */

function kindWeight(concepts: Concept[]): SQL {
  const job = asksFor(concepts, JOB_WORDS) ? 1.1 : 0.6;
  const post = asksFor(concepts, POST_WORDS) ? 1 : 0.7;
  return sql.raw(`(case ${searchDocuments.kind.name} when 'post' then ${post} when 'job' then ${job} else 1 end)`);
}

/**
 * Posts weighed per query: those whose title or opening holds its rarest concept (their short ranking
 * vectors are a small index to search; a post's every passage is then weighed).
 */
const POST_CANDIDATES = 60;
/**
 * The shortest misspelling read as an everyday word the site does not hold ("hierd" as "hired"): a shorter
 * one is a slip from too many words ("erp" from "err" and "era").
 */
const EVERYDAY_CORRECTION_MIN = 5;
/** Candidate words read per misspelt word. */
const CORRECTION_CANDIDATES = 200;

export interface ReadConcepts {
  concepts: Concept[];
  /** Each concept's weight: how rare it is among the passages of the site's own pages and jobs. */
  weights: number[];
  /**
   * Each concept's part in how much of the question a passage holds (its coverage): its weight, less
   * for a word the thesaurus does not know but pages hold ("teach", "causes"), which is more often how a
   * question is put than what it is about. A word no page holds keeps its whole weight: it is a subject
   * the site does not speak of.
   */
  shares: number[];
  /**
   * Each concept as the database reads it, in a passage anywhere and in a heading or title: made once
   * (stemming them is the costly part of a statement's planning) and handed to later statements as text.
   */
  queries: { anywhere: string; headed: string }[];
  /** The query as read when a misspelt word was replaced by the word meant ("cybersecurty" → "cybersecurity"). */
  corrected: string | null;
  /** A sentence instructing the assistant was left out of the question. */
  instructed: boolean;
}

export interface ScoredPassage {
  documentKey: string;
  position: number;
  heading: string;
  text: string;
  title: string;
  url: string;
  kind: SearchKind;
  score: number;
  /** How much of the question the passage holds: its concepts' shares over all of them, 0 to 1. */
  coverage: number;
  /** Whether the passage holds each concept (in its text or its page's title), as 1 or 0. */
  held: number[];
}

/** A word the thesaurus does not know counts this much of its weight in a question's coverage (see `ReadConcepts.shares`). */
export const PLAIN_WORD_SHARE = 0.5;
/**
 * And an everyday English word the thesaurus does not know, this much: held by pages, "care", "case" or
 * "promise" say how a question is put more often than what it is about. (On the development questions
 * 0 answered 3 more of 86 right than this; on the test questions it answered 1 more right and 6 more wrong.)
 */
export const EVERYDAY_WORD_SHARE = 0.25;

/** The shares of a question's concepts in its coverage. */
export const sharesOf = (concepts: Concept[], weights: number[], plainShare = PLAIN_WORD_SHARE, everydayShare = EVERYDAY_WORD_SHARE) =>
  concepts.map((concept, index) => {
    // A word no page holds keeps its whole weight: a subject the site does not speak of.
    if (concept.word !== null)
      return weights[index]! >= weightOf(0) ? weights[index]! : weights[index]! * (isEverydayWord(concept.word) ? everydayShare : plainShare);
    const activity = concept.alternatives.some((phrase) => ACTIVITY_WORDS.has(phrase.join(" ")));
    return weights[index]! * (activity ? everydayShare : 1);
  });

/** How much of a question a passage holds, from which of its concepts it holds. */
export const coverageOf = (held: number[], shares: number[]) => {
  const total = shares.reduce((sum, share) => sum + share, 0);
  return total > 0 ? held.reduce((sum, part, index) => sum + part * shares[index]!, 0) / total : 0;
};

/**
 * A concept as tsquery text: each alternative a phrase of its words, optionally restricted to the
 * heading weight. Stemmed, a phrase holding a stop word is left out (the English configuration drops
 * the stop word, and "sign in" would match every "sign"), and so is a word the thesaurus says to match as written.
 */
function queryText(concept: Concept, options: { prefix: boolean; weight: "" | "A"; stemmed: boolean }): string {
  return concept.alternatives
    .map((phrase) => (options.stemmed && ((phrase.length > 1 && phrase.some(isFiller)) || phrase.some((word) => EXACT_WORDS.has(word))) ? [] : phrase))
    .map((phrase, index) =>
      phrase.map((word) => `'${word}':${options.prefix && index === 0 && phrase.length === 1 ? "*" : ""}${options.weight}`.replace(/:$/, "")).join(" <-> "),
    )
    .filter((phrase) => phrase.length > 0)
    .map((phrase) => `(${phrase})`)
    .join(" | ");
}

/** Matches a concept stemmed (English, so "costs" finds "cost") or as written (so the word being typed matches as a prefix). */
function matching(concept: Concept, weight: "" | "A"): SQL {
  const stemmed = queryText(concept, { prefix: false, weight, stemmed: true });
  const asWritten = sql`to_tsquery('simple', ${queryText(concept, { prefix: concept.prefix, weight, stemmed: false })})`;
  return stemmed ? sql`(to_tsquery('english', ${stemmed}) || ${asWritten})` : asWritten;
}

/**
 * A query of alternatives with each said once: stemmed and as written, "price", "prices" and "pricing"
 * read alike, and a passage is tested against each alternative. Only a flat list of alternatives is shortened.
 */
const withoutRepeats = (query: string) => (query.includes("(") ? query : [...new Set(query.split(" | "))].join(" | "));

const weightOf = (frequency: number) => (frequency === 0 ? Math.log(1 + FREQUENCY_CAP / 0.5) : Math.log(1 + FREQUENCY_CAP / (frequency + 0.5)));

/** Whether one word is the other with two neighbouring letters swapped. */
const isSwapOf = (typed: string, word: string) =>
  typed.length === word.length && typed !== word && [...typed].sort().join("") === [...word].sort().join("") && editDistance(typed, word) === 1;

export function createRetrieval(deps: { db: Database; visible: () => SQL }) {
  const { db, visible } = deps;

  /**
   * Misspelt words replaced: a word no document holds (nor, while being typed, starts) is read as the
   * nearest word the site or the thesaurus holds, within the slips a person makes in a word that long.
   */
  async function corrections(concepts: Concept[], text: string): Promise<Map<string, string>> {
    // An everyday English word is meant as written, whether or not the site uses it; so is a word written in
    // capitals, an acronym ("SAML" is not "same", nor "HIPAA" "hippo").
    const acronyms = new Set(Array.from(text.matchAll(/\b\p{Lu}{2,}\b/gu), ([acronym]) => acronym.toLowerCase()));
    const words = concepts.flatMap((concept) =>
      concept.word && /^\p{L}{3,}$/u.test(concept.word) && !isEverydayWord(concept.word) && !acronyms.has(concept.word) ? [concept] : [],
    );
    // An acronym is read as the thesaurus's one with two neighbouring letters swapped ("GDRP" is "GDPR"), never as another word.
    const swapped = new Map(
      concepts.flatMap((concept) => {
        const meant = concept.word && acronyms.has(concept.word) ? THESAURUS_WORDS.find((word) => isSwapOf(concept.word!, word)) : undefined;
        return meant ? [[concept.word!, meant] as const] : [];
      }),
    );
    if (words.length === 0) return swapped;
    const rows = await queryRows<{ word: string; known: boolean; stemmed: boolean; candidates: string[] }>(
      db,
      sql`
      select read.word, read.known, read.stemmed,
        case when read.known or read.stemmed then '{}'::text[] else array(
          select w.word from ${searchWords} w where w.word % read.word
          union
          (select w.word from ${searchWords} w
           where length(read.word) <= 6 and w.word collate "C" >= left(read.word, 1) and w.word collate "C" < left(read.word, 1) || chr(1114111)
             and length(w.word) between length(read.word) - 1 and length(read.word) + 1
           limit ${CORRECTION_CANDIDATES})
        ) end as candidates
      from (
        select known.word, known.known,
          not known.known and not known.prefix
            and exists (select 1 from ${searchDocuments} d where d.search @@ to_tsquery('english', quote_literal(known.word))) as stemmed
        from (
          select t.word, t.prefix,
            case when t.prefix
              then exists (select 1 from ${searchWords} w where w.word collate "C" >= t.word and w.word collate "C" < t.word || chr(1114111))
              else exists (select 1 from ${searchWords} w where w.word = t.word)
            end as known
          from unnest(${sql.param(words.map((concept) => concept.word!))}::text[], ${sql.param(words.map((concept) => concept.prefix))}::boolean[]) as t(word, prefix)
        ) known
      ) read`,
    );
    const meant = new Map<string, string>(swapped);
    for (const row of rows) {
      if (row.known) continue;
      const everyday = () => (row.word.length >= EVERYDAY_CORRECTION_MIN ? everydayWordMeant(row.word) : null);
      // A word the site holds only in another form may still be a misspelling that shares its stem ("remotly",
      // "outsid"): read as the thesaurus or everyday word it is one slip from, if any, and never as another site word.
      const word = row.stemmed
        ? (nearestWord(row.word, THESAURUS_WORDS) ?? everyday())
        : (fillerMeant(row.word) ?? nearestWord(row.word, [...row.candidates, ...THESAURUS_WORDS]) ?? everyday());
      if (word) meant.set(row.word, word);
    }
    return meant;
  }

  /** A query read into its concepts, misspellings corrected, each weighed by how few passages hold it. */
  async function read(text: string, reading: { typing?: boolean } = {}): Promise<ReadConcepts> {
    const first = readQuery(text, undefined, reading);
    const meant = await corrections(first.concepts, text);
    // Read again with the words meant, so corrected words make the phrases they belong to ("machien lerning").
    const query = meant.size > 0 ? readQuery(text, meant, reading) : first;
    const { concepts } = query;
    const changed = meant.size > 0;
    if (concepts.length === 0) return { concepts, weights: [], shares: [], queries: [], corrected: null, instructed: query.instructed };
    const rows = await queryRows<{ anywhere: string; headed: string; frequency: number }>(
      db,
      sql`select concept.anywhere::text as anywhere, concept.headed::text as headed,
          (select count(*)::int from (select 1 from ${searchPassages} where ${OWN_PASSAGE} and ${searchPassages.search} @@ concept.anywhere limit ${FREQUENCY_CAP}) held) as frequency
        from (values ${sql.join(
          concepts.map((concept, index) => sql`(${index}, ${matching(concept, "")}, ${matching(concept, "A")})`),
          sql`, `,
        )}) as concept(position, anywhere, headed)
        order by concept.position`,
    );
    const weights = rows.map((row) => weightOf(Number(row.frequency)));
    return {
      concepts,
      weights,
      shares: sharesOf(concepts, weights),
      queries: rows.map((row) => ({ anywhere: withoutRepeats(row.anywhere), headed: withoutRepeats(row.headed) })),
      corrected: changed ? concepts.map((concept) => concept.text).join(" ") : null,
      instructed: query.instructed,
    };
  }

  /** The candidate passages of a read query, each with its score and coverage, as a subquery. */
  function scored(query: ReadConcepts): SQL {
    const { concepts, weights } = query;
    const anywhere = (index: number) => sql`${query.queries[index]!.anywhere}::tsquery`;
    const headed = (index: number) => sql`${query.queries[index]!.headed}::tsquery`;
    const any = sql.join(
      concepts.map((_, index) => anywhere(index)),
      sql` || `,
    );
    const known = weights.filter((weight) => weight < weightOf(0));
    const rarest = Math.max(0, weights.indexOf(Math.max(...known)));
    // Each concept is matched once per passage (its text, its heading, its page's title), then weighed.
    const score = sql.join(
      concepts.map(
        (_, index) =>
          sql`(in_${sql.raw(String(index))}::int + head_${sql.raw(String(index))}::int * ${sql.raw(String(HEADING_BONUS))} + title_${sql.raw(String(index))}::int * title_share) * ${sql.raw(String(weights[index]))}`,
      ),
      sql` + `,
    );
    // A concept in a passage's page title is held by the passage as well.
    const held = sql.join(
      concepts.map((_, index) => sql`(in_${sql.raw(String(index))} or title_${sql.raw(String(index))})::int`),
      sql`, `,
    );
    const matches = sql.join(
      concepts.map(
        (_, index) =>
          // A heading is looked in only when the passage holds the concept at all: most hold one concept of several.
          sql`candidate.search @@ ${anywhere(index)} as in_${sql.raw(String(index))},
            (candidate.search @@ ${anywhere(index)} and candidate.search @@ ${headed(index)}) as head_${sql.raw(String(index))},
            ${searchDocuments.rankSearch} @@ ${headed(index)} as title_${sql.raw(String(index))}`,
      ),
      sql`, `,
    );
    return sql`
      select document_key, position, heading, text, title, url, kind, (${score}) * ${kindWeight(concepts)} as score, array[${held}]::float8[] as held
      from (
      select candidate.document_key, candidate.position, candidate.heading, candidate.text,
        ${searchDocuments.title} as title, ${searchDocuments.url} as url, ${searchDocuments.kind} as kind, ${TITLE_BONUS} as title_share, ${matches}
      from (
        select * from ${searchPassages} where ${OWN_PASSAGE} and ${searchPassages.search} @@ (${any})
        union all
        select * from ${searchPassages}
        where ${searchPassages.documentKey} in (
          select ${searchDocuments.key} from ${searchDocuments} where ${searchDocuments.kind} = 'post' and ${searchDocuments.rankSearch} @@ ${anywhere(rarest)} limit ${POST_CANDIDATES}
        ) and ${searchPassages.search} @@ (${any})
      ) candidate
      join ${searchDocuments} on ${searchDocuments.key} = candidate.document_key
      where ${visible()}
      ) matched`;
  }

  const passageOf = (row: Record<string, unknown>, shares: number[]): ScoredPassage => ({
    documentKey: String(row.document_key),
    position: Number(row.position),
    heading: String(row.heading),
    text: String(row.text),
    title: String(row.title),
    url: String(row.url),
    kind: row.kind as SearchKind,
    score: Number(row.score),
    coverage: coverageOf((row.held as number[]).map(Number), shares),
    held: (row.held as number[]).map(Number),
  });

  return {
    read,

    /** The best passages for a read query, best first. */
    async passages(query: ReadConcepts, limit: number): Promise<ScoredPassage[]> {
      if (query.concepts.length === 0) return [];
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from (${scored(query)}) passage order by score desc, position, document_key limit ${limit}`,
      );
      return rows.map((row) => passageOf(row, query.shares));
    },

    /**
     * Documents ranked by their best passage, a page of them, with how many there are (up to `cap`);
     * each with its best passage, cut around the words asked for.
     */
    async documents(query: ReadConcepts, page: { limit: number; offset: number; cap: number; highlight: SQL; headline: string }) {
      if (query.concepts.length === 0) return { rows: [], total: 0 };
      const rows = await queryRows<Record<string, unknown> & { headline: string; total: number }>(
        db,
        sql`
        select best.*, ts_headline('simple', best.heading || ' – ' || best.text, ${page.highlight}, ${page.headline}) as headline from (
          select *, count(*) over () as total from (
            select distinct on (document_key) * from (${scored(query)}) passage
            order by document_key, score desc, position
          ) per_document
          order by score desc, document_key
          limit ${page.limit} offset ${page.offset}
        ) best
        order by best.score desc, best.document_key`,
      );
      return { rows: rows.map((row) => ({ ...passageOf(row, query.shares), headline: row.headline })), total: Math.min(page.cap, Number(rows[0]?.total ?? 0)) };
    },

    /** The words a snippet marks: each alternative's words as typed, as the start of a word. */
    highlight(query: ReadConcepts): SQL | undefined {
      const all = [...new Set(query.concepts.flatMap((concept) => concept.alternatives.flat()))];
      const words = all.some((word) => !isFiller(word)) ? all.filter((word) => !isFiller(word)) : all;
      return words.length > 0 ? sql`to_tsquery('simple', ${words.map((word) => `'${word}':*`).join(" | ")})` : undefined;
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
