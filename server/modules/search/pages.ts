import { aboutHero, coreValues, missionVision, strategicGoals, whoWeAre } from "~/content/about";
import { apiReference } from "~/content/api-reference";
import { careersPage } from "~/content/careers";
import { community } from "~/content/community";
import { contactPage, ctaPage } from "~/content/contact";
import { cookiePolicy } from "~/content/cookies";
import { apiGuides, docsIndex, gettingStarted, sdks, troubleshooting } from "~/content/docs";
import { discussProjectPage, talkToExpertPage } from "~/content/enquiries";
import { expertise } from "~/content/expertise";
import { faqGroups, faqPage } from "~/content/faq";
import { getStarted } from "~/content/get-started";
import { heroSpotlights, homeIntro, homeServices, whyUs } from "~/content/home";
import { gdpr, privacy, terms } from "~/content/legal";
import { partners } from "~/content/partners";
import { pricingPage, pricingServices } from "~/content/pricing";
import { processSection, processSteps } from "~/content/process";
import { softwareService, topicServicePages } from "~/content/services";
import { site } from "~/content/site";
import { success } from "~/content/success";
import { support } from "~/content/support";
import { leaders, teamSection } from "~/content/team";
import { bodyOf, contentPassages, type IndexedDocument } from "./text";

/** A page whose copy carries its own title for search engines, which search shows too. */
const described = (url: string, page: { seo: { title: string } }, ...more: unknown[]) => ({ url, title: page.seo.title, content: [page, ...more] });

/** Each public page as search shows it: its address, the name visitors know it by, and the typed copy it shows. */
const PAGES: { url: string; title: string; content: unknown[] }[] = [
  {
    url: "/",
    title: `${site.name} – AI, Software, Data, Security & Cloud`,
    content: [homeIntro, heroSpotlights, homeServices, whyUs, processSection, processSteps],
  },
  { url: "/about", title: "About Us", content: [aboutHero, whoWeAre, missionVision, strategicGoals, coreValues, teamSection, leaders] },
  { url: "/pricing", title: "Pricing", content: [pricingPage, pricingServices] },
  ...[softwareService, ...Object.values(topicServicePages)].map((page) => ({ url: page.path, title: page.title, content: [page] })),
  described("/expertise", expertise),
  described("/success", success),
  described("/partners", partners),
  described("/faq", faqPage, faqGroups),
  described("/support", support),
  described("/contact", contactPage),
  described("/cta", ctaPage),
  described("/getStarted", getStarted),
  described("/discussProject", discussProjectPage),
  described("/talktoexpert", talkToExpertPage),
  { url: "/careers", title: "Careers", content: [careersPage] },
  described("/community", community),
  described("/docs", docsIndex),
  described("/docs/getting-started", gettingStarted),
  described("/docs/api-guides", apiGuides),
  described("/docs/sdks", sdks),
  described("/docs/troubleshooting", troubleshooting),
  described("/user-api", apiReference),
  described("/terms", terms),
  described("/privacy", privacy),
  described("/gdpr", gdpr),
  described("/cookies", cookiePolicy),
];

/** The site's own pages as index documents; they change only with a new release of the site. */
export function pageDocuments(): IndexedDocument[] {
  return PAGES.map(({ url, title, content }) => {
    const passages = contentPassages(title, ...content);
    return { key: `page:${url}`, kind: "page", url, title, body: bodyOf(passages), visibleFrom: null, visibleUntil: null, passages };
  });
}
