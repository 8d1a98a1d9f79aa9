import { wallClockTime } from "./dates";
import { z } from "./zod";
import { CONTENT_ICONS, FLAG_CODES, QUICK_LINK_PAGES, type SiteContentType } from "./site-content-forms";

/**
 * The site's words that staff edit in the admin (decision 068): one schema per content type, shared by
 * the editor (which checks a draft with it) and the pages (whose props are its types). The first
 * revision of each is the copy in `app/content/`, so a fresh install shows what it always showed.
 */

/** Words on one line: trimmed, never empty, never a wall of text. */
const words = (max: number, empty = "Fill this in.") => z.string().trim().min(1, empty).max(max, `Keep this under ${max} characters.`);
/** Words that run long: a paragraph or two, shown as text (whatever markup it holds is shown, never run). */
const paragraph = (max: number) => words(max, "Write this text.");
/** An anchor in the page's address: lower-case words joined by hyphens. */
const anchor = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,59}$/, "Use lower-case letters, digits and hyphens, starting with a letter.");

export const TONES = ["crimson", "indigo", "cyan", "emerald", "amber", "violet"] as const;
const tone = z.enum(TONES, "Choose a colour.");

export const TestimonialSchema = z.object({
  name: words(80),
  role: words(80),
  company: words(80),
  content: paragraph(600),
  /** The initials drawn into the generated avatar. */
  avatar: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,3}$/, "Use one to three capital letters."),
  rating: z.coerce.number("Give a rating from 1 to 5.").int("Give a whole number of stars.").min(1, "Give at least 1 star.").max(5, "Give at most 5 stars."),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const TestimonialsSchema = z.object({
  eyebrow: words(60),
  title: words(120),
  items: z.array(TestimonialSchema).min(1, "Keep at least one testimonial.").max(12, "Show at most 12 testimonials."),
});
export type TestimonialsContent = z.infer<typeof TestimonialsSchema>;

export const FaqEntrySchema = z.object({ question: words(200), answer: paragraph(2000) });
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

export const FaqGroupSchema = z.object({
  id: anchor,
  title: words(120),
  entries: z.array(FaqEntrySchema).min(1, "Keep at least one question in each group.").max(40, "Keep at most 40 questions in a group."),
});
export type FaqGroup = z.infer<typeof FaqGroupSchema>;

export const FaqSchema = z.object({
  groups: z
    .array(FaqGroupSchema)
    .min(1, "Keep at least one group.")
    .max(12, "Keep at most 12 groups.")
    .refine((groups) => new Set(groups.map((group) => group.id)).size === groups.length, "Give each group an anchor of its own."),
});
export type FaqContent = z.infer<typeof FaqSchema>;

export const PRICING_SERVICE_IDS = ["ai", "cybersecurity", "cloud", "data-science", "software"] as const;

export const PricingServiceSchema = z.object({
  id: z.enum(PRICING_SERVICE_IDS, "Choose the service."),
  name: words(80),
  description: paragraph(300),
  tone,
  benefits: z.array(words(120)).min(1, "List at least one benefit.").max(8, "List at most 8 benefits."),
});
export type PricingService = z.infer<typeof PricingServiceSchema>;

export const PricingSchema = z.object({
  banner: z.object({ title: words(120), text: paragraph(600) }),
  services: z
    .array(PricingServiceSchema)
    .min(1, "Keep at least one service.")
    .max(5, "There are five services.")
    .refine((services) => new Set(services.map((service) => service.id)).size === services.length, "List each service once."),
});
export type PricingContent = z.infer<typeof PricingSchema>;

/** A calendar day ("2023-06-15"), as a date box gives it. */
const day = z.iso.date("Choose a date.");

export const LegalSectionSchema = z.object({
  id: anchor,
  title: words(120),
  paragraphs: z.array(paragraph(3000)).min(1, "Write at least one paragraph.").max(20, "Keep a section to at most 20 paragraphs."),
  points: z.array(words(600)).max(30, "List at most 30 points."),
});
export type LegalSection = z.infer<typeof LegalSectionSchema>;

