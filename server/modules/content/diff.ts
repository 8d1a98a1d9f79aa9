import type { ContentField } from "#contracts/site-content-forms.ts";

/** One field that differs between two revisions, named as the editor labels it ("Testimonials › 2 › Quote"). */
export interface Difference {
  field: string;
  before: string | null;
  after: string | null;
}

type Flat = Map<string, { label: string; text: string }>;

const asText = (value: unknown): string => (Array.isArray(value) ? value.map(asText).join("\n") : value === undefined || value === null ? "" : String(value));

/** A body as the editor's fields see it: each leaf field's path, its label and its text. */
function flatten(fields: readonly ContentField[], value: unknown, path: string, label: string, into: Flat) {
  const record = (value ?? {}) as Record<string, unknown>;
  for (const field of fields) {
    const at = path ? `${path}.${field.name}` : field.name;
    const named = label ? `${label} › ${field.label}` : field.label;
    if (field.kind === "group") flatten(field.fields, record[field.name], at, named, into);
    else if (field.kind === "list") {
      const items = Array.isArray(record[field.name]) ? (record[field.name] as unknown[]) : [];
      items.forEach((item, i) => flatten(field.fields, item, `${at}.${i}`, `${named} › ${field.itemLabel} ${i + 1}`, into));
    } else if (field.kind === "paragraphs") {
      const paragraphs = Array.isArray(record[field.name]) ? (record[field.name] as unknown[]) : [];
      into.set(at, { label: named, text: paragraphs.map(asText).join("\n\n") });
    } else into.set(at, { label: named, text: asText(record[field.name]) });
  }
}

/** What changed from `before` to `after`, field by field, in the form's order; an item added or removed shows as its fields appearing or going. */
export function differences(fields: readonly ContentField[], before: unknown, after: unknown): Difference[] {
  const old: Flat = new Map();
  const now: Flat = new Map();
  if (before !== undefined) flatten(fields, before, "", "", old);
  flatten(fields, after, "", "", now);
  const changes: Difference[] = [];
  for (const [path, { label, text }] of now) {
    const was = old.get(path);
    if (was?.text !== text) changes.push({ field: label, before: was ? was.text : null, after: text });
  }
  for (const [path, { label, text }] of old) if (!now.has(path)) changes.push({ field: label, before: text, after: null });
  return changes;
}
