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
  { url: "/expertise", title: expertise.seo.title, content: [expertise] },
  { url: "/success", title: success.seo.title, content: [success] },
  { url: "/partners", title: partners.seo.title, content: [partners] },
  { url: "/faq", title: faqPage.seo.title, content: [faqPage, faqGroups] },
  { url: "/support", title: support.seo.title, content: [support] },
  { url: "/contact", title: contactPage.seo.title, content: [contactPage] },
  { url: "/cta", title: ctaPage.seo.title, content: [ctaPage] },
  { url: "/getStarted", title: getStarted.seo.title, content: [getStarted] },
  { url: "/discussProject", title: discussProjectPage.seo.title, content: [discussProjectPage] },
  { url: "/talktoexpert", title: talkToExpertPage.seo.title, content: [talkToExpertPage] },
  { url: "/careers", title: "Careers", content: [careersPage] },
  { url: "/community", title: community.seo.title, content: [community] },
  { url: "/docs", title: docsIndex.seo.title, content: [docsIndex] },
  { url: "/docs/getting-started", title: gettingStarted.seo.title, content: [gettingStarted] },
  { url: "/docs/api-guides", title: apiGuides.seo.title, content: [apiGuides] },
  { url: "/docs/sdks", title: sdks.seo.title, content: [sdks] },
  { url: "/docs/troubleshooting", title: troubleshooting.seo.title, content: [troubleshooting] },
  { url: "/user-api", title: apiReference.seo.title, content: [apiReference] },
  { url: "/terms", title: terms.seo.title, content: [terms] },
  { url: "/privacy", title: privacy.seo.title, content: [privacy] },
  { url: "/gdpr", title: gdpr.seo.title, content: [gdpr] },
  { url: "/cookies", title: cookiePolicy.seo.title, content: [cookiePolicy] },
];

/** The site's own pages as index documents; they change only with a new release of the site. */
export function pageDocuments(): IndexedDocument[] {
  return PAGES.map(({ url, title, content }) => {
    const passages = contentPassages(title, ...content);
    return { key: `page:${url}`, kind: "page", url, title, body: bodyOf(passages), visibleFrom: null, visibleUntil: null, passages };
  });
}
