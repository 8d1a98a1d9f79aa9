import type { SearchKind } from "#contracts/search.ts";

/** A stretch of a document the assistant can answer with: what it is about, and its words. */
export interface Passage {
  heading: string;
  text: string;
}

/** What the index holds of one public thing; made by the area that owns it, kept by the search module. */
export interface IndexedDocument {
  key: string;
  kind: SearchKind;
  url: string;
  title: string;
  body: string;
  visibleFrom: Date | null;
  visibleUntil: Date | null;
  passages: Passage[];
}

/** The most a passage holds; a longer paragraph is cut at a sentence. */
const PASSAGE_MAX = 700;
/** A paragraph shorter than this joins the next one, so a passage says something on its own. */
const PASSAGE_MIN = 60;

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Markdown as a reader sees it: the words without the markup. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(CONTROL, "")
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*\n?/g, ""))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([\s\S]*?\S)\1/g, "$2");
}

/** Cuts text longer than a passage at its last sentence end that fits. */
function cutToPassages(text: string): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > PASSAGE_MAX) {
    const window = rest.slice(0, PASSAGE_MAX);
    const end = Math.max(window.lastIndexOf(". "), window.lastIndexOf("? "), window.lastIndexOf("! "));
    const at = end > PASSAGE_MIN ? end + 1 : window.lastIndexOf(" ") > 0 ? window.lastIndexOf(" ") : PASSAGE_MAX;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * A markdown article as passages: its paragraphs, each under the section heading it sits in (the
 * title before the first), short ones joined to the next.
 */
export function markdownPassages(title: string, markdown: string): Passage[] {
  const passages: Passage[] = [];
  let heading = title;
  let pending = "";
  const flush = () => {
    for (const text of cutToPassages(pending)) passages.push({ heading, text });
    pending = "";
  };
  for (const block of markdown.replace(CONTROL, "").split(/\n\s*\n/)) {
    const section = /^\s{0,3}#{1,6}\s+(.+)$/.exec(block.trim());
    if (section && !block.trim().includes("\n")) {
      flush();
      heading = markdownToText(section[1]!).trim();
      continue;
    }
    const text = markdownToText(block)
      .replace(/\s*\n\s*/g, " ")
      .trim();
    if (!text) continue;
    pending = pending ? `${pending} ${text}` : text;
    if (pending.length >= PASSAGE_MIN) flush();
  }
  flush();
  return passages;
}

/** Keys of typed content that name where something points or how it looks, not what it says. */
const NOT_TEXT = new Set([
  ...["id", "tone", "path", "to", "href", "url", "icon", "image", "motif", "variant", "color", "seo", "keywords", "tabs", "avatar", "emoji", "rating"],
  ...["initials", "photo", "linkedin", "flag"],
  // What the interface says rather than what the page tells: buttons, empty states, errors, form labels.
  ...["action", "actions", "empty", "emptyHint", "loadError", "error", "errors", "fallbackError", "networkError", "retry", "submit", "busy", "sending"],
  ...["placeholder", "form", "labels", "apply", "openings", "primary", "secondary"],
  // The cookie preferences' switches: their states and buttons ("Always active", "Blocked", "Reject All").
  ...["alwaysActive", "allowed", "blocked", "save", "saved", "rejectAll"],
]);
/**
 * Whether a field is the interface's rather than the page's words: an accessible name, a form's label or
 * a field's placeholder ("endpointsLabel", "searchPlaceholder"), what a button says once pressed
 * ("dpaConfirmation"), or which tab starts open ("defaultEndpoint"). A button's own words stay: "Download
 * DPA (PDF)" tells what the page offers.
 */
const isInterfaceKey = (key: string) => NOT_TEXT.has(key) || /(Label|Placeholder|Confirmation)$|^default[A-Z]/.test(key);
/**
 * A field's words. An address is read as what it is, which its words alone do not say: a profile's as its
 * name ("LinkedIn: https://…"), an e-mail address as one ("Email: dpo@…", for "is there a DPO I can email?").
 */
const fieldText = (key: string, field: string) =>
  /^https?:\/\//.test(field)
    ? `${key[0]!.toUpperCase()}${key.slice(1)}: ${field}`
    : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(field)
      ? `Email: ${field}`
      : field.trim();
/** The most words an item's name has for its section to list it. */
const ITEM_NAME_WORDS = 4;
/** The key whose value says what an object is about. */
const HEADING_KEYS = ["question", "title", "name", "label", "heading"];

const headingKeyOf = (value: Record<string, unknown>) => HEADING_KEYS.find((key) => typeof value[key] === "string");
const headingOf = (value: Record<string, unknown>): string[] => {
  const key = headingKeyOf(value);
  return key ? [value[key] as string] : [];
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const sentence = (text: string) => (/[.!?:…]$/.test(text) ? text : `${text}.`);

/**
 * The passages of a page's typed copy (`app/content/`): each object with something to say becomes
 * one passage, headed by its title, question or name, holding its other texts and lists; objects
 * within it become passages of their own, so an FAQ group yields one passage per question.
 */
export function contentPassages(pageTitle: string, ...content: unknown[]): Passage[] {
  const passages: Passage[] = [];
  const visit = (value: unknown, heading: string) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, heading);
      return;
    }
    if (!isRecord(value)) return;
    const headingKey = headingKeyOf(value);
    const ownHeading = headingKey ? (value[headingKey] as string) : heading;
    const texts: string[] = [];
    for (const [key, field] of Object.entries(value)) {
      if (key === headingKey || isInterfaceKey(key)) continue;
      if (typeof field === "string") texts.push(sentence(fieldText(key, field)));
      else if (Array.isArray(field) && field.every((item) => typeof item === "string")) texts.push(sentence(field.join("; ")));
    }
    // A section that lists short-named items of its own names them, so it answers for the whole list
    // ("Core Values: … Innovation; Integrity; …"); a list of questions or articles says too much to repeat.
    const items = Object.entries(value).flatMap(([key, field]) =>
      isInterfaceKey(key) || !Array.isArray(field) ? [] : field.flatMap((item) => (isRecord(item) ? headingOf(item) : [])),
    );
    if (texts.length > 0 && items.length > 1 && items.every((item) => item.split(/\s+/).length <= ITEM_NAME_WORDS)) texts.push(sentence(items.join("; ")));
    const text = texts.filter((part) => part !== ".").join(" ");
    if (text) for (const piece of cutToPassages(text)) passages.push({ heading: ownHeading, text: piece });
    for (const [key, field] of Object.entries(value)) {
      if (isInterfaceKey(key) || typeof field === "string") continue;
      if (Array.isArray(field) && field.every((item) => typeof item === "string")) continue;
      visit(field, ownHeading);
    }
  };
  for (const part of content) visit(part, pageTitle);
  return passages;
}

/** A document's searchable body: its passages, headings included, as one text. */
export function bodyOf(passages: Passage[]): string {
  const lines: string[] = [];
  let lastHeading = "";
  for (const passage of passages) {
    if (passage.heading !== lastHeading) lines.push(sentence(passage.heading));
    lines.push(passage.text);
    lastHeading = passage.heading;
  }
  return lines.join(" ");
}
