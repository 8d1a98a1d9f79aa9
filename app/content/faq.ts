import type { FaqContent, FaqEntry } from "#contracts/site-content.ts";
import { site } from "./site";

/** The documented API rate limits, stated on the support page, the FAQ and the API docs. */
export const rateLimits = { free: 100, pro: 1000 } as const;

export const rateLimitEntry: FaqEntry = {
  question: "What are the API rate limits?",
  answer: `The free tier allows ${rateLimits.free} requests/minute and the pro tier ${rateLimits.pro} requests/minute. A request over the limit is answered with status 429 and a Retry-After header saying when to try again.`,
};

/** The FAQ as shipped: the first revision of the content staff edit in the admin. */
export const faqContent: FaqContent = {
  groups: [
    {
      id: "working-with-us",
      title: "Working with us",
      entries: [
        {
          question: "What services does HimalTech offer?",
          answer:
            "Custom software, AI and machine learning, data science, cybersecurity and cloud engineering, from first idea to production and support afterwards.",
        },
        {
          question: "How does a project start?",
          answer:
            "Tell us about it through the Discuss Project form. Within 24 hours we arrange a free consultation, then send a proposal with scope, timeline and cost.",
        },
        {
          question: "Do you work with clients outside Nepal?",
          answer:
            "Yes. We are remote-first and work with clients in Europe, North America, Asia and Australia, overlapping with your working hours for meetings.",
        },
        {
          question: "How long does a typical project take?",
          answer:
            "Most first releases take six to twelve weeks: a week of discovery, then two-week sprints with a working demo at the end of each. A focused prototype can be ready in four weeks; larger platforms grow in further releases.",
        },
        {
          question: "How do you keep me informed?",
          answer:
            "We work in two-week sprints and demo working software at the end of each one. You get a shared board and a direct line to your project lead.",
        },
      ],
    },
    {
      id: "pricing",
      title: "Pricing and contracts",
      entries: [
        {
          question: "How much does a project cost?",
          answer:
            "It depends on scope. We offer fixed-price projects for well-defined work and monthly retainers for ongoing development. Startups get a discount.",
        },
        {
          question: "Who owns the code you write?",
          answer: "You do. All intellectual property transfers to you on payment, and we hand over the source code and documentation.",
        },
        {
          question: "Do you sign NDAs?",
          answer: "Gladly, before you share anything confidential. We also sign data processing agreements for projects that handle personal data.",
        },
      ],
    },
    {
      id: "api-and-support",
      title: "API and support",
      entries: [
        rateLimitEntry,
        {
          question: "How do I get an API key?",
          answer: "Sign in, open your dashboard and create a key. Send it as a bearer token in the Authorization header of each request.",
        },
        {
          question: "How fast does support answer?",
          answer: `Within 24 hours on working days, usually much sooner. Write to ${site.contact.email} or use the Contact Us tab on the support page.`,
        },
        {
          question: "Where can I see if a service is down?",
          answer: "The System Status list on the support page shows the state of the API, the dashboard and the CDN.",
        },
      ],
    },
    {
      id: "privacy",
      title: "Privacy and security",
      entries: [
        {
          question: "Do you sell my data?",
          answer: "Never. We use personal data only to answer you and deliver our services; the privacy policy lists every purpose.",
        },
        {
          question: "Are you GDPR compliant?",
          answer: "Yes. We have a data protection officer, sign data processing agreements and notify breaches within 72 hours. See the GDPR page.",
        },
      ],
    },
  ],
};

export const faqPage = {
  /** The heading of the answers staff publish from the questions visitors asked the assistant. */
  moreAnswers: "More answers",
  seo: {
    title: "Frequently Asked Questions",
    description:
      "Answers to common questions about working with HimalTech: services, pricing, contracts, the API and its rate limits, support, privacy and security.",
    keywords: ["FAQ", "frequently asked questions", "HimalTech pricing", "API rate limits", "support"],
  },
  eyebrow: "FAQ",
  title: "Frequently asked questions",
  intro: "Quick answers about working with us, our API, support and your data. Can’t find yours? Ask us.",
  stillStuck: { title: "Still have a question?", text: "Our team answers within 24 hours.", label: "Contact Support", to: "/support" },
} as const;
