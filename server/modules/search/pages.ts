import { account } from "#app/content/account.ts";
import { apiReference } from "#app/content/api-reference.ts";
import { blogCopy } from "#app/content/blog.ts";
import { applicationPage, careersPage } from "#app/content/careers.ts";
import { clients } from "#app/content/clients.ts";
import { community } from "#app/content/community.ts";
import { contactPage, ctaBlock, ctaPage } from "#app/content/contact.ts";
import { COOKIE_CATEGORY_IDS, cookiePolicy } from "#app/content/cookies.ts";
import { budgetLabels, helpTypeLabels, timelineLabels } from "#contracts/enquiry-options.ts";
import { SPEC_TIME_ZONES } from "#contracts/meeting-options.ts";
import { apiGuides, docGuides, docsIndex, gettingStarted, sdks, troubleshooting } from "#app/content/docs.ts";
import { discussProjectPage, newsletterPages, talkToExpertPage } from "#app/content/enquiries.ts";
import { faqPage } from "#app/content/faq.ts";
import { getStarted } from "#app/content/get-started.ts";
import { gdpr, privacy, terms } from "#app/content/legal.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { pricingPage } from "#app/content/pricing.ts";
import { showcaseCards } from "#app/content/showcase.ts";
import { site } from "#app/content/site.ts";
import { support } from "#app/content/support.ts";
import { INFO_PAGES, SERVICE_PAGES, type ServiceContentType } from "#contracts/site-content-forms.ts";
import type { SiteContent } from "#contracts/site-content.ts";
import { spelledDay } from "#app/lib/spelled.ts";
import { bodyOf, contentPassages, markdownToText, type IndexedDocument } from "./text";

/** A page whose copy carries its own title for search engines, which search shows too. */
const described = (url: string, page: { seo: { title: string } }, ...more: unknown[]) => ({ url, title: page.seo.title, content: [page, ...more] });

/**
 * When a policy took effect and last changed, as its page states them under its title, led by the policy's
 * name: its page's two dates alone were too short a passage to answer with.
 */
const policyDates = (policy: string, legal: SiteContent["legal"], { effective = true } = {}) => ({
  heading: "Last updated",
  text: `${policy}: ${effective ? `took effect on ${spelledDay(legal.effective)}; ` : ""}last updated on ${spelledDay(legal.updated)}.`,
});

/** What the cookie page's switches let a visitor do, which its buttons and switches say only by their labels ("can I block marketing cookies?"). */
const cookieChoices = ({ categories }: SiteContent["cookies"]) => ({
  heading: "Allowing or blocking analytics and marketing cookies",
  text:
    `${categories.analytics.title} and ${categories.marketing.title.toLowerCase()} cookies are ${cookiePolicy.allowed.toLowerCase()} or ` +
    `${cookiePolicy.blocked.toLowerCase()} with their switches on this page: ${cookiePolicy.save} keeps your choice, and ${cookiePolicy.rejectAll} ` +
    `blocks both. ${categories.essential.title} cookies are ${cookiePolicy.alwaysActive.toLowerCase()}.`,
});

/** The cookie page's opening, naming the kinds it goes on to describe each under its own heading: visitors ask which kinds there are. */
const withKindsNamed = (cookies: SiteContent["cookies"]) => {
  const kinds = COOKIE_CATEGORY_IDS.map((id) => cookies.categories[id].title);
  return { ...cookies, intro: `${cookies.intro} We use ${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)} cookies.` };
};

/** A form's choices as it labels them, without the one that leaves the field unanswered. */
const chosenOptions = (labels: Record<string, string>) => Object.entries(labels).flatMap(([value, label]) => (value === "not-specified" ? [] : [label]));

const { status: _status, ...supportWithoutStatus } = support;

