import { describe, expect, it } from "vitest";
import { EXCERPT_MAX_CHARS, firstWords } from "./conversations";

describe("the first words of a message, as the account page lists a conversation by them", () => {
  it.each([
    ["Can you invoice in rupees?", "Can you invoice in rupees?"],
    ["  We need\n\na data\tpipeline.  ", "We need a data pipeline."],
    ["one two three four five six seven eight nine ten eleven twelve", "one two three four five six seven eight nine ten eleven twelve"],
    ["one two three four five six seven eight nine ten eleven twelve thirteen", "one two three four five six seven eight nine ten eleven twelve…"],
    ["", ""],
  ])("%j → %j", (message, expected) => expect(firstWords(message)).toBe(expected));

  it("stops before a word that would pass the length, and cuts a first word longer than it", () => {
    const long = "Internationalisation ".repeat(8);
    expect(firstWords(long)).toBe(`${"Internationalisation ".repeat(4).trim()}…`);
    expect(firstWords("x".repeat(200))).toBe(`${"x".repeat(EXCERPT_MAX_CHARS)}…`);
    expect(firstWords("😀".repeat(100))).toBe(`${"😀".repeat(EXCERPT_MAX_CHARS)}…`);
  });
});