export const LegalSchema = z
  .object({
    /** When the policies took effect, and when they last changed: shown on every policy page. */
    effective: day,
    updated: day,
    terms: z.object({
      intro: paragraph(1000),
      sections: z
        .array(LegalSectionSchema)
        .min(1, "Keep at least one section.")
        .max(30, "Keep at most 30 sections.")
        .refine((sections) => new Set(sections.map((section) => section.id)).size === sections.length, "Give each section an anchor of its own."),
    }),
  })
  .refine((legal) => legal.updated >= legal.effective, { message: "The policies cannot have changed before they took effect.", path: ["updated"] });
export type LegalContent = z.infer<typeof LegalSchema>;

/** An icon from the site's set, by name; the pages draw it. */
const icon = z.enum(CONTENT_ICONS, "Choose an icon.");
/** A picture from the media library, always with words for visitors who cannot see it. */
export const MEDIA_ID = /^[0-9a-f]{32}$/;
const photo = z
  .object({
    id: z.string().regex(MEDIA_ID, "Upload the photo again."),
    alt: words(200, "Describe the photo for visitors who cannot see it."),
  })
  .nullable();
export type ContentPhoto = z.infer<typeof photo>;
/** Whether a part of a content value is a photo: its id in the media library and its description. */
export const isContentPhoto = (value: Record<string, unknown>): value is { id: string; alt: string } =>
  typeof value.id === "string" && typeof value.alt === "string" && Object.keys(value).length === 2;

/** The photos a content value names, wherever they are in it: what its page or its editor must show. */
export function photoIdsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(photoIdsIn);
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  return isContentPhoto(record) ? [record.id] : Object.values(record).flatMap(photoIdsIn);
}

/** Where a page finds each photo its content names, by id: the sizes for an `<img>`'s `src` and `srcset`. */
export type PhotoSources = Record<string, { src: string; srcSet: string }>;
const link = z
  .string()
  .trim()
  .regex(/^https:\/\/[^\s"<>]{1,300}$/, "Give a full address starting with https://.");

export const AboutPointSchema = z.object({ title: words(80), icon, text: paragraph(400), tone });
export type AboutPoint = z.infer<typeof AboutPointSchema>;
const points = z.array(AboutPointSchema).min(1, "Keep at least one.").max(10, "Keep at most 10.");

export const AboutSchema = z.object({
  hero: z.object({ eyebrow: words(60), heading: words(120), tagline: words(200), intro: paragraph(600) }),
  whoWeAre: z.object({
    eyebrow: words(60),
    title: words(120),
    paragraphs: z.array(paragraph(1200)).min(1, "Write at least one paragraph.").max(6, "Keep this to at most 6 paragraphs."),
    hub: words(30),
    /** The five service areas around the hub of the diagram. */
    areas: z.array(words(30)).length(5, "Name exactly five areas: the diagram has five places."),
  }),
  missionVision: z.array(z.object({ title: words(80), text: paragraph(600), tone })).length(2, "Keep the mission and the vision: two cards."),
  strategicGoals: z.object({ title: words(80), intro: words(200), items: points }),
  coreValues: z.object({ title: words(80), intro: words(200), items: points }),
});
export type AboutContent = z.infer<typeof AboutSchema>;

export const ProcessSchema = z.object({
  eyebrow: words(60),
  title: words(120),
  intro: paragraph(400),
  steps: z
    .array(z.object({ title: words(80), icon, description: paragraph(600), tone }))
    .min(2, "Keep at least two steps.")
    .max(10, "Keep at most 10 steps."),
  closing: words(160),
  action: words(60),
});
export type ProcessContent = z.infer<typeof ProcessSchema>;

export const LeaderSchema = z.object({
  name: words(80),
  title: words(120),
  role: paragraph(400),
  experience: words(160),
  linkedin: link,
  /** Initials drawn into the generated portrait, when there is no photo. */
  initials: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,3}$/, "Use one to three capital letters."),
  tone,
  photo,
});
export type Leader = z.infer<typeof LeaderSchema>;

export const GlobalTeamMemberSchema = LeaderSchema.omit({ title: true, tone: true }).extend({
  location: words(80),
  role: words(120),
  /** The country's flag, drawn by the site beside its name ("" for none). */
  flag: z.enum(["", ...FLAG_CODES], "Choose a flag."),
});
export type GlobalTeamMember = z.infer<typeof GlobalTeamMemberSchema>;

