import { calendarDay } from "./dates";
import { z } from "./zod";
import type { CandidateMailDraft } from "./candidate-mail";
import { JOB_TYPES } from "./careers";
import { CONTROL_CHARACTERS } from "./enquiries";
import {
  ASSIGNED_TO_ME,
  CONVERSATION_MESSAGE_MAX,
  ENQUIRY_AGES,
  ENQUIRY_BULK_ACTIONS,
  ENQUIRY_STATUSES,
  ENQUIRY_TYPES,
  UNASSIGNED,
  type EnquiryMessageKind,
  type EnquiryStatus,
} from "./enquiry-inbox";
import { BigserialIdParams, serialId } from "./ids";
import { GENERAL_APPLICATION_ID } from "./application-form";

export { ENQUIRY_STATUSES, ENQUIRY_TYPES, type EnquiryStatus };

/** The admin lists' page size, and the most one call may ask for. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PER_PAGE = 100;

/** A draft is staff's alone; an open job is on the careers page; a closed one is off it for good or until reopened. */
export const JOB_STATUSES = ["draft", "open", "closed"] as const;
/** An application's stage in the hiring pipeline, in the order a candidate moves through it. */
export const APPLICATION_STATUSES = ["new", "screening", "interview", "offer", "hired", "rejected", "withdrawn"] as const;
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** An empty filter (the "All" choice of a select) means no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** page and per_page, as the public blog list reads them. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(ADMIN_MAX_PER_PAGE).default(ADMIN_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** One page of a list: the rows, how many there are in all, this page's number and the number of pages. */
export interface Page<T> {
  results: T[];
  count: number;
  page: number;
  pages: number;
  /** Set when the list stopped counting: there are more than `count`, and at least one page after this one. */
  more?: true;
}

/** Words to look for in a list, as typed in its search box; blank means no search. */
const SearchText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().max(100, "At most 100 characters").optional(),
);

/**
 * The query every admin list takes: its page, a search text `q`, and `sort`, one of the list's own
 * orders (a leading "-" for descending, e.g. "-created"). Each list adds its filters. An empty
 * `sort` is the list's usual order.
 */
export const listQuerySchema = <const Sorts extends readonly [string, ...string[]]>(sorts: Sorts) =>
  PageQuerySchema.extend({
    q: SearchText,
    sort: z.preprocess((value) => (value === "" || value === undefined ? sorts[0] : value), z.enum(sorts)),
  });

/** "due" puts the conversations owed an answer first, soonest due (or longest overdue) at the top. */
export const ENQUIRY_SORTS = ["due", "-created", "created", "-activity", "name", "email"] as const;
export const EnquiryListQuerySchema = listQuerySchema(ENQUIRY_SORTS).extend({
  type: optionalFilter(z.enum(ENQUIRY_TYPES)),
  status: optionalFilter(z.enum(ENQUIRY_STATUSES)),
  /** An admin's id, "me" or "none" (unassigned). */
  owner: optionalFilter(z.union([z.enum([ASSIGNED_TO_ME, UNASSIGNED]), z.coerce.number().int().min(1).max(2_147_483_647)])),
  age: optionalFilter(z.enum(ENQUIRY_AGES)),
  /** Only those whose answer is overdue now. */
  overdue: optionalFilter(z.enum(["yes"])),
});
export type EnquiryListQuery = z.infer<typeof EnquiryListQuerySchema>;

/** A job's id as the careers table allows it (lower-case words joined by dashes); anything else, a NUL included, names no job. */
const JobId = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Not a job id");

