import type { ContentField } from "#contracts/site-content-forms.ts";

/**
 * The content editor's form as plain data: each control is named by its field's path in the content
 * ("items.0.name"), so a posted form reads back into the same shape the schema checks, and a refusal
 * keyed by that path lands beside its control.
 */

type Value = Record<string, unknown>;

export const fieldPath = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);

/** The indices of a list's items in a posted form, in their order. */
function itemIndices(form: FormData, path: string): number[] {
  const prefix = `${path}.`;
  const found = new Set<number>();
  for (const key of form.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = /^(\d{1,3})\./.exec(key.slice(prefix.length));
    if (index) found.add(Number(index[1]));
  }
  return [...found].sort((a, b) => a - b);
}

const text = (form: FormData, path: string) => {
  const value = form.get(path);
  return typeof value === "string" ? value : "";
};

/** A posted editor form as the content it describes, not yet checked. */
export function readContentForm(fields: readonly ContentField[], form: FormData, parent = ""): Value {
  const value: Value = {};
  for (const field of fields) {
    const path = fieldPath(parent, field.name);
    if (field.kind === "group") value[field.name] = readContentForm(field.fields, form, path);
    else if (field.kind === "list") value[field.name] = itemIndices(form, path).map((i) => readContentForm(field.fields, form, `${path}.${i}`));
    else if (field.kind === "paragraphs")
      value[field.name] = text(form, path)
        .split(/(?:\r?\n\s*){2,}/)
        .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, " ").trim())
        .filter(Boolean);
    else if (field.kind === "lines")
      value[field.name] = text(form, path)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
    else if (field.kind === "image") {
      // A photo is its id in the media library (set by the upload) and its description; asked to go, it is none.
      const id = text(form, `${path}.id`).trim();
      value[field.name] = id && !form.has(`${path}.remove`) ? { id, alt: text(form, `${path}.alt`) } : null;
    } else value[field.name] = text(form, path);
  }
  return value;
}

/** A new item of a list: every field empty, as the editor fills it in. */
function blankOf(fields: readonly ContentField[]): Value {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.kind === "group"
        ? blankOf(field.fields)
        : field.kind === "list" || field.kind === "lines" || field.kind === "paragraphs"
          ? []
          : field.kind === "image"
            ? null
            : "",
    ]),
  );
}

/** The list field a path names, and the list itself within `value`. */
function listAt(fields: readonly ContentField[], value: Value, path: string): { field: Extract<ContentField, { kind: "list" }>; items: unknown[] } | undefined {
  const steps = path.split(".");
  let current: unknown = value;
  let within: readonly ContentField[] = fields;
  let found: Extract<ContentField, { kind: "list" }> | undefined;
  for (const step of steps) {
    if (/^\d+$/.test(step)) {
      current = Array.isArray(current) ? current[Number(step)] : undefined;
      continue;
    }
    const field = within.find((candidate) => candidate.name === step);
    if (!field || (field.kind !== "list" && field.kind !== "group")) return undefined;
    current = (current as Value | undefined)?.[step];
    within = field.fields;
    found = field.kind === "list" ? field : undefined;
  }
  return found && Array.isArray(current) ? { field: found, items: current } : undefined;
}

export type ListChange = { kind: "add"; list: string } | { kind: "remove" | "up" | "down"; list: string; index: number };

/** A list button's intent ("add:items", "remove:items.2", "up:groups.0.entries.3") as the change it asks for. */
export function listChangeOf(intent: string): ListChange | undefined {
  const add = /^add:([a-z]+(?:\.\d+\.[a-z]+)*)$/i.exec(intent);
  if (add) return { kind: "add", list: add[1]! };
  const item = /^(remove|up|down):([a-z]+(?:\.\d+\.[a-z]+)*)\.(\d+)$/i.exec(intent);
  if (item) return { kind: item[1] as "remove" | "up" | "down", list: item[2]!, index: Number(item[3]) };
  return undefined;
}

/**
 * Adds, removes or moves an item of one of the form's lists, in place; says what it did in the editor's
 * words ("Testimonial 4 added"), or undefined when the change makes no sense for this form.
 */
export function applyListChange(fields: readonly ContentField[], value: Value, change: ListChange): string | undefined {
  const list = listAt(fields, value, change.list);
  if (!list) return undefined;
  const { field, items } = list;
  if (change.kind === "add") {
    items.push(blankOf(field.fields));
    return `${field.itemLabel} ${items.length} added at the end of ${field.label}.`;
  }
  const { index } = change;
  if (index < 0 || index >= items.length) return undefined;
  if (change.kind === "remove") {
    items.splice(index, 1);
    return `${field.itemLabel} ${index + 1} removed.`;
  }
  const to = change.kind === "up" ? index - 1 : index + 1;
  if (to < 0 || to >= items.length) return undefined;
  [items[index], items[to]] = [items[to], items[index]];
  return `${field.itemLabel} ${index + 1} moved to place ${to + 1}.`;
}
