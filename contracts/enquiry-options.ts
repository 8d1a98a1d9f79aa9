/**
 * The choices the enquiry forms offer and their labels, as the specification names them. Plain values,
 * kept apart from the schemas so that the forms' pages do not load the validation library (the server
 * checks every payload on arrival).
 */

export const USER_TYPES = ["business", "partner", "developer", "other"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeLabels: Record<UserType, string> = {
  business: "Business Representative",
  partner: "Potential Partner",
  developer: "Developer",
  other: "Other",
};
/** The form offers the lower-case values and sends them upper-cased. */
export const SENT_USER_TYPES = ["BUSINESS", "PARTNER", "DEVELOPER", "OTHER"] as const;
export type SentUserType = (typeof SENT_USER_TYPES)[number];

export const HELP_TYPES = ["technical", "sales", "partnership", "other"] as const;
export type HelpType = (typeof HELP_TYPES)[number];
export const helpTypeLabels: Record<HelpType, string> = {
  technical: "Technical consultation",
  sales: "Sales and pricing",
  partnership: "Partnership",
  other: "Other",
};

export const BUDGETS = ["not-specified", "under-10k", "10k-50k", "50k-100k", "over-100k"] as const;
export type Budget = (typeof BUDGETS)[number];
export const budgetLabels: Record<Budget, string> = {
  "not-specified": "Not specified",
  "under-10k": "Under $10,000",
  "10k-50k": "$10,000 - $50,000",
  "50k-100k": "$50,000 - $100,000",
  "over-100k": "Over $100,000",
};

export const TIMELINES = ["not-specified", "under-1month", "1-3months", "3-6months", "over-6months"] as const;
export type Timeline = (typeof TIMELINES)[number];
export const timelineLabels: Record<Timeline, string> = {
  "not-specified": "Not specified",
  "under-1month": "Less than 1 month",
  "1-3months": "1 - 3 months",
  "3-6months": "3 - 6 months",
  "over-6months": "More than 6 months",
};
