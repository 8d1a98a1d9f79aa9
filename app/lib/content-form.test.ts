import { describe, expect, it } from "vitest";
import { CONTENT_FORMS } from "#contracts/site-content-forms.ts";
import { applyListChange, listChangeOf, readContentForm } from "./content-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the content editor's form", () => {
  it("reads a posted form back into the content's shape: lists in order, lines one a line, paragraphs split at blank lines", () => {
    const posted = form([
      ["effective", "2023-01-01"],
      ["updated", "2024-02-02"],
      ["terms.intro", "Read these."],
      ["terms.sections.1.title", "Second"],
      ["terms.sections.1.id", "second"],
      ["terms.sections.1.paragraphs", "One line\nwrapped.\n\n  \nTwo."],
      ["terms.sections.1.points", " a \n\nb\r\n"],
      ["terms.sections.0.title", "First"],
      ["terms.sections.0.id", "first"],
      ["terms.sections.0.paragraphs", "Only."],
      ["terms.sections.0.points", ""],
    ]);
    expect(readContentForm(CONTENT_FORMS.legal.fields, posted)).toEqual({
      effective: "2023-01-01",
      updated: "2024-02-02",
      terms: {
        intro: "Read these.",
        sections: [
          { title: "First", id: "first", paragraphs: ["Only."], points: [] },
          { title: "Second", id: "second", paragraphs: ["One line wrapped.", "Two."], points: ["a", "b"] },
        ],
      },
    });
  });

  it("adds, moves and removes items of nested lists, and refuses changes the form has no list for", () => {
    const value = { groups: [{ id: "a", title: "A", entries: [{ question: "Q1", answer: "A1" }] }] };
    expect(applyListChange(CONTENT_FORMS.faq.fields, value, listChangeOf("add:groups.0.entries")!)).toBe("Question 2 added at the end of Questions.");
    expect(value.groups[0]!.entries[1]).toEqual({ question: "", answer: "" });
    expect(applyListChange(CONTENT_FORMS.faq.fields, value, listChangeOf("up:groups.0.entries.1")!)).toBe("Question 2 moved to place 1.");
    expect(value.groups[0]!.entries.map((entry) => entry.question)).toEqual(["", "Q1"]);
    expect(applyListChange(CONTENT_FORMS.faq.fields, value, listChangeOf("remove:groups.0.entries.0")!)).toBe("Question 1 removed.");
    expect(value.groups[0]!.entries).toEqual([{ question: "Q1", answer: "A1" }]);
    expect(applyListChange(CONTENT_FORMS.faq.fields, value, listChangeOf("up:groups.0.entries.0")!)).toBeUndefined();
    expect(applyListChange(CONTENT_FORMS.faq.fields, value, listChangeOf("add:groups.0.title")!)).toBeUndefined();
    expect(listChangeOf("drop:groups")).toBeUndefined();
    expect(listChangeOf("add:groups.x.entries")).toBeUndefined();
  });
});
