import { wallClockTime } from "./dates";
import { z } from "./zod";
import type { SiteContentType } from "./site-content-forms";

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

export const SITE_CONTENT_SCHEMAS = {
  testimonials: TestimonialsSchema,
  faq: FaqSchema,
  pricing: PricingSchema,
  legal: LegalSchema,
} satisfies Record<SiteContentType, z.ZodType>;

export interface SiteContent {
  testimonials: TestimonialsContent;
  faq: FaqContent;
  pricing: PricingContent;
  legal: LegalContent;
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
