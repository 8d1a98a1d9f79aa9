/**
 * How each editable content type is laid out in the admin's editor: its fields, their labels and the
 * page that shows it. Plain values, no zod (decision 020): the editor's script draws the form from them,
 * and the server reads a posted form back into a draft with them. The schemas are in ./site-content.
 */

/** The address parameter of an editor's preview (`?preview=draft`): the page with the newest revision in place of what is live. */
export const PREVIEW_PARAMETER = "preview";

export const SITE_CONTENT_TYPES = ["testimonials", "faq", "pricing", "legal"] as const;
export type SiteContentType = (typeof SITE_CONTENT_TYPES)[number];

export const isSiteContentType = (value: string): value is SiteContentType => (SITE_CONTENT_TYPES as readonly string[]).includes(value);

export type ContentField =
  | { kind: "text"; name: string; label: string; hint?: string }
  | { kind: "paragraph"; name: string; label: string; hint?: string }
  /** Paragraphs of one text, a blank line between them. */
  | { kind: "paragraphs"; name: string; label: string; hint?: string }
  | { kind: "number"; name: string; label: string; min: number; max: number }
  /** A calendar day, "2023-06-15". */
  | { kind: "date"; name: string; label: string; hint?: string }
  | { kind: "choice"; name: string; label: string; options: readonly { value: string; label: string }[] }
  /** A list of short texts, one a line. */
  | { kind: "lines"; name: string; label: string; hint?: string }
  | { kind: "group"; name: string; label: string; fields: readonly ContentField[] }
  /** A list of items each made of the same fields; items are added, removed and moved in the editor. */
  | { kind: "list"; name: string; label: string; itemLabel: string; titleField: string; fields: readonly ContentField[] };

export interface ContentTypeForm {
  label: string;
  /** What the type is and where it shows, for the editor's list. */
  description: string;
  /** The public page that shows it: the preview and the "view" link. */
  page: string;
  fields: readonly ContentField[];
}

const TONE_OPTIONS = [
  { value: "crimson", label: "Crimson" },
  { value: "indigo", label: "Indigo" },
  { value: "cyan", label: "Cyan" },
  { value: "emerald", label: "Emerald" },
  { value: "amber", label: "Amber" },
  { value: "violet", label: "Violet" },
] as const;

export const CONTENT_FORMS: Record<SiteContentType, ContentTypeForm> = {
  testimonials: {
    label: "Testimonials",
    description: "The client quotes that take turns on the home page.",
    page: "/",
    fields: [
      { kind: "text", name: "eyebrow", label: "Eyebrow" },
      { kind: "text", name: "title", label: "Section title" },
      {
        kind: "list",
        name: "items",
        label: "Testimonials",
        itemLabel: "Testimonial",
        titleField: "name",
        fields: [
          { kind: "text", name: "name", label: "Name" },
          { kind: "text", name: "role", label: "Role" },
          { kind: "text", name: "company", label: "Company" },
          { kind: "paragraph", name: "content", label: "Quote" },
          { kind: "text", name: "avatar", label: "Initials", hint: "Drawn into the avatar, e.g. SL." },
          { kind: "number", name: "rating", label: "Stars", min: 1, max: 5 },
        ],
      },
    ],
  },
  faq: {
    label: "FAQ",
    description: "The questions and answers of the FAQ page, in groups.",
    page: "/faq",
    fields: [
      {
        kind: "list",
        name: "groups",
        label: "Groups",
        itemLabel: "Group",
        titleField: "title",
        fields: [
          { kind: "text", name: "title", label: "Group title" },
          { kind: "text", name: "id", label: "Anchor", hint: "The group's address on the page (/faq#anchor): lower-case words joined by hyphens." },
          {
            kind: "list",
            name: "entries",
            label: "Questions",
            itemLabel: "Question",
            titleField: "question",
            fields: [
              { kind: "text", name: "question", label: "Question" },
              { kind: "paragraph", name: "answer", label: "Answer" },
            ],
          },
        ],
      },
    ],
  },
  pricing: {
    label: "Pricing",
    description: "The Startup Special banner and what each service includes, on the pricing page.",
    page: "/pricing",
    fields: [
      {
        kind: "group",
        name: "banner",
        label: "Startup Special banner",
        fields: [
          { kind: "text", name: "title", label: "Banner title" },
          { kind: "paragraph", name: "text", label: "Banner text" },
        ],
      },
      {
        kind: "list",
        name: "services",
        label: "Services",
        itemLabel: "Service",
        titleField: "name",
        fields: [
          {
            kind: "choice",
            name: "id",
            label: "Service",
            options: [
              { value: "ai", label: "AI" },
              { value: "cybersecurity", label: "Cybersecurity" },
              { value: "cloud", label: "Cloud" },
              { value: "data-science", label: "Data science" },
              { value: "software", label: "Software" },
            ],
          },
          { kind: "text", name: "name", label: "Name" },
          { kind: "paragraph", name: "description", label: "Description" },
          { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
          { kind: "lines", name: "benefits", label: "Benefits", hint: "One a line." },
        ],
      },
    ],
  },
  legal: {
    label: "Legal pages",
    description: "The policies' effective and last-updated dates, shown on every policy page, and the Terms of Service.",
    page: "/terms",
    fields: [
      { kind: "date", name: "effective", label: "Effective date", hint: "Shown on the privacy and cookie policies." },
      { kind: "date", name: "updated", label: "Last updated", hint: "Shown on every policy page." },
      {
        kind: "group",
        name: "terms",
        label: "Terms of Service",
        fields: [
          { kind: "paragraph", name: "intro", label: "Introduction" },
          {
            kind: "list",
            name: "sections",
            label: "Sections",
            itemLabel: "Section",
            titleField: "title",
            fields: [
              { kind: "text", name: "title", label: "Section title" },
              { kind: "text", name: "id", label: "Anchor", hint: "The section's address on the page (/terms#anchor): lower-case words joined by hyphens." },
              { kind: "paragraphs", name: "paragraphs", label: "Text", hint: "A blank line between paragraphs." },
              { kind: "lines", name: "points", label: "Points", hint: "A bulleted list after the text, one point a line; may be empty." },
            ],
          },
        ],
      },
    ],
  },
};