/** What visitors ask of the contact page in so many words: where, how to call, when, in which time zone, and where else to find us. */
const contactFactsOf = (contact: SiteContent["contact"]) => ({
  facts: [
    {
      heading: "How to get in touch",
      text: `Call or WhatsApp ${contact.phone}, email ${contact.email}, or write to us with the form on this page.`,
    },
    {
      heading: "Address",
      text: `${contact.address.street}, ${contact.address.locality} ${contact.address.postalCode}, Kathmandu Valley, ${site.contact.address.countryName}.`,
    },
    { heading: "Working hours", text: `Office hours: ${contact.hours.join("; ")}, Nepal Time.` },
    { heading: "Phone and WhatsApp", text: `Call ${contact.phone}, or chat on WhatsApp at the same number.` },
    { heading: "Email", text: `${contact.email} for projects and questions; ${site.contact.careersEmail} for jobs.` },
    {
      heading: "Time zone",
      text: `Our office keeps Nepal Time (UTC+5:45), Kathmandu. When you book a meeting, its times are shown in ${SPEC_TIME_ZONES.map(({ label }) => label).join(", ")} or your own time zone.`,
    },
    { heading: "Discord", text: `Join our Discord server, where the community's forum and events live: ${site.contact.discordInvite}.` },
    // Every page's footer links them by icon alone, which says nothing to search.
    {
      heading: "Social media",
      text: `Follow ${site.name} on ${site.socials.map(({ name, href }) => `${name} (${name === "WhatsApp" ? contact.phone : href})`).join(", ")}.`,
    },
  ],
});

