import { describe, expect, it } from "vitest";
import { CONTENT_FORMS, SITE_CONTENT_TYPES, type ContentField } from "#contracts/site-content-forms.ts";
import { photoIdsIn, SITE_CONTENT_SCHEMAS } from "#contracts/site-content.ts";
import { SHIPPED_CONTENT } from "../../server/modules/content/shipped";
import { applyListChange, fieldPath, listChangeOf, readContentForm } from "./content-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

/** What the editor's form posts for a value: each control by its path, as ContentFields names them. */
function posted(fields: readonly ContentField[], value: Record<string, unknown>, parent = ""): [string, string][] {
  return fields.flatMap((field): [string, string][] => {
    const path = fieldPath(parent, field.name);
    const own = value[field.name];
    if (field.kind === "group") return posted(field.fields, own as Record<string, unknown>, path);
    if (field.kind === "list") return (own as Record<string, unknown>[]).flatMap((item, i) => posted(field.fields, item, `${path}.${i}`));
    if (field.kind === "lines") return [[path, (own as string[]).join("\n")]];
    if (field.kind === "paragraphs") return [[path, (own as string[]).join("\n\n")]];
    if (field.kind === "image") {
      const photo = own as { id: string; alt: string } | null;
      return photo
        ? [
            [`${path}.id`, photo.id],
            [`${path}.alt`, photo.alt],
          ]
        : [[`${path}.alt`, ""]];
    }
    return [[path, String(own)]];
  });
}

describe("the content editor's form", () => {
  it.each(SITE_CONTENT_TYPES)("gives back the shipped %s unchanged when posted as drawn, and the schema takes it", (type) => {
    const read = readContentForm(CONTENT_FORMS[type].fields, form(posted(CONTENT_FORMS[type].fields, SHIPPED_CONTENT[type] as Record<string, unknown>)));
    expect(SITE_CONTENT_SCHEMAS[type].parse(read)).toEqual(SHIPPED_CONTENT[type]);
  });

  it("reads a photo as its id and description, none when removed or never uploaded, and a photo without a description is refused", () => {
    const id = "0123456789abcdef0123456789abcdef";
    const base = posted(CONTENT_FORMS.team.fields, SHIPPED_CONTENT.team as unknown as Record<string, unknown>);
    const withPhotos = form([
      ...base.filter(([name]) => !name.startsWith("leaders.0.photo")),
      ["leaders.0.photo.id", id],
      ["leaders.0.photo.alt", "Aarav at his desk"],
      ["leaders.1.photo.id", id],
      ["leaders.1.photo.remove", "on"],
    ]);
    const read = readContentForm(CONTENT_FORMS.team.fields, withPhotos) as { leaders: { photo: unknown }[] };
    expect(read.leaders.map((leader) => leader.photo)).toEqual([{ id, alt: "Aarav at his desk" }, null, null, null]);
    expect(photoIdsIn(read)).toEqual([id]);

    const unsaid = form([...base, ["leaders.2.photo.id", id]]);
    const refused = SITE_CONTENT_SCHEMAS.team.safeParse(readContentForm(CONTENT_FORMS.team.fields, unsaid));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["leaders.2.photo.alt", "Describe the photo for visitors who cannot see it."],
    ]);
  });

  it("adds a person without a photo", () => {
    const value = structuredClone(SHIPPED_CONTENT.team) as unknown as { leaders: Record<string, unknown>[] };
    expect(applyListChange(CONTENT_FORMS.team.fields, value, listChangeOf("add:leaders")!)).toBe("Person 5 added at the end of Leadership.");
    expect(value.leaders[4]).toMatchObject({ name: "", photo: null });
  });

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
