import { z } from "./zod";
import { BUDGETS, HELP_TYPES, SENT_USER_TYPES, TIMELINES } from "./enquiry-options";
import { CONVERSATION_MESSAGE_MAX, type EnquiryType } from "./enquiry-inbox";
import { HONEYPOT_FIELD } from "./honeypot";

/**
 * The enquiry forms' payloads, as the server checks them on arrival. Field names and enum values are
 * the specification's; the choices and their labels live in enquiry-options.ts.
 */

export { HONEYPOT_FIELD };
export * from "./enquiry-options";

// Characters a person never types into a form and PostgreSQL cannot store (NUL) or mail headers must not carry.
// eslint-disable-next-line no-control-regex -- the control characters are what this pattern finds
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS = /[\r\n]/;

const REQUIRED = "This field is required.";
/** A field left out is required; one sent as a number, a list or an object is not text. */
const TEXT = { error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : "Send this field as text.") };

/** One line of text: a name or a company, on every form that asks for one. */
export const line = (max: number) =>
  z
    .string(TEXT)
    .trim()
    .min(1, REQUIRED)
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !LINE_BREAKS.test(value), "Use letters, numbers and punctuation only.");

/** Free text over several lines: a message or project details. */
const paragraphs = (max: number) =>
  z
    .string(TEXT)
    .trim()
    .min(1, REQUIRED)
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), "Remove the invisible control characters from the text.");

const email = z.string(TEXT).trim().min(1, REQUIRED).max(254, "Use at most 254 characters.").pipe(z.email("Enter a valid email address."));

/** Optional: an empty or missing company is stored as none. */
const optionalCompany = z
  .string("Use text for the company.")
  .trim()
  .max(200, "Use at most 200 characters.")
  .refine((value) => !CONTROL_CHARACTERS.test(value) && !LINE_BREAKS.test(value), "Use letters, numbers and punctuation only.")
  .optional()
  .transform((value) => value || undefined);

const honeypot = z.string().max(0, "Leave this field empty.").optional();

const requestType = <T extends string>(type: T) => z.literal(type, `Must be ${type}.`).default(type);

export const MESSAGE_MAX = 5000;

export const ContactSchema = z.object({
  name: line(200),
  email,
  message: paragraphs(MESSAGE_MAX),
  request_type: requestType("CTA"),
  [HONEYPOT_FIELD]: honeypot,
});

export const GetStartedSchema = z.object({
  email,
  user_type: z.enum(SENT_USER_TYPES, `Choose one of ${SENT_USER_TYPES.join(", ")}.`),
  message: paragraphs(MESSAGE_MAX),
  request_type: requestType("GET_STARTED"),
  [HONEYPOT_FIELD]: honeypot,
});

export const TalkToExpertSchema = z.object({
  name: line(200),
  email,
  company: optionalCompany,
  helpType: z.enum(HELP_TYPES, `Choose one of ${HELP_TYPES.join(", ")}.`),
  message: paragraphs(MESSAGE_MAX),
  request_type: requestType("TALK_TO_EXPERT"),
  [HONEYPOT_FIELD]: honeypot,
});

export const DiscussProjectSchema = z.object({
  name: line(200),
  email,
  company: optionalCompany,
  budget: z.enum(BUDGETS, `Choose one of ${BUDGETS.join(", ")}.`).default("not-specified"),
  timeline: z.enum(TIMELINES, `Choose one of ${TIMELINES.join(", ")}.`).default("not-specified"),
  details: paragraphs(MESSAGE_MAX),
  request_type: requestType("DISCUSS_PROJECT"),
  [HONEYPOT_FIELD]: honeypot,
});

/** The /support page's contact form (Email, Subject, Message): a support request. */
export const SupportSchema = z.object({
  email,
  subject: line(200),
  message: paragraphs(MESSAGE_MAX),
  request_type: requestType("SUPPORT"),
  [HONEYPOT_FIELD]: honeypot,
});

/** The token in a conversation link or reply address: shape only, the server checks its signature. */
export const ConversationTokenSchema = z.string().regex(/^\d{1,15}-[0-9a-f]{32}$/, "Not a conversation link.");
export const ConversationTokenParams = z.object({ token: ConversationTokenSchema });

/** A visitor's answer on their conversation page. */
export const VisitorReplySchema = z.object({
  body: paragraphs(CONVERSATION_MESSAGE_MAX),
  [HONEYPOT_FIELD]: honeypot,
});
export type VisitorReply = z.input<typeof VisitorReplySchema>;

/**
 * What the visitor's conversation page shows: their messages and staff replies, never notes. Until the
 * page is asked to show it (`confirmed`), none: whoever sent the form chose the address too.
 */
export interface VisitorConversation {
  id: number;
  subject: string;
  status: "open" | "closed";
  confirmed: boolean;
  created_at: string;
  messages: { from: "visitor" | "staff"; author: string; body: string; created_at: string }[];
}

/** One of a signed-in visitor's conversations on their account page, linking to its private page. */
export interface AccountConversation {
  id: number;
  /** The form (or mail, or assistant) it came from: the account page names its kind. */
  type: EnquiryType;
  subject: string | null;
  /** The first words of the message it began with, on one line, "…" where it goes on. */
  excerpt: string;
  status: "open" | "closed";
  /** When it was sent. */
  created_at: string;
  last_message_at: string;
  /** The conversation's private page, a site path. */
  link: string;
}

export const NewsletterSchema = z.object({
  email,
  request_type: requestType("NEWSLETTER"),
  [HONEYPOT_FIELD]: honeypot,
});

/** The token from a confirmation link; shape only, its meaning is the server's. */
export const NewsletterTokenSchema = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[\w.-]+$/);
export const NewsletterConfirmSchema = z.object({ token: NewsletterTokenSchema });

export type ContactRequest = z.input<typeof ContactSchema>;
export type GetStartedRequest = z.input<typeof GetStartedSchema>;
export type TalkToExpertRequest = z.input<typeof TalkToExpertSchema>;
export type DiscussProjectRequest = z.input<typeof DiscussProjectSchema>;
export type NewsletterRequest = z.input<typeof NewsletterSchema>;
export type SupportRequest = z.input<typeof SupportSchema>;

/** Every enquiry answer: a message for the person and the fields as stored. */
export interface EnquiryResponse {
  message: string;
  id: number;
  request_type: string;
  created_at: string;
  name?: string;
  email: string;
  company?: string | null;
  [field: string]: unknown;
}

export interface NewsletterResponse {
  message: string;
  email: string;
  request_type: "NEWSLETTER";
}

/** What a newsletter link's page finds when it opens. */
export type NewsletterLinkState = "pending" | "confirmed" | "expired" | "invalid" | "unsubscribed";