/** Each public page as search shows it: its address, the name visitors know it by, and the copy it shows, staff's words as published. */
const pagesOf = ({
  home,
  testimonials,
  faq,
  pricing,
  legal,
  privacy: privacyPolicy,
  cookies: cookiesPolicy,
  gdpr: gdprPolicy,
  contact,
  about,
  process,
  team,
  journey,
  expertise,
  success,
  partners,
  ...services
}: SiteContent): { url: string; title: string; content: unknown[] }[] => [
  {
    url: "/",
    title: `${site.name} – AI, Software, Data, Security & Cloud`,
    content: [
      home.hero,
      home.spotlights,
      home.services,
      home.whyUs,
      process,
      home.showcase,
      showcaseCards,
      {
        eyebrow: testimonials.eyebrow,
        title: testimonials.title,
        text: `Testimonials from ${testimonials.items.map((testimonial) => `${testimonial.name} (${testimonial.role}, ${testimonial.company})`).join(", ")}.`,
      },
      // Each testimonial as who said it and what.
      testimonials.items.map((testimonial) => ({
        name: `Testimonial from ${testimonial.name}, ${testimonial.role} at ${testimonial.company}`,
        content: testimonial.content,
      })),
      { heading: home.clients, text: clients.join(", ") },
    ],
  },
  {
    url: "/about",
    title: "About Us",
    content: [about, journey, team],
  },
  { url: "/pricing", title: "Pricing", content: [pricingPage, pricing] },
  ...Object.entries(SERVICE_PAGES).map(([type, url]) => ({
    url,
    title: services[type as ServiceContentType].title,
    content: [services[type as ServiceContentType]],
  })),
  described(INFO_PAGES.expertise, expertise),
  described(INFO_PAGES.success, success),
  described(INFO_PAGES.partners, partners),
  // An answer is written in Markdown: search and the assistant read its words, not its markup.
  described(
    "/faq",
    faqPage,
    faq.groups.map((group) => ({ ...group, entries: group.entries.map((entry) => ({ ...entry, answer: markdownToText(entry.answer) })) })),
  ),
  // The status list as the page shows it, one passage ("CDN: Partial Outage"), not one too short to answer with per service.
  described("/support", supportWithoutStatus, {
    heading: support.status.title,
    text: `${support.status.services.map((service) => `${service.name}: ${support.status.states[service.state]}`).join("; ")}.`,
  }),
  // The contact cards are said in full by the facts, which are what visitors ask for.
  {
    url: "/contact",
    title: contactPage.seo.title,
    content: [
      { title: contactPage.title, eyebrow: contactPage.eyebrow, intro: contactPage.intro },
      contactFactsOf(contact),
      ctaBlock.emailUs,
      ctaBlock.bookMeeting,
    ],
  },
  described("/cta", ctaPage),
  described("/getStarted", getStarted),
  // Its process as one passage too: each step alone does not say what comes after a request. Its form's
  // budget and timeline choices are what visitors ask of it ("what budget ranges can I pick?").
  described(
    "/discussProject",
    discussProjectPage,
    {
      heading: discussProjectPage.processTitle,
      text: `What follows a project request: ${discussProjectPage.process.map((step) => `${step.title}: ${step.text}`).join(" ")}`,
    },
    { heading: "The budget ranges you can choose", text: `${chosenOptions(budgetLabels).join("; ")}.` },
    { heading: "The timelines you can choose", text: `${chosenOptions(timelineLabels).join("; ")}.` },
  ),
  // What an expert can be asked about is the choice its form offers: the choices are what the page tells.
  described("/talktoexpert", talkToExpertPage, { heading: "The kind of help you can ask for", text: `${Object.values(helpTypeLabels).join("; ")}.` }),
  {
    url: "/careers",
    title: "Careers",
    content: [
      { heading: careersPage.heading, eyebrow: careersPage.eyebrow, intro: careersPage.intro },
      { heading: careersPage.perksHeading, perks: careersPage.perks.map((perk) => perk.text) },
      careersPage.general,
    ],
  },
  {
    url: "/careers/apply/general",
    title: applicationPage.general.title,
    content: [
      { heading: applicationPage.general.title, text: applicationPage.general.description },
      // What a résumé may be is what applicants ask before they send one.
      {
        heading: `${applicationPage.form.resume} files`,
        text: `The ${applicationPage.form.resume.toLowerCase()} you upload with a job application: ${applicationPage.form.resumeHint}`,
      },
      // Which fields must be filled in, as the form marks them (components/careers/ApplicationForm.tsx): "do I need a cover letter?"
      {
        heading: applicationPage.form.coverLetter,
        text: `${applicationPage.form.name}, ${applicationPage.form.email} and ${applicationPage.form.resume} are required for a job application; ${applicationPage.form.phone} and ${applicationPage.form.coverLetter} are optional.`,
      },
      { heading: applicationPage.help.heading, text: `Write to ${applicationPage.help.email}. ${applicationPage.help.equalOpportunity}` },
    ],
  },
  {
    url: "/blog",
    title: blogCopy.seoTitle,
    content: [{ heading: blogCopy.heading, intro: blogCopy.intro, description: blogCopy.description, filter: `${blogCopy.categoriesLabel}.` }],
  },
  {
    url: "/newsletter",
    title: newsletterPages.signUp.title,
    content: [
      {
        heading: "Newsletter",
        text: newsletterPages.signUp.text,
        more: "Practical notes on AI, data, security and cloud from our engineers, once a month.",
        how: "Subscribe with your email address in the form at the foot of any page, or on this page, then confirm it from the link we send you.",
        leave: newsletterPages.signUp.leave,
      },
    ],
  },
  {
    url: "/meetings/book",
    title: meetingCopy.bookPage.seo.title,
    content: [{ heading: meetingCopy.bookPage.seo.title, text: meetingCopy.bookPage.seo.description }],
  },
  {
    url: "/login",
    title: account.login.title,
    content: [{ heading: account.login.heading, text: `${account.login.intro} ${account.login.forgot} ${account.login.resetLink}.` }],
  },
  {
    url: "/signup",
    title: account.signup.title,
    // The password field's hint is the one rule a visitor asks about before signing up ("min pw length?").
    content: [
      { heading: account.signup.heading, text: account.signup.intro },
      { heading: account.signup.passwordLabel, text: account.signup.passwordHint },
    ],
  },
  described("/community", community),
  // The index's cards are what the documentation holds, which is what visitors ask of it.
  described("/docs", docsIndex, { heading: "Guides", text: docGuides.map((guide) => `${guide.title}: ${guide.summary}`).join(" ") }),
  described("/docs/getting-started", gettingStarted),
  described("/docs/api-guides", apiGuides),
  described("/docs/sdks", sdks),
  described("/docs/troubleshooting", troubleshooting),
  described("/user-api", apiReference),
  described("/terms", terms, legal.terms, policyDates("Terms of service", legal, { effective: false })),
  described("/privacy", privacy, privacyPolicy, policyDates("Privacy policy", legal)),
  described("/gdpr", gdpr, gdprPolicy),
  described("/cookies", cookiePolicy, withKindsNamed(cookiesPolicy), policyDates("Cookie policy", legal), cookieChoices(cookiesPolicy)),
];

/** The site's own pages as index documents; they change only with a new release of the site. */
export function pageDocuments(content: SiteContent): IndexedDocument[] {
  return pagesOf(content).map(({ url, title, content }) => {
    const passages = contentPassages(title, ...content);
    return { key: `page:${url}`, kind: "page", url, title, body: bodyOf(passages), visibleFrom: null, visibleUntil: null, passages };
  });
}
