import type { EnquiryType } from "#contracts/enquiry-inbox.ts";
import { site } from "./site";

/** The texts of a visitor's private conversation page and of the account page's list of conversations. */
export const conversationPage = {
  seo: {
    title: "Your conversation",
    description: `Your conversation with ${site.name}: your messages and our replies.`,
  },
  eyebrow: "Your conversation",
  intro: "This page is private to you: anyone with its link can read it, so keep the link to yourself.",
  started: "Started",
  threadTitle: "Messages",
  you: "You",
  from: { visitor: "Message from", staff: "Reply from" },
  statusLabel: "Status",
  status: { open: "Open", closed: "Closed" },
  confirm: {
    intro: "Someone sent us a message from our website and gave this email address.",
    title: "Was it you?",
    ifYou: "If you wrote to us, show the conversation to read it and our replies, and to add to it.",
    ifNotYou: "If you did not, close this page: we will not write to you again unless you reply.",
    action: "Show the conversation",
  },
  closedNote: "This conversation is closed. If something is still unanswered, send a reply below and it opens again.",
  reply: {
    title: "Reply",
    label: "Your reply",
    hint: "We answer within 24 hours, by email and on this page.",
    action: "Send reply",
    sent: "Your reply has been sent.",
    empty: "Write your reply first.",
    failed: "Your reply could not be sent. Please try again.",
  },
} as const;

export const accountConversations = {
  title: "Your conversations",
  intro: "Every enquiry you sent us from this email address, with our replies.",
  empty: "You have no conversations with us yet. When you send us a message, it appears here.",
  loading: "Loading your conversations",
  failed: "Your conversations could not be loaded.",
  lastActivity: "Last activity",
  status: "Status",
  /** Said before a conversation's kind, for screen readers. */
  kind: "Kind",
  sent: "Sent",
  /** A conversation whose message has no words to show (none of the forms sends one). */
  untitled: "Your enquiry",
  /** What each conversation began as, in the visitor's words for the forms they used. */
  kinds: {
    CTA: "Contact message",
    GET_STARTED: "Get started request",
    TALK_TO_EXPERT: "Talk to an expert",
    DISCUSS_PROJECT: "Project discussion",
    SUPPORT: "Support request",
    EMAIL: "Email",
    ASSISTANT: "From the assistant",
  } satisfies Record<EnquiryType, string>,
} as const;
