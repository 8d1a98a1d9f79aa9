import { describe, expect, it } from "vitest";
import { snippetParts } from "./highlight";

const marked = (snippet: string, highlights: [number, number][]) =>
  snippetParts(snippet, highlights)
    .map((part) => (part.marked ? `[${part.text}]` : part.text))
    .join("");

describe("a snippet's highlights", () => {
  it("marks each matched word once, in order, whatever order they come in", () => {
    expect(
      marked("Cloud migration and cloud costs", [
        [20, 25],
        [0, 5],
      ]),
    ).toBe("[Cloud] migration and [cloud] costs");
    expect(marked("no match here", [])).toBe("no match here");
  });

  it("shows every character once when ranges overlap, run past the end or are empty", () => {
    expect(
      marked("security audits", [
        [0, 8],
        [4, 12],
        [12, 99],
        [3, 3],
        [-5, 0],
      ]),
    ).toBe("[security][ aud][its]");
    expect(snippetParts("abc", [[1, 2]])).toEqual([
      { text: "a", marked: false },
      { text: "b", marked: true },
      { text: "c", marked: false },
    ]);
  });
});