export const TeamSchema = z.object({
  eyebrow: words(60),
  title: words(120),
  intro: paragraph(400),
  leaders: z.array(LeaderSchema).min(1, "Keep at least one person.").max(24, "Show at most 24 people."),
  globalTitle: words(120),
  globalIntro: paragraph(400),
  globalTeam: z.array(GlobalTeamMemberSchema).max(24, "Show at most 24 people."),
  connect: words(60),
  join: words(120),
  joinText: paragraph(400),
  action: words(60),
});
export type TeamContent = z.infer<typeof TeamSchema>;

export const JourneyMilestoneSchema = z.object({
  year: words(30),
  title: words(80),
  icon,
  content: paragraph(1000),
  emoji: z.string().trim().min(1, "Choose an emoji.").max(8, "Use one emoji."),
  stats: z.array(words(40)).length(3, "Give exactly three highlights, one a line."),
  tone,
});
export type JourneyMilestone = z.infer<typeof JourneyMilestoneSchema>;

export const JourneySchema = z.object({
  eyebrow: words(60),
  title: words(120),
  teaser: z.object({ title: words(120), text: paragraph(1000) }),
  milestones: z.array(JourneyMilestoneSchema).min(1, "Keep at least one milestone.").max(12, "Keep at most 12 milestones."),
  reflectionTitle: words(80),
  reflection: paragraph(1500),
  reflectionAuthor: words(120),
});
export type JourneyContent = z.infer<typeof JourneySchema>;

export const ServiceTopicSchema = z.object({
  /** The topic's anchor; the software page draws a picture for each of its six shipped anchors. */
  id: anchor,
  title: words(80),
  description: paragraph(400),
  features: z.array(words(120)).min(1, "List at least one feature.").max(8, "List at most 8 features."),
  tone,
});
export type ServiceTopic = z.infer<typeof ServiceTopicSchema>;

export const ServicePageSchema = z.object({
  title: words(80),
  eyebrow: words(80),
  subtitle: paragraph(300),
  /** What search engines show under the page's title. */
  description: paragraph(300),
  keywords: z.array(words(60)).max(12, "List at most 12 keywords."),
  topics: z
    .array(ServiceTopicSchema)
    .min(1, "Keep at least one topic.")
    .max(8, "Keep at most 8 topics.")
    .refine((topics) => new Set(topics.map((topic) => topic.id)).size === topics.length, "Give each topic an anchor of its own."),
});
export type ServicePageContent = z.infer<typeof ServicePageSchema>;

const pointsOfCard = z.object({
  title: words(80),
  text: paragraph(600),
  points: z.array(words(120)).min(1, "List at least one point.").max(6, "List at most 6 points."),
});

export const HomeSchema = z.object({
  hero: z.object({
    eyebrow: words(120),
    headline: words(120),
    typewriterLead: words(40),
    tagline: paragraph(400),
    primary: words(40),
    secondary: words(40),
    quickLinks: z
      .array(z.object({ label: words(40), to: z.enum(QUICK_LINK_PAGES.map((page) => page.value) as [string, ...string[]], "Choose a page.") }))
      .max(6, "Keep at most 6 links."),
  }),
  /** The services the hero types out in turn, each with what it shows while in the spotlight. */
  spotlights: z
    .array(z.object({ service: words(40), description: paragraph(300), keywords: z.array(words(30)).max(4, "Give at most 4 keywords.") }))
    .min(1, "Keep at least one service.")
    .max(8, "Keep at most 8 services."),
  services: z.object({
    eyebrow: words(60),
    title: words(120),
    intro: paragraph(400),
    cards: z
      .array(
        z.object({
          id: z.enum(PRICING_SERVICE_IDS, "Choose the service."),
          title: words(80),
          description: paragraph(400),
          features: z.array(words(120)).min(1, "List at least one feature.").max(6, "List at most 6 features."),
          tone,
        }),
      )
      .min(1, "Keep at least one service.")
      .max(5, "There are five services.")
      .refine((cards) => new Set(cards.map((card) => card.id)).size === cards.length, "List each service once."),
  }),
  whyUs: z.object({
    eyebrow: words(60),
    title: words(120),
    intro: paragraph(400),
    expertise: pointsOfCard,
    edge: pointsOfCard,
    highlights: z
      .array(z.object({ value: words(20), label: words(120) }))
      .min(1, "Keep at least one figure.")
      .max(6, "Keep at most 6 figures."),
    action: words(40),
  }),
  showcase: z.object({ eyebrow: words(60), title: words(120), intro: paragraph(400) }),
  clients: words(200),
});
export type HomeContent = z.infer<typeof HomeSchema>;