export const JOB_SORTS = ["status", "-posted", "posted", "title"] as const;
export const JobListQuerySchema = listQuerySchema(JOB_SORTS).extend({
  status: optionalFilter(z.enum(JOB_STATUSES)),
  type: optionalFilter(z.enum(JOB_TYPES)),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

/** The filters the applications list and board share: which job, and the days they arrived. */
const applicationFilters = {
  /** A job's id, or "general" for the applications made without one. */
  job: optionalFilter(z.union([z.literal(GENERAL_APPLICATION_ID), JobId])),
  /** Arrived on or after this day, and on or before that one (days in UTC). */
  from: optionalFilter(calendarDay("Use a date as YYYY-MM-DD.")),
  to: optionalFilter(calendarDay("Use a date as YYYY-MM-DD.")),
};

export const APPLICATION_SORTS = ["-created", "created", "name"] as const;
export const ApplicationListQuerySchema = listQuerySchema(APPLICATION_SORTS).extend({
  ...applicationFilters,
  status: optionalFilter(z.enum(APPLICATION_STATUSES)),
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

/** The board shows at most this many applications a stage, the newest; the rest are in the list. */
export const BOARD_COLUMN_SIZE = 50;
export const ApplicationBoardQuerySchema = z.object(applicationFilters);
export type ApplicationBoardQuery = z.infer<typeof ApplicationBoardQuerySchema>;

export const SUBSCRIBER_SORTS = ["-created", "created", "email"] as const;
export const SubscriberListQuerySchema = listQuerySchema(SUBSCRIBER_SORTS).extend({ status: optionalFilter(z.enum(SUBSCRIBER_STATUSES)) });
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;

export const POST_SORTS = ["-published", "published", "title"] as const;
export const POST_FEATURED = ["yes", "no"] as const;
/** The management screen's list of posts: by title or excerpt, in a category, featured or not. */
export const PostListQuerySchema = listQuerySchema(POST_SORTS).extend({
  category: optionalFilter(serialId),
  featured: optionalFilter(z.enum(POST_FEATURED)),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

export const EnquiryIdParams = BigserialIdParams;
export const SubscriberIdParams = EnquiryIdParams;
export const JobIdParams = z.object({ id: JobId });
export const ApplicationIdParams = z.object({ id: z.uuid() });

export const EnquiryStatusSchema = z.object({ status: z.enum(ENQUIRY_STATUSES) });
/** An admin's id, or null (an empty choice) to leave the conversation unassigned. */
export const EnquiryAssignSchema = z.object({
  assignee: z.preprocess((value) => (value === "" ? null : value), z.coerce.number().int().min(1).max(2_147_483_647).nullable()),
});

/** A staff reply or an internal note: plain text or simple markdown, never empty. */
export const ConversationTextSchema = z.object({
  body: z
    .string("Write the message as text.")
    .trim()
    .min(1, "Write a message first.")
    .max(CONVERSATION_MESSAGE_MAX, `Use at most ${CONVERSATION_MESSAGE_MAX.toLocaleString("en")} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), "Remove the invisible control characters from the text."),
});
export type ConversationText = z.infer<typeof ConversationTextSchema>;

export const EnquiryBulkSchema = z.object({
  action: z.enum(ENQUIRY_BULK_ACTIONS),
  ids: z.preprocess(
    (value) => (Array.isArray(value) ? value : [value]),
    z.array(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1, "Choose at least one conversation.").max(ADMIN_MAX_PER_PAGE),
  ),
});
export type EnquiryBulk = z.infer<typeof EnquiryBulkSchema>;
export const JobStatusSchema = z.object({ status: z.enum(JOB_STATUSES) });
export const ApplicationStatusSchema = z.object({ status: z.enum(APPLICATION_STATUSES) });
export const APPLICATION_NOTE_MAX = 5000;
export const ApplicationNoteSchema = z.object({
  body: z.string("Write a note.").trim().min(1, "Write a note.").max(APPLICATION_NOTE_MAX, `Use at most ${APPLICATION_NOTE_MAX} characters.`),
});
export const ApplicationRatingSchema = z.object({
  rating: z.coerce
    .number("Choose a rating from 1 to 5.")
    .int("Choose a rating from 1 to 5.")
    .min(1, "Choose a rating from 1 to 5.")
    .max(5, "Choose a rating from 1 to 5."),
});

export interface AdminEnquiry {
  id: number;
  type: (typeof ENQUIRY_TYPES)[number];
  name: string | null;
  email: string;
  company: string | null;
  message: string;
  user_type: string | null;
  help_type: string | null;
  budget: string | null;
  timeline: string | null;
  /** The page the form was sent from (/contact or /cta for a contact message); null when not known. */
  source_page: string | null;
  subject: string | null;
  status: EnquiryStatus;
  created_at: string;
  /** The admin who owns it, by id and username; null when unassigned. */
  assignee: { id: number; username: string } | null;
  first_response_at: string | null;
  /** When staff owe an answer; null when they owe none (waiting, closed, spam, or answered). */
  due_at: string | null;
  last_message_at: string;
}

/** One message of a conversation after the visitor's first. */
export interface ConversationMessage {
  id: number;
  kind: EnquiryMessageKind;
  channel: "admin" | "web" | "mail";
  author: string;
  body: string;
  created_at: string;
}

/** An enquiry with its whole thread, notes included, as staff see it. */
export interface AdminConversation extends AdminEnquiry {
  messages: ConversationMessage[];
  /** The private page the visitor answers on. */
  visitor_link: string;
}

export interface AdminJob {
  id: string;
  title: string;
  type: (typeof JOB_TYPES)[number];
  department: string;
  location: string;
  salary: string | null;
  description: string;
  requirements: string[];
  responsibilities: string[];
  status: JobStatus;
  posted_at: string;
  closes_at: string | null;
  remote: boolean;
  applicant_locations: string[];
  applications: number;
}

export interface AdminApplication {
  id: string;
  job_id: string | null;
  job_title: string | null;
  name: string;
  email: string;
  phone: string | null;
  cover_letter: string | null;
  status: ApplicationStatus;
  created_at: string;
  resume: { name: string; content_type: string; size: number };
  /** The reviewers' average rating, one decimal; null before anyone rated. */
  rating: number | null;
  ratings: number;
}

/** An application as its own screen shows it: with its moves through the stages, notes and ratings. */
export interface AdminApplicationDetail extends AdminApplication {
  /** Each move, with what became of the mail it offered the candidate (null: none offered, or not yet decided). */
  history: { from: ApplicationStatus | null; to: ApplicationStatus; by: string; at: string; mail: "sent" | "skipped" | null }[];
  /** The mail the latest move offers, until staff send it or pass it over. */
  pending_mail: CandidateMailDraft | null;
  notes: { id: number; by: string; body: string; at: string }[];
  reviews: { by: string; rating: number; at: string }[];
  /** The signed-in reviewer's own rating. */
  my_rating: number | null;
}

/** The applications by stage, every stage in pipeline order: how many there are, and the newest of them. */
export interface ApplicationBoard {
  columns: { status: ApplicationStatus; count: number; applications: AdminApplication[] }[];
}

export interface AdminSubscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** When the mail server refused the address for good; no newsletter goes to it again. */
  bounced_at: string | null;
}

/** The anchor of a subscriber's row on the subscribers screen. */
export const subscriberAnchor = (id: number | string) => `subscriber-${id}`;

/**
 * One subscriber on the subscribers screen, which has no page per address: the list found by their address, with
 * their row marked (the anchor), so what opens is visibly that subscriber and not the whole list.
 */
export const subscriberScreen = (subscriber: { id: number | string; email: string }) =>
  `/admin/subscribers?q=${encodeURIComponent(subscriber.email)}#${subscriberAnchor(subscriber.id)}`;

/** The job form's messages. */
export const jobFormMessages = {
  title: "Title is required",
  department: "Department is required",
  location: "Location is required",
  description: "Description is required",
  requirements: "List at least one requirement",
  responsibilities: "List at least one responsibility",
  type: "Choose the employment type",
} as const;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A list edited as one item per line; blank lines are dropped. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const itemList = (message: string) =>
  z.array(z.string().trim().min(1).max(500, "Each line has at most 500 characters"), { error: message }).min(1, message).max(30, "At most 30 lines");

/** A job as the admin's job form sends it, checked the same way in the browser and on the server. */
export const JobFormSchema = z.object({
  title: requiredText(jobFormMessages.title, 120).refine((title) => /[a-z0-9]/i.test(title), "The title needs at least one letter or digit"),
  type: z.enum(JOB_TYPES, { error: jobFormMessages.type }),
  department: requiredText(jobFormMessages.department, 80),
  location: requiredText(jobFormMessages.location, 120),
  salary: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z.string().trim().max(80, "At most 80 characters").nullable().default(null),
  ),
  description: requiredText(jobFormMessages.description, 5000),
  requirements: itemList(jobFormMessages.requirements),
  responsibilities: itemList(jobFormMessages.responsibilities),
  /** The last day it takes applications (it closes at the end of that day, Nepal time); none keeps it open until closed. */
  closes_on: z.preprocess((value) => (value === "" ? null : value), calendarDay("Choose a date, or leave it empty").nullable().default(null)),
  /** Remote: people apply from the countries listed and work from where they are (job search shows it as telecommute). */
  remote: z.boolean().default(true),
  applicant_locations: z.array(z.string().trim().min(1).max(60, "Each country has at most 60 characters")).max(30, "At most 30 countries").default([]),
});
export type JobForm = z.infer<typeof JobFormSchema>;

/** A new job is published at once unless it is saved as a draft. */
export const NewJobSchema = JobFormSchema.extend({ status: z.enum(["draft", "open"]).default("open") });
export type NewJob = z.infer<typeof NewJobSchema>;
export type NewJobInput = z.input<typeof NewJobSchema>;
export type JobFormInput = z.input<typeof JobFormSchema>;

/** Field → first message, for showing errors beside the fields. */
export function jobFormErrors(values: unknown): Partial<Record<keyof JobForm, string>> {
  const result = JobFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof JobForm, string>> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as keyof JobForm] ??= issue.message;
  return errors;
}

/** The address part of a job: its title in lower-case words joined by dashes ("general" is taken by the application page). */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug === "general" ? "general-job" : slug;
}
