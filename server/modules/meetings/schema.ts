import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { AvailabilityWindow, BlockedDate } from "#contracts/meetings.ts";

/**
 * A booked video call. Two booked meetings never overlap: an exclusion constraint on their time range
 * (added by hand in migration 0016, as drizzle cannot declare one) holds on PGlite and PostgreSQL alike.
 */
export const meetings = pgTable(
  "meetings",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The visitor's zone when they booked: their mails show the time in it. */
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: ["booked", "cancelled"] })
      .notNull()
      .default("booked"),
    /** The invitation's SEQUENCE: each reschedule or cancellation sends the calendar a later one. */
    sequence: integer("sequence").notNull().default(0),
    roomUrl: text("room_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /** "visitor", or the username of the admin who called it off. */
    cancelledBy: text("cancelled_by"),
    /** When the reminder is due: a day before, or never for a meeting booked less than a day ahead. */
    reminderDueAt: timestamp("reminder_due_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the link mailed to the address was used: until then the address has proven nothing and the booking only holds its time (decision 053). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Until when an unconfirmed booking holds its time; past it the booking is released. */
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (table) => [
    index("meetings_starts_idx").on(table.startsAt),
    index("meetings_reminder_due_idx")
      .on(table.reminderDueAt)
      .where(sql`status = 'booked' and reminder_sent_at is null`),
    index("meetings_created_idx").on(table.createdAt),
    index("meetings_held_idx")
      .on(table.heldUntil)
      .where(sql`status = 'booked' and confirmed_at is null`),
  ],
);

/** When visitors may book: one row, edited from the admin's Meetings screen, every time in the company's zone. */
export const meetingSettings = pgTable(
  "meeting_settings",
  {
    id: integer("id").primaryKey().default(1),
    availability: jsonb("availability").$type<AvailabilityWindow[]>().notNull(),
    minNoticeHours: integer("min_notice_hours").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull(),
    blockedDates: jsonb("blocked_dates").$type<BlockedDate[]>().notNull(),
    roomUrl: text("room_url").notNull(),
  },
  (table) => [check("meeting_settings_one_row", sql`${table.id} = 1`)],
);