/** Words that may be left empty: the page then leaves that part out. */
const optionalWords = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`);

export const InfoSectionSchema = z.object({
  id: anchor,
  title: words(120),
  intro: optionalWords(800),
  cards: z
    .array(z.object({ meta: optionalWords(40), title: words(120), text: paragraph(1500), points: z.array(words(200)).max(10, "List at most 10 points.") }))
    .max(12, "Keep at most 12 cards."),
  figures: z.array(z.object({ value: words(20), label: words(160) })).max(6, "Keep at most 6 figures."),
  points: z.array(words(300)).max(20, "List at most 20 points."),
});
export type InfoSection = z.infer<typeof InfoSectionSchema>;

/** An information page (partners, success stories, expertise): titled sections of cards, figures and points. */
export const InfoPageSchema = z.object({
  seo: z.object({ title: words(80), description: paragraph(300), keywords: z.array(words(60)).max(12, "List at most 12 keywords.") }),
  eyebrow: words(60),
  title: words(120),
  intro: paragraph(600),
  sections: z
    .array(InfoSectionSchema)
    .min(1, "Keep at least one section.")
    .max(12, "Keep at most 12 sections.")
    .refine((sections) => new Set(sections.map((section) => section.id)).size === sections.length, "Give each section an anchor of its own."),
  callToAction: z.object({ title: words(120), text: paragraph(400), label: words(40) }),
});
export type InfoPageWords = z.infer<typeof InfoPageSchema>;

/** Cards of a title and a short text: kinds of data, purposes, rights. */
const titledTexts = (max: number) =>
  z
    .array(z.object({ title: words(120), text: paragraph(800) }))
    .min(1, "Keep at least one.")
    .max(max, `Keep at most ${max}.`);
const titledText = z.object({ title: words(120), text: paragraph(800) });

export const PrivacySchema = z.object({
  intro: paragraph(600),
  collection: z.object({ title: words(120), intro: paragraph(400), kinds: titledTexts(12), neverSold: paragraph(300) }),
  use: z.object({ title: words(120), intro: paragraph(400), purposes: titledTexts(12) }),
  rights: z.object({ title: words(120), intro: paragraph(400), list: titledTexts(10), responseTime: words(200) }),
});
export type PrivacyContent = z.infer<typeof PrivacySchema>;

const cookieCategory = z.object({ title: words(80), description: paragraph(600), examples: words(300) });
export const CookiesSchema = z.object({
  intro: paragraph(600),
  /** The three kinds of cookie a visitor allows or blocks: their words; what each switch does is the site's. */
  categories: z.object({ essential: cookieCategory, analytics: cookieCategory, marketing: cookieCategory }),
  managing: titledText,
});
export type CookiesContent = z.infer<typeof CookiesSchema>;

export const GdprSchema = z.object({
  intro: paragraph(600),
  measuresTitle: words(120),
  /** The five measures, each with the icon the page draws for it. */
  measures: z.object({ dpo: titledText, audits: titledText, dpa: titledText, erasure: titledText, breach: titledText }),
  dpa: titledText,
  dpo: z.object({ title: words(120), text: paragraph(600), responseTime: words(200) }),
  resourcesTitle: words(120),
});
export type GdprContent = z.infer<typeof GdprSchema>;

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** A time of day on the 24-hour clock, "09:00", as structured data states opening hours. */
const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Write the time on the 24-hour clock, e.g. 09:00.");

/** How to find and reach the office: the footer of every page, the contact page, and what search engines read of it. */
export const ContactSchema = z.object({
  address: z.object({
    street: words(120),
    locality: words(80),
    region: words(80),
    postalCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, "Write the postal code, e.g. 44700."),
  }),
  phone: z
    .string()
    .trim()
    .regex(/^\+\d[\d -]{5,19}$/, "Write the number with its country code, e.g. +977 1-5970123."),
  email: z.email("Write an email address, e.g. hello@example.com.").max(120, "Keep this under 120 characters."),
  /** The contact page's words for the office hours, a line each. */
  hours: z.array(words(80)).min(1, "Say when the office is open.").max(4, "Keep to four lines."),
  /** The office hours as search engines read them: the days, and the times it opens and closes. */
  openingHours: z
    .object({
      days: z
        .array(z.enum(WEEKDAYS, "Write each day's name in English, e.g. Monday."))
        .min(1, "Name at least one day.")
        .refine((days) => new Set(days).size === days.length, "Name each day once."),
      opens: clockTime,
      closes: clockTime,
    })
    .refine((hours) => hours.opens < hours.closes, { message: "Close after opening.", path: ["closes"] }),
  /** Where the office is on a map: the page links to it, and search engines read it. */
  map: z.object({
    latitude: z.coerce.number("Write a latitude, e.g. 27.6788.").min(-90, "A latitude is from -90 to 90.").max(90, "A latitude is from -90 to 90."),
    longitude: z.coerce.number("Write a longitude, e.g. 85.3066.").min(-180, "A longitude is from -180 to 180.").max(180, "A longitude is from -180 to 180."),
  }),
});
export type ContactContent = z.infer<typeof ContactSchema>;

export const SITE_CONTENT_SCHEMAS = {
  home: HomeSchema,
  testimonials: TestimonialsSchema,
  faq: FaqSchema,
  pricing: PricingSchema,
  legal: LegalSchema,
  privacy: PrivacySchema,
  cookies: CookiesSchema,
  gdpr: GdprSchema,
  contact: ContactSchema,
  about: AboutSchema,
  process: ProcessSchema,
  team: TeamSchema,
  journey: JourneySchema,
  partners: InfoPageSchema,
  success: InfoPageSchema,
  expertise: InfoPageSchema,
  "service-ai": ServicePageSchema,
  "service-cloud": ServicePageSchema,
  "service-cybersecurity": ServicePageSchema,
  "service-data-science": ServicePageSchema,
  "service-software": ServicePageSchema,
} satisfies Record<SiteContentType, z.ZodType>;

export interface SiteContent {
  home: HomeContent;
  testimonials: TestimonialsContent;
  faq: FaqContent;
  pricing: PricingContent;
  legal: LegalContent;
  privacy: PrivacyContent;
  cookies: CookiesContent;
  gdpr: GdprContent;
  contact: ContactContent;
  about: AboutContent;
  process: ProcessContent;
  team: TeamContent;
  journey: JourneyContent;
  partners: InfoPageWords;
  success: InfoPageWords;
  expertise: InfoPageWords;
  "service-ai": ServicePageContent;
  "service-cloud": ServicePageContent;
  "service-cybersecurity": ServicePageContent;
  "service-data-science": ServicePageContent;
  "service-software": ServicePageContent;
}

/** `POST /api/admin/content/:type/drafts/`: a draft, with the version the editor opened. */
export const ContentDraftSchema = z.object({
  version: z.coerce.number().int().min(0),
  value: z.unknown(),
});

/** `POST /api/admin/content/:type/publish/`: the version the editor saw, and when, in Kathmandu (none: now). */
export const ContentPublishSchema = z.object({
  version: z.coerce.number().int().min(0),
  /** A wall-clock time in Kathmandu, as the editor's date and time box gives it. */
  at: wallClockTime("Choose the date and time to publish at.").optional(),
});

/** `POST /api/admin/content/:type/revisions/:number/restore/`. */
export const ContentRestoreSchema = z.object({ version: z.coerce.number().int().min(0) });

/** `POST /api/admin/content/import/`: every type's revisions, as the export wrote them. */
export const ContentExportSchema = z.object({
  format: z.literal("himaltech-site-content/1", "This is not a site content export."),
  exportedAt: z.string(),
  /** The photos the revisions name, by id: each as its largest stored WebP, in base64. */
  photos: z.record(z.string().regex(MEDIA_ID), z.base64("A photo in the file is damaged.")).default({}),
  documents: z.array(
    z.object({
      type: z.string(),
      publishedRevision: z.number().int().min(1),
      revisions: z
        .array(
          z.object({
            number: z.number().int().min(1),
            body: z.unknown(),
            author: z.string().max(200),
            createdAt: z.string(),
            note: z.string().max(200).default(""),
          }),
        )
        .min(1)
        .max(10_000),
    }),
  ),
});
export type ContentExport = z.infer<typeof ContentExportSchema>;
