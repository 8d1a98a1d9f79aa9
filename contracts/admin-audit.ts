import { ADMIN_MAX_PER_PAGE, ADMIN_PAGE_SIZE } from "./admin-business";
import { calendarDay } from "./dates";
import { z } from "./zod";

/** An empty field of the GET form (the "Anyone" choice) means no filter. */
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const day = blankless(calendarDay("Use a date such as 2026-01-31"));

/** The log's filters: who did it, the action, and a range of whole days (UTC, both ends included). */
export const AuditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(ADMIN_MAX_PER_PAGE).default(ADMIN_PAGE_SIZE),
    who: blankless(z.string().trim().min(1).max(100)),
    action: blankless(
      z
        .string()
        .regex(/^[a-z_]+(\.[a-z_]+)*$/, "Not an action")
        .max(60),
    ),
    from: day,
    to: day,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: "The start date must not be after the end date", path: ["to"] });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export interface AuditEntry {
  id: number;
  /** The admin's username when they did it, or who else acted ("command line", "approval link"). */
  who: string;
  /** The action's code (`invite.created`), what the filter matches. */
  action: string;
  /** What happened, in words (./audit-actions.ts): "Invited kiran@himaltech.test as Editor". */
  summary: string;
  /** The record as stored (`enquiry:42`), and as a reader reads it. */
  target: string;
  target_label: string;
  /** The record's admin screen; null when it no longer exists or has none. */
  target_href: string | null;
  at: string;
}

/** A record's name and admin screen, by its id, as an area's service reports them to the log. */
export type AuditTargetNames = Record<string, { label: string; href: string | null }>;

/** What the filters offer: the people and actions the log holds. */
export interface AuditFilterOptions {
  people: string[];
  actions: string[];
}
