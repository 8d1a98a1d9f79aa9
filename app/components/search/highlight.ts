/** A piece of a snippet, marked when it is one of the words the search matched. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * Cuts a snippet at its highlights ([start, end) offsets): in order, clipped to the snippet, and an
 * overlapping or empty range adds nothing, so whatever the server sends, every character shows once.
 */
export function snippetParts(snippet: string, highlights: readonly (readonly [number, number])[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [from, to] of [...highlights].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(from, at);
    const end = Math.min(to, snippet.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), marked: false });
    parts.push({ text: snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}
