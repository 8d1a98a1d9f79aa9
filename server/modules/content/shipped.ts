import { aboutContent } from "#app/content/about.ts";
import { contactFacts } from "#app/content/contact-facts.ts";
import { cookiesContent } from "#app/content/cookies.ts";
import { expertise } from "#app/content/expertise.ts";
import { faqContent } from "#app/content/faq.ts";
import { homeContent } from "#app/content/home.ts";
import { journeyContent } from "#app/content/journey.ts";
import { gdprContent, legalContent, privacyContent } from "#app/content/legal.ts";
import { editableInfoPage } from "#app/content/page-types.ts";
import { partners } from "#app/content/partners.ts";
import { pricingContent } from "#app/content/pricing.ts";
import { processContent } from "#app/content/process.ts";
import { serviceContent } from "#app/content/services.ts";
import { success } from "#app/content/success.ts";
import { teamContent } from "#app/content/team.ts";
import { testimonialsContent } from "#app/content/testimonials.ts";
import type { SiteContentType } from "#contracts/site-content-forms.ts";
import type { SiteContent } from "#contracts/site-content.ts";

/** Each type's copy as the site was built with it: its first revision, and what a fresh install shows. */
export const SHIPPED_CONTENT: { [T in SiteContentType]: SiteContent[T] } = {
  home: homeContent,
  testimonials: testimonialsContent,
  faq: faqContent,
  pricing: pricingContent,
  legal: legalContent,
  privacy: privacyContent,
  cookies: cookiesContent,
  gdpr: gdprContent,
  contact: contactFacts,
  about: aboutContent,
  process: processContent,
  team: teamContent,
  journey: journeyContent,
  ...serviceContent,
  expertise: editableInfoPage(expertise),
  success: editableInfoPage(success),
  partners: editableInfoPage(partners),
};
