import { z } from "./zod";
import { calendarDay } from "./dates";
import { HONEYPOT_FIELD } from "./honeypot";
import { line } from "./enquiries";
import { PageQuerySchema } from "./admin-business";
import { COMPANY_TIME_ZONE, isTimeZone } from "./meeting-options";

/** A day on the calendar, as the visitor's zone names it. */
const CalendarDay = calendarDay("Send a date as YYYY-MM-DD.");

const TimeZone = z.string("Choose a time zone.").max(64, "Choose a known time zone.").refine(isTimeZone, "Choose a known time zone.");

/** `GET /api/meetings/slots/?from=YYYY-MM-DD&days=N&tz=<IANA zone>`: the free slots of `days` days from `from`, in `tz`. */
export const SlotsQuerySchema = z.object({
  from: CalendarDay,
  days: z.coerce
    .number("Send days as a number.")
    .int("Send days as a whole number.")
    .min(1, "Ask for 1 to 31 days.")
    .max(31, "Ask for 1 to 31 days.")
    .default(1),
  tz: TimeZone,
});
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

export const SlotSchema = z.object({
  /** ISO-8601 in UTC. */
  start: z.string(),
  end: z.string(),
  /** The start as the visitor's zone shows it: "9:30 AM". */
  label: z.string(),
  /** The day (YYYY-MM-DD) the slot starts on in the visitor's zone, to group a span of several days. */
  day: z.string(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const SlotsResponseSchema = z.object({
  tz: z.string(),
  slots: z.array(SlotSchema),
  /** The last day (YYYY-MM-DD, in `tz`) that can be booked: the week arrows stop there. */
  lastDay: z.string(),
});
export type SlotsResponse = z.infer<typeof SlotsResponseSchema>;

const Email = z
  .string("Enter your email.")
  .trim()
  .min(1, "This field is required.")
  .max(254, "Use at most 254 characters.")
  .pipe(z.email("Enter a valid email address."));
const Topic = z.string().trim().max(1000, "Use at most 1000 characters.");
const Start = z.iso.datetime({ offset: true, message: "Choose one of the times offered." });

/** `POST /api/meetings/`: book the slot starting at `start` (a slot's `start` as listed). */
export const BookMeetingSchema = z.object({
  name: line(200),
  email: Email,
  topic: Topic.optional(),
  start: Start,
  tz: TimeZone,
  [HONEYPOT_FIELD]: z.string().max(0, "Leave this field empty.").optional(),
});
export type BookMeeting = z.infer<typeof BookMeetingSchema>;

/** `POST /api/meetings/:token/reschedule/`: move the meeting to another free slot. */
export const RescheduleMeetingSchema = z.object({ start: Start, tz: TimeZone });
export type RescheduleMeeting = z.infer<typeof RescheduleMeetingSchema>;

/** `POST /api/meetings/:token/cancel/`: the visitor calls it off. */
export const CancelMeetingSchema = z.object({ reason: Topic.optional() });

/** The signed token of a meeting's links: `<id>-<32 hex>`. */
export const MeetingTokenParams = z.object({ token: z.string().regex(/^\d{1,15}-[0-9a-f]{32}$/i, "This link is not valid.") });

/** What the visitor and staff both see of a meeting: who, when in both zones, and where. */
const SharedMeetingSchema = z.object({
  status: z.enum(["booked", "cancelled"]),
  /** Whether the link mailed to the address has been used; until then the booking only holds its time (decision 053). */
  confirmed: z.boolean(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  start: z.string(),
  end: z.string(),
  tz: z.string(),
  /** "Monday, November 30, 2026 at 10:00 PM EST" in the visitor's zone. */
  visitorTime: z.string(),
  /** The same instant in the company's zone (Asia/Kathmandu). */
  companyTime: z.string(),
  roomUrl: z.string(),
});

/** A meeting as the visitor who booked it sees it: on screen after booking, and at its signed link. */
export const MeetingSchema = SharedMeetingSchema.extend({
  token: z.string(),
  /** The signed page to cancel or reschedule. */
  manageUrl: z.string(),
  /** The invitation as an .ics file. */
  calendarUrl: z.string(),
  /** Until when an unconfirmed booking holds its time; null once confirmed. */
  heldUntil: z.string().nullable(),
  message: z.string(),
});
export type Meeting = z.infer<typeof MeetingSchema>;

/**
 * What the link mailed to the address shows before it is used: the time, and nothing whoever booked
 * typed, since they chose the address too. `POST /api/meetings/:token/confirm/` uses it.
 */
export const MeetingToConfirmSchema = z.object({
  awaiting: z.literal("confirmation"),
  token: z.string(),
  /** Cancelled too when the hold ran out. */
  status: z.enum(["booked", "cancelled"]),
  start: z.string(),
  end: z.string(),
  tz: z.string(),
  visitorTime: z.string(),
  companyTime: z.string(),
  heldUntil: z.string().nullable(),
  message: z.string(),
});
export type MeetingToConfirm = z.infer<typeof MeetingToConfirmSchema>;

/** `GET /api/admin/meetings/?when=upcoming|past&page=` */
export const AdminMeetingsQuerySchema = PageQuerySchema.extend({ when: z.enum(["upcoming", "past"]).default("upcoming") });
export type AdminMeetingsQuery = z.infer<typeof AdminMeetingsQuerySchema>;

export const AdminMeetingSchema = SharedMeetingSchema.extend({
  id: z.number(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Who called it off: "visitor" or an admin's username. */
  cancelledBy: z.string().nullable(),
  /** When the reminder goes; null for a meeting booked less than a day ahead, which gets none. */
  reminderDueAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
});
export type AdminMeeting = z.infer<typeof AdminMeetingSchema>;

/** `POST /api/admin/meetings/:id/cancel/`: staff call a meeting off, with a message mailed to the visitor. */
export const AdminCancelMeetingSchema = z.object({
  message: z.string("Write a message to the visitor.").trim().min(1, "Write a message to the visitor.").max(2000, "Use at most 2000 characters."),
});

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Use a time as HH:MM.");

/** One window of a weekday in the company's zone; weekday 0 is Sunday. */
export const AvailabilityWindowSchema = z
  .object({ weekday: z.number().int().min(0).max(6), start: ClockTime, end: ClockTime })
  .refine((window) => window.start < window.end, { message: "A window ends after it starts.", path: ["end"] });
export type AvailabilityWindow = z.infer<typeof AvailabilityWindowSchema>;

export const BlockedDateSchema = z.object({ date: CalendarDay, note: z.string().trim().max(200, "Use at most 200 characters.").default("") });
export type BlockedDate = z.infer<typeof BlockedDateSchema>;

/** `GET` and `POST /api/admin/meetings/settings/`: when visitors may book, all in the company's zone. */
export const MeetingSettingsSchema = z.object({
  availability: z.array(AvailabilityWindowSchema).max(50, "Use at most 50 windows."),
  minNoticeHours: z.number().int().min(0, "Use 0 to 720 hours.").max(720, "Use 0 to 720 hours."),
  horizonDays: z.number().int().min(1, "Use 1 to 365 days.").max(365, "Use 1 to 365 days."),
  bufferMinutes: z.number().int().min(0, "Use 0 to 240 minutes.").max(240, "Use 0 to 240 minutes."),
  blockedDates: z.array(BlockedDateSchema).max(366, "Use at most 366 blocked dates."),
  /** A fixed video room for every meeting; empty gives each meeting its own unguessable room. */
  roomUrl: z.union([z.literal(""), z.url({ protocol: /^https$/, message: "Use an https:// address." }).max(500)]),
});
export type MeetingSettings = z.infer<typeof MeetingSettingsSchema>;

export { COMPANY_TIME_ZONE };
