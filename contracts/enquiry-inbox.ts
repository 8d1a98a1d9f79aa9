/**
 * The enquiry inbox's plain values: statuses, message kinds and their labels. No zod here, so admin
 * screens and the conversation page read them without the validation library (decision 020); the
 * payload schemas are in ./admin-business and ./enquiries.
 */

/** SUPPORT: the /support page's form; EMAIL: a mail to the reply address that belonged to no conversation. */
export const ENQUIRY_TYPES = ["CTA", "GET_STARTED", "TALK_TO_EXPERT", "DISCUSS_PROJECT", "SUPPORT", "EMAIL", "ASSISTANT"] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** new: nobody has looked; open: being worked; waiting: answered, the visitor's turn; closed; spam. */
export const ENQUIRY_STATUSES = ["new", "open", "waiting", "closed", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  open: "Open",
  waiting: "Waiting on visitor",
  closed: "Closed",
  spam: "Spam",
};

/** reply: staff to the visitor; visitor: the visitor's answer; note: staff only. */
export const ENQUIRY_MESSAGE_KINDS = ["reply", "visitor", "note"] as const;
export type EnquiryMessageKind = (typeof ENQUIRY_MESSAGE_KINDS)[number];

/** A first response, and every later answer, is due this long after the visitor's message. */
export const RESPONSE_DUE_HOURS = 24;

/** The longest staff reply, note or visitor answer. */
export const CONVERSATION_MESSAGE_MAX = 20_000;

/** What staff may do to many conversations at once from the list. */
export const ENQUIRY_BULK_ACTIONS = ["close", "spam", "delete"] as const;
export type EnquiryBulkAction = (typeof ENQUIRY_BULK_ACTIONS)[number];

/** The list's age filter: how long ago the enquiry arrived. */
export const ENQUIRY_AGES = ["today", "week", "older"] as const;
export type EnquiryAge = (typeof ENQUIRY_AGES)[number];
export const ENQUIRY_AGE_LABELS: Record<EnquiryAge, string> = {
  today: "Under 24 hours",
  week: "1 to 7 days",
  older: "Over 7 days",
};

/** The owner filter's choices besides one admin's id. */
export const UNASSIGNED = "none";
export const ASSIGNED_TO_ME = "me";
