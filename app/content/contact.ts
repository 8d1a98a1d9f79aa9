import { site } from "./site";

const { contact } = site;

export const contactPage = {
  seo: {
    title: "Contact Us",
    description: `Contact ${site.name} in the Kathmandu valley: call, e-mail, chat with our assistant or book a 30-minute video call. We reply within 24 hours.`,
    keywords: ["contact HimalTech", "book a meeting", "technology consultation", "software company Nepal contact"],
  },
  eyebrow: "Contact",
  title: "Let’s talk about your next project",
  intro: "Whether you have a detailed brief or a rough idea, we reply within 24 hours.",
  /** The four cards' titles; their lines are the contact facts as published (decision 070). */
  cards: { office: "Headquarters", phone: "Phone", email: "Email", hours: "Working Hours" },
  viewOnMap: "View on map",
  channels: {
    title: "Prefer to chat?",
    links: [
      { id: "whatsapp", label: "Chat on WhatsApp" },
      { id: "discord", label: "Join our Discord", href: contact.discordInvite },
    ],
  },
} as const;

export type CtaTab = "email-us" | "ai-assistant" | "book-meeting";

export const ctaBlock = {
  title: "How would you like to reach us?",
  tabs: [
    { id: "email-us", label: "Email Us" },
    { id: "ai-assistant", label: "AI Assistant" },
    { id: "book-meeting", label: "Book a Meeting" },
  ] as const satisfies readonly { id: CtaTab; label: string }[],
  emailUs: { title: "Send us a message", text: "Tell us what you need and we will get back to you within 24 hours." },
  aiAssistant: {
    title: "Ask our AI assistant",
    intro: "Hi! I’m the HimalTech assistant. I can tell you about our services, pricing and how projects run. Pick a question or type your own.",
    questions: ["What services do you offer?", "How much does a project cost?", "How long does a typical project take?"],
    inputLabel: "Your question",
    placeholder: "Type your question…",
    send: "Send",
    suggestionsLabel: "Suggested questions",
    logLabel: "Conversation with the assistant",
    you: "You",
    assistant: "Assistant",
    sources: "Sources",
    thinking: "Looking for an answer…",
    sending: "Sending...",
    emptyQuestion: "Type a question.",
    fallbackError: "The assistant could not answer just now. Please try again.",
    networkError: "We could not reach the assistant. Check your connection and try again.",
    handoff: {
      title: "Talk to a person",
      text: "Our team reads the whole conversation and replies by email within 24 hours.",
      name: "Your name",
      email: "Your email",
      submit: "Send to our team",
      fallbackError: "We could not pass the conversation on. Please try again, or use the Email Us tab.",
    },
  },
  bookMeeting: {
    title: "Book a meeting",
    length: "30-minute video call",
    text: "Meet an engineer to talk through your idea, with no obligation.",
    daysLabel: "Choose a day",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday"],
    timeZoneLabel: "Time zone",
    action: "View Available Times",
  },
} as const;

export const ctaPage = {
  seo: {
    title: "Schedule a Consultation",
    description: `Book a free 30-minute consultation with ${site.name}, ask our AI assistant, or send us a message about your project.`,
    keywords: ["schedule a consultation", "book a call", "free consultation", "HimalTech"],
  },
  eyebrow: "Get in touch",
  title: "Schedule a consultation",
  intro: "Pick the way that suits you: a message, a quick question to our assistant, or a 30-minute video call with an engineer.",
} as const;
