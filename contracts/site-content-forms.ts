/**
 * How each editable content type is laid out in the admin's editor: its fields, their labels and the
 * page that shows it. Plain values, no zod (decision 020): the editor's script draws the form from them,
 * and the server reads a posted form back into a draft with them. The schemas are in ./site-content.
 */

/** The address parameter of an editor's preview (`?preview=draft`): the page with the newest revision in place of what is live. */
export const PREVIEW_PARAMETER = "preview";

/** Each service page's content type, and the page it is. */
export const SERVICE_PAGES = {
  "service-ai": "/services/ai",
  "service-cloud": "/services/cloud",
  "service-cybersecurity": "/services/cybersecurity",
  "service-data-science": "/services/data-science",
  "service-software": "/services/software",
} as const;
export type ServiceContentType = keyof typeof SERVICE_PAGES;
const SERVICE_TYPES = Object.keys(SERVICE_PAGES) as ServiceContentType[];

/** The information pages staff edit, and where each is. */
export const INFO_PAGES = { expertise: "/expertise", success: "/success", partners: "/partners" } as const;
export type InfoContentType = keyof typeof INFO_PAGES;

export const SITE_CONTENT_TYPES = [
  ...["home", "testimonials", "faq", "pricing", "legal", "privacy", "cookies", "gdpr", "contact", "about", "process", "team", "journey"],
  ...SERVICE_TYPES,
  ...(Object.keys(INFO_PAGES) as InfoContentType[]),
] as const;
export type SiteContentType = (typeof SITE_CONTENT_TYPES)[number];

/** The icons a card, step or milestone may carry, by name: the pages hold the drawings. */
export const CONTENT_ICONS = [
  "Award",
  "BookOpen",
  "BrainCircuit",
  "Briefcase",
  "Cloud",
  "Code2",
  "Headphones",
  "HeartHandshake",
  "Lightbulb",
  "Lock",
  "PenTool",
  "Rocket",
  "Scale",
  "Search",
  "ShieldCheck",
  "TrendingUp",
] as const;
export type ContentIcon = (typeof CONTENT_ICONS)[number];

/** The pages the home page's quick links may point to. */
export const QUICK_LINK_PAGES = [
  { value: "/about", label: "About" },
  { value: "/expertise", label: "Expertise" },
  { value: "/success", label: "Success stories" },
  { value: "/partners", label: "Partners" },
  { value: "/pricing", label: "Pricing" },
  { value: "/faq", label: "FAQ" },
  { value: "/blog", label: "Blog" },
  { value: "/careers", label: "Careers" },
  { value: "/support", label: "Support" },
  { value: "/contact", label: "Contact" },
] as const;

/** The flags the site can draw beside a country's name. */
export const FLAG_CODES = ["fr"] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

export const isSiteContentType = (value: string): value is SiteContentType => (SITE_CONTENT_TYPES as readonly string[]).includes(value);

export type ContentField =
  | { kind: "text"; name: string; label: string; hint?: string }
  | { kind: "paragraph"; name: string; label: string; hint?: string }
  /** Long text written in Markdown (links, emphasis, lists), shown as the HTML it stands for, never as raw HTML. */
  | { kind: "markdown"; name: string; label: string; hint?: string }
  /** Paragraphs of one text, a blank line between them. */
  | { kind: "paragraphs"; name: string; label: string; hint?: string }
  /** A number; `step` "any" lets it hold decimals (a map's coordinates). */
  | { kind: "number"; name: string; label: string; min: number; max: number; step?: number | "any" }
  /** A calendar day, "2023-06-15". */
  | { kind: "date"; name: string; label: string; hint?: string }
  | { kind: "choice"; name: string; label: string; options: readonly { value: string; label: string }[] }
  /** A photo from the media library with its description: uploaded in the editor, removable. */
  | { kind: "image"; name: string; label: string; hint?: string }
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

/** "BrainCircuit" as "Brain circuit". */
const ICON_OPTIONS = CONTENT_ICONS.map((name) => ({
  value: name,
  label: name.replace(/(?<=[a-z])(?=[A-Z0-9])/g, " ").replace(/^(.)(.*)$/, (_all, first: string, rest: string) => first + rest.toLowerCase()),
}));

