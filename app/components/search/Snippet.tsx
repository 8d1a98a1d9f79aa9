import type { SearchResult } from "#contracts/search.ts";
import { snippetParts } from "./highlight";

/** A result's snippet with the words the search matched drawn as marks. */
export function Snippet({ result }: { result: Pick<SearchResult, "snippet" | "highlights"> }) {
  return snippetParts(result.snippet, result.highlights).map((part, i) =>
    part.marked ? (
      <mark key={i} className="rounded-sm bg-amber-100 text-ink-950">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
