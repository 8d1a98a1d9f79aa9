import type { FaqEntry } from "#contracts/site-content.ts";
import { faqContent, rateLimitEntry } from "./faq";
import { site } from "./site";

export type SupportTab = "faq" | "contact";

export type ServiceState = "operational" | "partial-outage";

const byQuestion = (question: string): FaqEntry => faqContent.groups.flatMap((group) => group.entries).find((entry) => entry.question === question)!;

export const support = {
  seo: {
    title: "Support",
    description: `Get help with ${site.name}: answers to common questions including API rate limits, live chat, community support and the current system status.`,
    keywords: ["support", "help center", "system status", "API rate limits", "live chat"],
  },
  eyebrow: "Support",
  title: "How can we help?",
  intro: "Find an answer, ask our team, or check how our services are running.",
  tabs: [
    { id: "faq", label: "FAQ" },
    { id: "contact", label: "Contact Us" },
  ] as const satisfies readonly { id: SupportTab; label: string }[],
  faq: [
    byQuestion("How do I get an API key?"),
    rateLimitEntry,
    byQuestion("How fast does support answer?"),
    byQuestion("Who owns the code you write?"),
    byQuestion("Do you sell my data?"),
  ],
  allQuestions: { label: "See all questions", to: "/faq" },
  contactForm: { title: "Send us a message", email: "Email", subject: "Subject", message: "Message", action: "Send Message" },
  channels: [
    {
      id: "chat",
      title: "Live Chat",
      text: "Talk to our team on WhatsApp, Sunday to Friday 9:00 AM to 5:00 PM (Nepal time).",
      /** Opens WhatsApp at the phone number of the contact facts as published (decision 070). */
      label: "Start Live Chat",
    },
    {
      id: "community",
      title: "Community Support",
      text: "Ask developers and our engineers in the community forum.",
      label: "Visit Community",
      href: "/community",
    },
  ],
  status: {
    title: "System Status",
    states: { operational: "Operational", "partial-outage": "Partial Outage" } satisfies Record<ServiceState, string>,
    services: [
      { name: "API Services", state: "operational" },
      { name: "Dashboard", state: "operational" },
      { name: "CDN", state: "partial-outage" },
    ] satisfies { name: string; state: ServiceState }[],
  },
} as const;