const POINT_FIELDS: readonly ContentField[] = [
  { kind: "text", name: "title", label: "Title" },
  { kind: "choice", name: "icon", label: "Icon", options: ICON_OPTIONS },
  { kind: "paragraph", name: "text", label: "Text" },
  { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
];

const PERSON_FIELDS: readonly ContentField[] = [
  { kind: "text", name: "name", label: "Name" },
  { kind: "image", name: "photo", label: "Photo", hint: "A JPEG, PNG or WebP up to 5 MB, resized for the page. Without one, the initials are drawn." },
  { kind: "text", name: "initials", label: "Initials", hint: "Drawn when there is no photo, e.g. AS." },
  { kind: "text", name: "linkedin", label: "LinkedIn address" },
  { kind: "text", name: "experience", label: "Experience" },
];

const SERVICE_FIELDS: readonly ContentField[] = [
  { kind: "text", name: "title", label: "Title" },
  { kind: "text", name: "eyebrow", label: "Eyebrow" },
  { kind: "paragraph", name: "subtitle", label: "Subtitle" },
  { kind: "paragraph", name: "description", label: "Description for search engines" },
  { kind: "lines", name: "keywords", label: "Keywords for search engines", hint: "One a line." },
  {
    kind: "list",
    name: "topics",
    label: "Topics",
    itemLabel: "Topic",
    titleField: "title",
    fields: [
      { kind: "text", name: "title", label: "Title" },
      { kind: "text", name: "id", label: "Anchor", hint: "The topic's address on the page: lower-case words joined by hyphens." },
      { kind: "paragraph", name: "description", label: "Description" },
      { kind: "lines", name: "features", label: "Features", hint: "One a line." },
      { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
    ],
  },
];

const SERVICE_NAMES: Record<ServiceContentType, string> = {
  "service-ai": "AI Solutions",
  "service-cloud": "Cloud Computing",
  "service-cybersecurity": "Cybersecurity",
  "service-data-science": "Data Science",
  "service-software": "Software Development",
};

const SERVICE_FORMS = Object.fromEntries(
  SERVICE_TYPES.map((type) => [
    type,
    {
      label: `${SERVICE_NAMES[type]} page`,
      description: `The ${SERVICE_NAMES[type]} service page: its heading and the topics it explains.`,
      page: SERVICE_PAGES[type],
      fields: SERVICE_FIELDS,
    },
  ]),
) as Record<ServiceContentType, ContentTypeForm>;

const SERVICE_OPTIONS = [
  { value: "ai", label: "AI" },
  { value: "cybersecurity", label: "Cybersecurity" },
  { value: "cloud", label: "Cloud" },
  { value: "data-science", label: "Data science" },
  { value: "software", label: "Software" },
] as const;

const POINTS_CARD_FIELDS: readonly ContentField[] = [
  { kind: "text", name: "title", label: "Title" },
  { kind: "paragraph", name: "text", label: "Text" },
  { kind: "lines", name: "points", label: "Points", hint: "One a line." },
];

const INFO_FIELDS: readonly ContentField[] = [
  {
    kind: "group",
    name: "seo",
    label: "For search engines",
    fields: [
      { kind: "text", name: "title", label: "Title in search results" },
      { kind: "paragraph", name: "description", label: "Description in search results" },
      { kind: "lines", name: "keywords", label: "Keywords", hint: "One a line." },
    ],
  },
  { kind: "text", name: "eyebrow", label: "Eyebrow" },
  { kind: "text", name: "title", label: "Title" },
  { kind: "paragraph", name: "intro", label: "Introduction" },
  {
    kind: "list",
    name: "sections",
    label: "Sections",
    itemLabel: "Section",
    titleField: "title",
    fields: [
      { kind: "text", name: "title", label: "Section title" },
      { kind: "text", name: "id", label: "Anchor", hint: "The section's address on the page: lower-case words joined by hyphens." },
      { kind: "paragraph", name: "intro", label: "Introduction", hint: "May be empty." },
      {
        kind: "list",
        name: "cards",
        label: "Cards",
        itemLabel: "Card",
        titleField: "title",
        fields: [
          { kind: "text", name: "meta", label: "Label above the title", hint: "e.g. Step 1, or a client's sector; may be empty." },
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "text", label: "Text" },
          { kind: "lines", name: "points", label: "Points", hint: "One a line; may be empty." },
        ],
      },
      {
        kind: "list",
        name: "figures",
        label: "Figures",
        itemLabel: "Figure",
        titleField: "value",
        fields: [
          { kind: "text", name: "value", label: "Figure" },
          { kind: "text", name: "label", label: "What it counts" },
        ],
      },
      { kind: "lines", name: "points", label: "Checklist", hint: "One point a line; may be empty." },
    ],
  },
  {
    kind: "group",
    name: "callToAction",
    label: "Closing box",
    fields: [
      { kind: "text", name: "title", label: "Title" },
      { kind: "paragraph", name: "text", label: "Text" },
      { kind: "text", name: "label", label: "Button" },
    ],
  },
];

const INFO_FORMS: Record<InfoContentType, ContentTypeForm> = {
  expertise: {
    label: "Expertise page",
    description: "The expertise page: the technologies and industries we know.",
    page: INFO_PAGES.expertise,
    fields: INFO_FIELDS,
  },
  success: {
    label: "Success stories",
    description: "The case studies on the success stories page, with their results.",
    page: INFO_PAGES.success,
    fields: INFO_FIELDS,
  },
  partners: {
    label: "Partners page",
    description: "The partner programme: the ways to partner, what partners get and how to join.",
    page: INFO_PAGES.partners,
    fields: INFO_FIELDS,
  },
};

const TITLED_TEXT: readonly ContentField[] = [
  { kind: "text", name: "title", label: "Title" },
  { kind: "paragraph", name: "text", label: "Text" },
];
const titledTexts = (name: string, label: string, itemLabel: string): ContentField => ({
  kind: "list",
  name,
  label,
  itemLabel,
  titleField: "title",
  fields: TITLED_TEXT,
});
const titledGroup = (name: string, label: string, more: readonly ContentField[] = []): ContentField => ({
  kind: "group",
  name,
  label,
  fields: [...TITLED_TEXT, ...more],
});
const COOKIE_FIELDS: readonly ContentField[] = [
  { kind: "text", name: "title", label: "Name" },
  { kind: "paragraph", name: "description", label: "What they are for" },
  { kind: "text", name: "examples", label: "Examples" },
];

export const CONTENT_FORMS: Record<SiteContentType, ContentTypeForm> = {
  privacy: {
    label: "Privacy policy",
    description: "The privacy policy's three tabs: what we collect, how we use it, and the visitor's rights.",
    page: "/privacy",
    fields: [
      { kind: "paragraph", name: "intro", label: "Introduction" },
      {
        kind: "group",
        name: "collection",
        label: "Data Collection tab",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
          titledTexts("kinds", "What we collect", "Kind"),
          { kind: "paragraph", name: "neverSold", label: "Promise below the list" },
        ],
      },
      {
        kind: "group",
        name: "use",
        label: "Data Use tab",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
          titledTexts("purposes", "Purposes", "Purpose"),
        ],
      },
      {
        kind: "group",
        name: "rights",
        label: "Your Rights tab",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
          titledTexts("list", "Rights", "Right"),
          { kind: "text", name: "responseTime", label: "Response time", hint: "Shown above the data request form." },
        ],
      },
    ],
  },
  cookies: {
    label: "Cookie policy",
    description: "The cookie policy: what each kind of cookie is for, and how to manage cookies in the browser.",
    page: "/cookies",
    fields: [
      { kind: "paragraph", name: "intro", label: "Introduction" },
      {
        kind: "group",
        name: "categories",
        label: "Kinds of cookie",
        fields: [
          { kind: "group", name: "essential", label: "Essential (always active)", fields: COOKIE_FIELDS },
          { kind: "group", name: "analytics", label: "Analytics (the visitor's choice)", fields: COOKIE_FIELDS },
          { kind: "group", name: "marketing", label: "Marketing (the visitor's choice)", fields: COOKIE_FIELDS },
        ],
      },
      titledGroup("managing", "Managing cookies in the browser"),
    ],
  },
  gdpr: {
    label: "GDPR page",
    description: "The GDPR compliance page: our five measures, the data processing agreement and the data protection officer.",
    page: "/gdpr",
    fields: [
      { kind: "paragraph", name: "intro", label: "Introduction" },
      { kind: "text", name: "measuresTitle", label: "Measures' title" },
      {
        kind: "group",
        name: "measures",
        label: "Measures",
        fields: [
          titledGroup("dpo", "Data protection officer"),
          titledGroup("audits", "Security audits"),
          titledGroup("dpa", "Data processing agreements"),
          titledGroup("erasure", "Right to erasure"),
          titledGroup("breach", "Breach notification"),
        ],
      },
      titledGroup("dpa", "Data Processing Agreement box"),
      titledGroup("dpo", "Data protection officer box", [{ kind: "text", name: "responseTime", label: "Response time" }]),
      { kind: "text", name: "resourcesTitle", label: "Resources' title" },
    ],
  },
  contact: {
    label: "Contact facts",
    description: "The office's address, phone, email, hours and place on the map: every page's footer, the contact page and what search engines read.",
    page: "/contact",
    fields: [
      {
        kind: "group",
        name: "address",
        label: "Office address",
        fields: [
          { kind: "text", name: "street", label: "Street" },
          { kind: "text", name: "locality", label: "Town or city", hint: "Shown as “Lalitpur, Kathmandu Valley”." },
          { kind: "text", name: "region", label: "Province" },
          { kind: "text", name: "postalCode", label: "Postal code" },
        ],
      },
      { kind: "text", name: "phone", label: "Phone", hint: "With the country code, e.g. +977 1-5970123: visitors tap it to call, or to chat on WhatsApp." },
      { kind: "text", name: "email", label: "Email", hint: "Shown to visitors; enquiries from the site's forms still arrive in the inbox." },
      { kind: "lines", name: "hours", label: "Working hours", hint: "As the contact page says them, one a line." },
      {
        kind: "group",
        name: "openingHours",
        label: "Opening hours for search engines",
        fields: [
          { kind: "lines", name: "days", label: "Days open", hint: "One a line, in English: Monday, Tuesday …" },
          { kind: "text", name: "opens", label: "Opens at", hint: "24-hour clock, Nepal time, e.g. 09:00." },
          { kind: "text", name: "closes", label: "Closes at", hint: "24-hour clock, Nepal time, e.g. 17:00." },
        ],
      },
      {
        kind: "group",
        name: "map",
        label: "Place on the map",
        fields: [
          { kind: "number", name: "latitude", label: "Latitude", min: -90, max: 90, step: "any" },
          { kind: "number", name: "longitude", label: "Longitude", min: -180, max: 180, step: "any" },
        ],
      },
    ],
  },
  ...INFO_FORMS,
  home: {
    label: "Home page",
    description: "The home page's opening, the services it types out, the service cards, why choose us, and the showcase's and clients' headings.",
    page: "/",
    fields: [
      {
        kind: "group",
        name: "hero",
        label: "Opening",
        fields: [
          { kind: "text", name: "eyebrow", label: "Eyebrow" },
          { kind: "text", name: "headline", label: "Headline" },
          { kind: "text", name: "typewriterLead", label: "Words before the typed service", hint: "e.g. We deliver" },
          { kind: "paragraph", name: "tagline", label: "Tagline" },
          { kind: "text", name: "primary", label: "First button", hint: "Opens Get started." },
          { kind: "text", name: "secondary", label: "Second button", hint: "Opens Talk to an expert." },
          {
            kind: "list",
            name: "quickLinks",
            label: "Quick links",
            itemLabel: "Link",
            titleField: "label",
            fields: [
              { kind: "text", name: "label", label: "Words" },
              { kind: "choice", name: "to", label: "Page", options: QUICK_LINK_PAGES },
            ],
          },
        ],
      },
      {
        kind: "list",
        name: "spotlights",
        label: "Typed services",
        itemLabel: "Service",
        titleField: "service",
        fields: [
          { kind: "text", name: "service", label: "Service" },
          { kind: "paragraph", name: "description", label: "Description" },
          { kind: "lines", name: "keywords", label: "Keywords", hint: "Up to four, one a line." },
        ],
      },
      {
        kind: "group",
        name: "services",
        label: "Service cards",
        fields: [
          { kind: "text", name: "eyebrow", label: "Eyebrow" },
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
          {
            kind: "list",
            name: "cards",
            label: "Cards",
            itemLabel: "Card",
            titleField: "title",
            fields: [
              { kind: "choice", name: "id", label: "Service", options: SERVICE_OPTIONS },
              { kind: "text", name: "title", label: "Title" },
              { kind: "paragraph", name: "description", label: "Description" },
              { kind: "lines", name: "features", label: "Features", hint: "One a line." },
              { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
            ],
          },
        ],
      },
      {
        kind: "group",
        name: "whyUs",
        label: "Why choose us",
        fields: [
          { kind: "text", name: "eyebrow", label: "Eyebrow" },
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
          { kind: "group", name: "expertise", label: "First card", fields: POINTS_CARD_FIELDS },
          { kind: "group", name: "edge", label: "Second card", fields: POINTS_CARD_FIELDS },
          {
            kind: "list",
            name: "highlights",
            label: "Figures",
            itemLabel: "Figure",
            titleField: "value",
            fields: [
              { kind: "text", name: "value", label: "Figure", hint: "e.g. 98%" },
              { kind: "text", name: "label", label: "What it counts" },
            ],
          },
          { kind: "text", name: "action", label: "Button", hint: "Opens the Discuss your project form." },
        ],
      },
      {
        kind: "group",
        name: "showcase",
        label: "Showcase heading",
        fields: [
          { kind: "text", name: "eyebrow", label: "Eyebrow" },
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
        ],
      },
      { kind: "text", name: "clients", label: "Clients strip heading" },
    ],
  },
  ...SERVICE_FORMS,
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
              { kind: "markdown", name: "answer", label: "Answer" },
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
          { kind: "choice", name: "id", label: "Service", options: SERVICE_OPTIONS },
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
  about: {
    label: "About page",
    description: "The about page's introduction, who we are, the mission and vision, the strategic goals and the core values.",
    page: "/about",
    fields: [
      {
        kind: "group",
        name: "hero",
        label: "Page heading",
        fields: [
          { kind: "text", name: "eyebrow", label: "Eyebrow" },
          { kind: "text", name: "heading", label: "Heading" },
          { kind: "text", name: "tagline", label: "Tagline" },
          { kind: "paragraph", name: "intro", label: "Introduction" },
        ],
      },
      {
        kind: "group",
        name: "whoWeAre",
        label: "Who we are",
        fields: [
          { kind: "text", name: "eyebrow", label: "Eyebrow" },
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraphs", name: "paragraphs", label: "Text", hint: "A blank line between paragraphs." },
          { kind: "text", name: "hub", label: "Name at the centre of the diagram" },
          { kind: "lines", name: "areas", label: "The diagram's five areas", hint: "One a line, clockwise from the top." },
        ],
      },
      {
        kind: "list",
        name: "missionVision",
        label: "Mission and vision",
        itemLabel: "Card",
        titleField: "title",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "text", label: "Text" },
          { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
        ],
      },
      {
        kind: "group",
        name: "strategicGoals",
        label: "Strategic goals",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "text", name: "intro", label: "Introduction" },
          { kind: "list", name: "items", label: "Goals", itemLabel: "Goal", titleField: "title", fields: POINT_FIELDS },
        ],
      },
      {
        kind: "group",
        name: "coreValues",
        label: "Core values",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "text", name: "intro", label: "Introduction" },
          { kind: "list", name: "items", label: "Values", itemLabel: "Value", titleField: "title", fields: POINT_FIELDS },
        ],
      },
    ],
  },
  process: {
    label: "How we work",
    description: "The process steps on the about page, from discovery to support.",
    page: "/about",
    fields: [
      { kind: "text", name: "eyebrow", label: "Eyebrow" },
      { kind: "text", name: "title", label: "Title" },
      { kind: "paragraph", name: "intro", label: "Introduction" },
      {
        kind: "list",
        name: "steps",
        label: "Steps",
        itemLabel: "Step",
        titleField: "title",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "choice", name: "icon", label: "Icon", options: ICON_OPTIONS },
          { kind: "paragraph", name: "description", label: "Description" },
          { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
        ],
      },
      { kind: "text", name: "closing", label: "Closing question" },
      { kind: "text", name: "action", label: "Button", hint: "Opens the Discuss your project form." },
    ],
  },
  team: {
    label: "Team",
    description: "The leadership and the global team on the about page, with their photos.",
    page: "/about",
    fields: [
      { kind: "text", name: "eyebrow", label: "Eyebrow" },
      { kind: "text", name: "title", label: "Title" },
      { kind: "paragraph", name: "intro", label: "Introduction" },
      {
        kind: "list",
        name: "leaders",
        label: "Leadership",
        itemLabel: "Person",
        titleField: "name",
        fields: [
          ...PERSON_FIELDS.slice(0, 1),
          { kind: "text", name: "title", label: "Job title" },
          { kind: "paragraph", name: "role", label: "What they do" },
          ...PERSON_FIELDS.slice(1),
          { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
        ],
      },
      { kind: "text", name: "globalTitle", label: "Global team's title" },
      { kind: "paragraph", name: "globalIntro", label: "Global team's introduction" },
      {
        kind: "list",
        name: "globalTeam",
        label: "Global team",
        itemLabel: "Person",
        titleField: "name",
        fields: [
          ...PERSON_FIELDS.slice(0, 1),
          { kind: "text", name: "role", label: "Role" },
          { kind: "text", name: "location", label: "Country" },
          {
            kind: "choice",
            name: "flag",
            label: "Flag",
            options: [
              { value: "", label: "None" },
              { value: "fr", label: "France" },
            ],
          },
          ...PERSON_FIELDS.slice(1),
        ],
      },
      { kind: "text", name: "connect", label: "Global team's LinkedIn link" },
      { kind: "text", name: "join", label: "Careers box title" },
      { kind: "paragraph", name: "joinText", label: "Careers box text" },
      { kind: "text", name: "action", label: "Careers button", hint: "Opens the careers page." },
    ],
  },
  journey: {
    label: "Founder's journey",
    description: "The founder's story on the about page: its milestones and the reflection.",
    page: "/about",
    fields: [
      { kind: "text", name: "eyebrow", label: "Eyebrow" },
      { kind: "text", name: "title", label: "Title" },
      {
        kind: "group",
        name: "teaser",
        label: "Introduction",
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "paragraph", name: "text", label: "Text" },
        ],
      },
      {
        kind: "list",
        name: "milestones",
        label: "Milestones",
        itemLabel: "Milestone",
        titleField: "title",
        fields: [
          { kind: "text", name: "year", label: "When", hint: "e.g. Dec 2019 or 2024-2025." },
          { kind: "text", name: "title", label: "Title" },
          { kind: "choice", name: "icon", label: "Icon", options: ICON_OPTIONS },
          { kind: "text", name: "emoji", label: "Emoji" },
          { kind: "paragraph", name: "content", label: "Story" },
          { kind: "lines", name: "stats", label: "Highlights", hint: "Exactly three, one a line." },
          { kind: "choice", name: "tone", label: "Colour", options: TONE_OPTIONS },
        ],
      },
      { kind: "text", name: "reflectionTitle", label: "Reflection's title" },
      { kind: "paragraph", name: "reflection", label: "Reflection" },
      { kind: "text", name: "reflectionAuthor", label: "Reflection's author" },
    ],
  },
};
