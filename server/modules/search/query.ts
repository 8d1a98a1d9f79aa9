import { INSTRUCTION, NARROWER, QUESTION_WORDS, STOP_WORDS, SYNONYMS } from "./thesaurus";

/** One thing a query asks about: a word or phrase, looked for as itself or as any word of its thesaurus group. */
export interface Concept {
  /** The words as the visitor wrote them. */
  text: string;
  /** What is looked for, each a phrase of one or more words; the visitor's own first. */
  alternatives: string[][];
  /** The visitor's single word when no thesaurus entry knows it: the one a misspelling may be corrected in. */
  word: string | null;
  /** The last word of a query still being typed: looked for as the start of a word too. */
  prefix: boolean;
}

export interface ReadQuery {
  concepts: Concept[];
  /** Whether a sentence instructing the assistant was left out. */
  instructed: boolean;
}

/** The most concepts a query is read for: a long paste is cut, not refused. */
const CONCEPTS_MAX = 12;
const WORD_MAX = 40;
/** The longest thesaurus phrase, in words. */
const PHRASE_WORDS_MAX = 4;

/** Contractions as their words, so "we'd" is not read as "wed" nor "can't" as "cant". */
const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan[’']t\b/g, "can not"],
  [/\bwon[’']t\b/g, "will not"],
  [/n[’']t\b/g, " not"],
  [/[’']d\b/g, " would"],
  [/[’']ll\b/g, " will"],
  [/[’']re\b/g, " are"],
  [/[’']ve\b/g, " have"],
  [/\bi[’']m\b/g, "i am"],
];

/** Text as the words it is made of, lower-cased: only letters and digits, so nothing typed is query syntax. */
export const wordsOf = (text: string): string[] =>
  CONTRACTIONS.reduce((written, [contraction, words]) => written.replace(contraction, words), text.normalize("NFKC").toLowerCase())
    .replace(/[’']s\b/g, "")
    .replace(/[’']/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= WORD_MAX);

/** Each thesaurus phrase (as its words joined by a space) with every phrase of the groups it is in. */
const GROUPS = new Map<string, string[][]>();
for (const group of SYNONYMS) {
  const phrases = group.map(wordsOf).filter((words) => words.length > 0);
  for (const phrase of phrases) {
    const key = phrase.join(" ");
    const known = GROUPS.get(key) ?? [];
    GROUPS.set(key, [...known, ...phrases.filter((candidate) => !known.some((held) => held.join(" ") === candidate.join(" ")))]);
  }
}
// A broader word's group finds its narrower words too; they find only themselves.
for (const { broader, narrower } of NARROWER) {
  const group = SYNONYMS.find((words) => words.includes(broader))!.map(wordsOf);
  for (const phrase of group) GROUPS.set(phrase.join(" "), [...GROUPS.get(phrase.join(" "))!, ...narrower.map(wordsOf)]);
}

/** Words the thesaurus marks to be matched as written only ("=founded"). */
export const EXACT_WORDS: ReadonlySet<string> = new Set(SYNONYMS.flat().flatMap((entry) => (entry.startsWith("=") ? [entry.slice(1)] : [])));

/** Every word of the thesaurus: a misspelling is corrected towards these as well as towards the site's own words. */
export const THESAURUS_WORDS: readonly string[] = [
  ...new Set([...GROUPS.keys(), ...NARROWER.flatMap(({ narrower }) => narrower)].filter((key) => !key.includes(" "))),
];

/** A thesaurus entry for these words, also as a plural's singular ("pentests", "dashboards"). */
function entryFor(words: string[]): string[][] | undefined {
  const key = words.join(" ");
  return GROUPS.get(key) ?? (key.endsWith("s") && key.length > 3 ? GROUPS.get(key.slice(0, -1)) : undefined);
}

/**
 * The longest thesaurus phrase starting at a word: its words as written, or with stop words between them
 * left out ("images are loading" is "images loading"); a single word when none starts there.
 */
function phraseAt(words: string[], at: number): { length: number; entry?: string[][] } {
  for (let length = Math.min(PHRASE_WORDS_MAX, words.length - at); length > 1; length--) {
    const entry = entryFor(words.slice(at, at + length));
    if (entry) return { length, entry };
  }
  // The same, past the stop words inside the phrase: the words it needs, and how far they reach.
  const reach: number[] = [];
  for (let next = at + 1; next < words.length && reach.length < PHRASE_WORDS_MAX - 1; next++) if (!STOP_WORDS.has(words[next]!)) reach.push(next);
  for (let needed = reach.length; needed > 0; needed--) {
    const entry = entryFor([words[at]!, ...reach.slice(0, needed).map((index) => words[index]!)]);
    if (entry) return { length: reach[needed - 1]! - at + 1, entry };
  }
  return { length: 1 };
}

/** The words of a message, without its sentences that instruct rather than ask. */
function withoutInstructions(text: string): { kept: string; instructed: boolean } {
  const sentences = text.split(/(?<=[.!?])\s+|\n+/);
  const kept = sentences.filter((sentence) => !INSTRUCTION.test(sentence));
  return { kept: kept.join(" "), instructed: kept.length < sentences.length };
}

/** A word that says nothing of what is asked: a stop word or a question's wrapping. */
export const isFiller = (word: string) => STOP_WORDS.has(word) || QUESTION_WORDS.has(word);

/**
 * A query or question as the concepts it asks about: thesaurus phrases found first (the longest at each
 * place), stop words and question words left out, repeated concepts once. A search box's query may end in
 * the word being typed; a question sent whole (`typing: false`) ends in a finished word.
 */
export function readQuery(text: string, meant: ReadonlyMap<string, string> = new Map(), { typing = true } = {}): ReadQuery {
  const { kept, instructed } = withoutInstructions(text);
  const words = wordsOf(kept).map((word) => meant.get(word) ?? word);
  const units: Concept[] = [];
  for (let at = 0; at < words.length;) {
    const found = phraseAt(words, at);
    const phrase = words.slice(at, at + found.length);
    const entry = found.entry ?? entryFor(phrase);
    units.push({
      text: phrase.join(" "),
      alternatives: entry ? [phrase, ...entry.filter((alt) => alt.join(" ") !== phrase.join(" "))] : [phrase],
      word: entry ? null : phrase[0]!,
      prefix: false,
    });
    at += found.length;
  }
  // The word being typed (no space or punctuation after it yet) is looked for as the start of a word too.
  const last = units.at(-1);
  if (typing && last && /[\p{L}\p{N}]$/u.test(kept)) last.prefix = true;
  const isNot = (words: ReadonlySet<string>) => (unit: Concept) => unit.word === null || !words.has(unit.word);
  const meaningful = units.filter(isNot(STOP_WORDS)).filter(isNot(QUESTION_WORDS));
  const concepts: Concept[] = [];
  // A query of question words alone ("What services do you offer?") is read by them; stop words are never read.
  for (const unit of meaningful.length > 0 ? meaningful : units.filter(isNot(STOP_WORDS))) {
    const key = unit.alternatives
      .map((alt) => alt.join(" "))
      .sort()
      .join("|");
    if (
      !concepts.some(
        (held) =>
          held.alternatives
            .map((alt) => alt.join(" "))
            .sort()
            .join("|") === key,
      )
    )
      concepts.push(unit);
  }
  return { concepts: concepts.slice(0, CONCEPTS_MAX), instructed };
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment):
 * "expret" is one slip from "expert", as a person sees it.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}

/**
 * How many slips a word of this length may hold and still be read as the word meant: one, and two from
 * nine letters, as Meilisearch and Algolia count them. Two in a word of five to eight letters read names
 * the site never uses as its own words ("tesla" as "test").
 */
export const slipsAllowed = (word: string) => (word.length <= 8 ? 1 : 2);

/** The share of two words' three-letter runs (each padded as pg_trgm pads it) they have in common, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  const runs = (word: string) => {
    const padded = `  ${word} `;
    return new Set(Array.from({ length: padded.length - 2 }, (_, at) => padded.slice(at, at + 3)));
  };
  const left = runs(a);
  const right = runs(b);
  const shared = [...left].filter((run) => right.has(run)).length;
  return shared / (left.size + right.size - shared);
}

/** Words a question is wrapped in, the likeliest reading of a slip one letter from one of them ("wen" is "when", not "went"). */
const FILLER_WORDS: readonly string[] = [...STOP_WORDS, ...QUESTION_WORDS].filter((word) => word.length >= 3);

/** The stop or question word a misspelt word of three letters or more is one slip from, if any. */
export const fillerMeant = (word: string): string | null =>
  word.length >= 3 ? (FILLER_WORDS.find((filler) => Math.abs(filler.length - word.length) <= 1 && editDistance(word, filler) === 1) ?? null) : null;

/** Below this, two words two slips apart look too different to be one misspelt as the other ("visas" is not "views"). */
const SIMILARITY_FOR_TWO_SLIPS = 0.3;

/** Prefixes that turn a word into its opposite: "unsubscribe" is not a slip of "subscribe". */
const NEGATING_PREFIXES = ["un", "dis", "non", "in", "im", "ir", "il", "mis"];
const negates = (word: string, candidate: string) => NEGATING_PREFIXES.some((prefix) => word === `${prefix}${candidate}`);

/**
 * The word meant by a misspelt one: the candidate fewest slips away, within those allowed for its length,
 * and of those the one that looks most like it ("sundys" is "sunday", not "sends").
 */
export function nearestWord(word: string, candidates: Iterable<string>): string | null {
  let best: { word: string; distance: number; similarity: number } | null = null;
  for (const candidate of candidates) {
    if (candidate === word || Math.abs(candidate.length - word.length) > slipsAllowed(word) || negates(word, candidate)) continue;
    const distance = editDistance(word, candidate);
    if (distance > slipsAllowed(word)) continue;
    const similarity = trigramSimilarity(word, candidate);
    if (distance > 1 && similarity < SIMILARITY_FOR_TWO_SLIPS) continue;
    if (!best || distance < best.distance || (distance === best.distance && similarity > best.similarity)) best = { word: candidate, distance, similarity };
  }
  // A plural misspelt in its stem ("sundys") is one slip from the singular once its "s" is set aside.
  if (!best && word.length > 4 && word.endsWith("s")) return nearestWord(word.slice(0, -1), candidates);
  return best?.word ?? null;
}
