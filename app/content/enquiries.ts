import { site } from "./site";

/** Copy of the enquiry pages: discuss a project, talk to an expert, and the newsletter's link pages. */
export const discussProjectPage = {
  seo: {
    title: "Discuss Your Project",
    description: "Tell HimalTech about your AI, data, software, security or cloud project. We reply within 24 hours with next steps and a plan.",
  },
  eyebrow: "Start a project",
  title: "Let’s discuss your project",
  intro: "Tell us what you want to build. We read every request and reply within 24 hours.",
  processTitle: "Our Process",
  process: [
    { title: "Initial Consultation", text: "A free call to understand your goals, users and constraints." },
    { title: "Proposal & Planning", text: "A written scope, timeline and fixed or capped estimate within days." },
    { title: "Development Kickoff", text: "Your team meets ours and the first two-week sprint begins." },
  ],
  whyTitle: "Why Work With Us",
  why: [
    "Senior engineers on every project, remote-first since day one",
    "Transparent pricing with startup discounts",
    "Two-week sprints with a demo at the end of each",
    "Security and data protection built in from the start",
  ],
  contactTitle: "Prefer to talk directly?",
  email: site.contact.projectsEmail,
};

/** A link to the talk-to-expert form about one topic (a service page's "Explore" button): the form's message starts with it. */
export const talkAboutTopic = (topic: string) => `/talktoexpert?topic=${encodeURIComponent(topic)}`;
export const topicMessage = (topic: string) => `I would like to talk about ${topic}.`;

export const talkToExpertPage = {
  seo: {
    title: "Talk to an Expert",
    description: "Book time with a HimalTech engineer for advice on AI, data science, software, cybersecurity or cloud. We reply within 24 hours.",
  },
  eyebrow: "Expert advice",
  title: "Talk to an expert",
  intro: "Ask an engineer who does this every day. Tell us a little about your question and we will set up a call.",
  expectTitle: "What to Expect",
  expect: [
    "A reply from a specialist within 24 hours",
    "A 30-minute call at a time that suits you",
    "Honest advice, even if the answer is that you do not need us",
    "A short written summary of what we discussed",
  ],
  otherTitle: "Other ways to connect",
  /** The email's and phone's labels: their values are the contact facts as published (decision 070). */
  other: { email: "Email", phone: "Phone", contactPage: { label: "Contact page", value: "Chat, meetings and office hours", href: "/contact" } },
};

export const newsletterPages = {
  /** Where the footer's sign-up lands when it is posted before or without JavaScript. */
  signUp: {
    title: "Subscribe to the newsletter",
    text: "News and insights from HimalTech, in your inbox.",
    // Every newsletter mail carries the link and the one-click headers (server/modules/enquiries/service.ts).
    leave: "To unsubscribe, press the unsubscribe link at the end of any newsletter email, or your mail app's unsubscribe button.",
  },
  confirm: {
    title: "Confirm your subscription",
    pending: "Press the button to start receiving the HimalTech newsletter.",
    action: "Confirm subscription",
    confirmed: "Your subscription is already confirmed.",
    expired: "This confirmation link has expired. Please subscribe again from the form at the bottom of any page.",
    invalid: "This confirmation link is invalid or has expired. Please subscribe again.",
    unsubscribed: "This address was unsubscribed. Please subscribe again from the form at the bottom of any page.",
  },
  unsubscribe: {
    title: "Unsubscribe from the newsletter",
    text: "Press the button and we will send you no more newsletter emails.",
    action: "Unsubscribe",
  },
};
