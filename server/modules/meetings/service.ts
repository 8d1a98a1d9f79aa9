import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type {
  AdminMeeting,
  AdminMeetingsQuery,
  BookMeeting,
  Meeting,
  MeetingSettings,
  MeetingToConfirm,
  RescheduleMeeting,
  SlotsQuery,
  SlotsResponse,
} from "#contracts/meetings.ts";
import type { Page } from "#contracts/admin-business.ts";
import { failedWith, type Database, type Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { offsetOf, pageOf } from "../../http/pagination";
import { signedIds } from "../../http/signed-ids";
import type { MailOutbox, MailMessage } from "../../mail/outbox";
import { recordAudit, type AuditActor } from "../audit/service";
import { companyMail, confirmationRequestMail, visitorMail, type MeetingChange } from "./mails";
import { companyTime, invitation, longTime } from "./invitation";
import { meetingSettings, meetings } from "./schema";
import { bookableSpan, clashes, dayIn, daysSpan, freeSlots, MEETING_MS, offeredStarts, type Availability, type Busy } from "./slots";
import { site } from "#app/content/site.ts";

const DAY_MS = 24 * 60 * 60_000;
/** Where a meeting without a configured room meets: a public Jitsi room whose name nobody can guess (decision 040). */
const GENERATED_ROOMS = "https://meet.jit.si/";
export const TAKEN = "That time was just taken — please pick another";
/** The advisory lock bookings take while the buffer is checked (any constant of the site's own). */
const BOOKING_LOCK = 400_028;
/** How long a booking holds its time while the mailed link waits to be used (decision 053). */
export const HOLD_MS = 60 * 60_000;
/** Who "cancelled" a booking whose link was not used in time. */
const RELEASED_BY = "unconfirmed";
const RELEASED = "This booking was not confirmed within the hour, so its time was released. Please book another.";
export const TOO_MANY_MAILS = `We have sent this address as many emails as we send in a day. Please try again tomorrow, or write to us at ${site.contact.email}.`;

type MeetingRow = typeof meetings.$inferSelect;

export const DEFAULT_SETTINGS: MeetingSettings = {
  availability: [1, 2, 3, 4].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
  minNoticeHours: 12,
  horizonDays: 28,
  bufferMinutes: 0,
  blockedDates: [],
  roomUrl: "",
};

export function createMeetingsService(deps: { db: Database; outbox: MailOutbox; secretKey: string; publicUrl: string; now: () => Date }) {
  const { db } = deps;
  const tokens = signedIds(deps.secretKey, "meeting");
  /** The mailed link that confirms a booking: never given to whoever booked, so only the address's owner can use it. */
  const confirmTokens = signedIds(deps.secretKey, "meeting-confirmation");
  const confirmUrlOf = (id: number) => `${deps.publicUrl}/meetings/${confirmTokens.tokenOf(id)}`;
  const domain = new URL(deps.publicUrl).hostname;
  const manageUrlOf = (id: number) => `${deps.publicUrl}/meetings/${tokens.tokenOf(id)}`;
  const calendarUrlOf = (id: number) => `${deps.publicUrl}/api/meetings/${tokens.tokenOf(id)}/invitation.ics`;
  const linksOf = (row: MeetingRow) => ({ manageUrl: manageUrlOf(row.id), calendarUrl: calendarUrlOf(row.id) });
  const adminUrl = `${deps.publicUrl}/admin/meetings`;

  async function settings(executor: Executor = db): Promise<MeetingSettings> {
    const [row] = await executor.select().from(meetingSettings).where(eq(meetingSettings.id, 1));
    if (!row) return DEFAULT_SETTINGS;
    const { id: _id, ...saved } = row;
    return saved;
  }

  /** The booked meetings that could clash with a slot starting in [from, until), buffer included. */
  /**
   * The booked meetings that could clash with a slot starting in [from, until), buffer included, in
   * start order. They come back as one row of two arrays of epoch milliseconds: a month of bookings is
   * hundreds of rows, and decoding each row and its two timestamps costs more than the query.
   */
  async function busyBetween(from: Date, until: Date, bufferMinutes: number, except?: number, executor: Executor = db): Promise<Busy[]> {
    const buffer = bufferMinutes * 60_000;
    const conditions: SQL[] = [
      eq(meetings.status, "booked"),
      or(isNotNull(meetings.confirmedAt), gt(meetings.heldUntil, deps.now()))!,
      lt(meetings.startsAt, new Date(until.getTime() + MEETING_MS + buffer)),
      gt(meetings.endsAt, new Date(from.getTime() - buffer)),
    ];
    if (except !== undefined) conditions.push(ne(meetings.id, except));
    const [row] = await executor
      .select({
        starts: sql<number[] | null>`array_agg(extract(epoch from ${meetings.startsAt}) * 1000 order by ${meetings.startsAt})::float8[]`,
        ends: sql<number[] | null>`array_agg(extract(epoch from ${meetings.endsAt}) * 1000 order by ${meetings.startsAt})::float8[]`,
      })
      .from(meetings)
      .where(and(...conditions));
    const ends = row?.ends ?? [];
    return (row?.starts ?? []).map((start, index) => ({ startsAt: new Date(Number(start)), endsAt: new Date(Number(ends[index])) }));
  }

  /**
   * Refuses a start that is not a free slot now: 400 with the reason when the availability does not
   * offer it, 409 when a booking (or its buffer) has taken it.
   */
  async function checkFree(availability: Availability, start: Date, except?: number): Promise<void> {
    const now = deps.now();
    const bookable = bookableSpan(availability, now);
    if (start <= now) throw new HttpError(400, "That time has passed. Please pick another.", undefined, "slot_past");
    if (start < bookable.from) {
      throw new HttpError(400, `That time is too soon: please book at least ${availability.minNoticeHours} hours ahead.`, undefined, "slot_too_soon");
    }
    if (start >= bookable.until) throw new HttpError(400, "That time is too far ahead to book yet.", undefined, "slot_too_far");
    const offered = offeredStarts(availability, start, new Date(start.getTime() + 1));
    if (offered[0]?.getTime() !== start.getTime()) throw new HttpError(400, "That time is not one of the times offered.", undefined, "slot_not_offered");
    if (clashes(start, await busyBetween(start, new Date(start.getTime() + 1), availability.bufferMinutes, except), availability.bufferMinutes)) {
      throw new HttpError(409, TAKEN, undefined, "slot_taken");
    }
  }

  /**
   * Inside the booking's transaction: bookings take turns while the buffer around the new start is checked
   * again, since the exclusion constraint keeps meetings from overlapping but not from coming within the
   * buffer of one another, and two visitors may pass the first check at the same moment.
   */
  async function claimBuffer(tx: Executor, availability: Availability, start: Date, except?: number): Promise<void> {
    if (availability.bufferMinutes === 0) return;
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const busy = await busyBetween(start, new Date(start.getTime() + 1), availability.bufferMinutes, except, tx);
    if (clashes(start, busy, availability.bufferMinutes)) throw new HttpError(409, TAKEN, undefined, "slot_taken");
  }

  /**
   * Ends the bookings whose hold ran out unconfirmed. Bookings run it before they write, since the
   * database's exclusion constraint still counts such a booking until it is ended.
   */
  async function releaseUnconfirmed(executor: Executor, at: Date): Promise<void> {
    await executor
      .update(meetings)
      .set({ status: "cancelled", cancelledAt: sql`${meetings.heldUntil}`, cancelledBy: RELEASED_BY })
      .where(and(eq(meetings.status, "booked"), isNull(meetings.confirmedAt), lte(meetings.heldUntil, at)));
  }

  /**
   * The change's mails to the visitor (with the invitation as it now stands) and to the company; none
   * for a booking never confirmed, which the company never heard of and the address never agreed to.
   * `byLinkHolder`: made through the meeting's link, which whoever booked holds, so it counts towards
   * the address's daily cap.
   */
  function mailsFor(
    change: MeetingChange,
    row: MeetingRow,
    at: Date,
    options: { note?: string; byLinkHolder?: boolean } = {},
  ): { message: MailMessage; at: Date }[] {
    if (!row.confirmedAt) return [];
    const calendar = invitation(row, { domain, organiser: site.contact.email, now: at });
    const mails: MailMessage[] = [{ ...visitorMail(change, row, linksOf(row), options.note), calendar, recipientTypedByVisitor: options.byLinkHolder }];
    if (change !== "reminder") mails.push(companyMail(change, row, adminUrl, row.cancelReason ?? undefined));
    return mails.map((message) => ({ message, at }));
  }

  /** A day ahead for a meeting booked further ahead than that; none for one booked closer. */
  const reminderDueOf = (start: Date, at: Date) => (start.getTime() - DAY_MS > at.getTime() ? new Date(start.getTime() - DAY_MS) : null);

  /** What the visitor and staff both see of a meeting: who, when in both zones, and where. */
  const sharedView = (row: MeetingRow) => ({
    status: row.status,
    confirmed: row.confirmedAt !== null,
    name: row.name,
    email: row.email,
    topic: row.topic,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    tz: row.timeZone,
    visitorTime: longTime(row.startsAt, row.timeZone),
    companyTime: companyTime(row.startsAt),
    roomUrl: row.roomUrl,
  });

  function visitorView(row: MeetingRow, message: string): Meeting {
    return {
      token: tokens.tokenOf(row.id),
      ...sharedView(row),
      ...linksOf(row),
      heldUntil: row.confirmedAt ? null : (row.heldUntil?.toISOString() ?? null),
      message,
    };
  }

  /** What the mailed link shows before it is used: the time and nothing the booker typed. */
  function toConfirmView(row: MeetingRow): MeetingToConfirm {
    const released = row.cancelledBy === RELEASED_BY || (row.status === "booked" && row.heldUntil !== null && row.heldUntil <= deps.now());
    return {
      awaiting: "confirmation",
      token: confirmTokens.tokenOf(row.id),
      status: row.status === "booked" && !released ? "booked" : "cancelled",
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      tz: row.timeZone,
      visitorTime: longTime(row.startsAt, row.timeZone),
      companyTime: companyTime(row.startsAt),
      heldUntil: row.heldUntil?.toISOString() ?? null,
      message: released ? RELEASED : row.status === "cancelled" ? "This meeting is cancelled." : "Confirm the meeting to see it and get the call's link.",
    };
  }

  function adminView(row: MeetingRow): AdminMeeting {
    return {
      id: row.id,
      ...sharedView(row),
      createdAt: row.createdAt.toISOString(),
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      cancelledBy: row.cancelledBy,
      reminderDueAt: row.reminderDueAt?.toISOString() ?? null,
      reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    };
  }

  /** Runs a booking's write; the exclusion constraint turns a race lost to another booking into the same 409. */
  async function claiming<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (failedWith(error, "23P01")) throw new HttpError(409, TAKEN, undefined, "slot_taken");
      throw error;
    }
  }

  async function byId(id: number | undefined, executor: Executor = db, lock = false): Promise<MeetingRow> {
    const query = executor
      .select()
      .from(meetings)
      .where(eq(meetings.id, id ?? -1));
    const [row] = id === undefined ? [] : lock ? await query.for("update") : await query;
    if (!row) throw new HttpError(404, "This meeting link is not valid.", undefined, "meeting_not_found");
    return row;
  }

  const byToken = (token: string) => byId(tokens.idOf(token));

  /** Only a meeting still booked and not yet begun can be changed. */
  function assertChangeable(row: MeetingRow, at: Date) {
    if (row.status === "cancelled") throw new HttpError(409, "This meeting is already cancelled.", undefined, "meeting_cancelled");
    if (row.startsAt <= at) throw new HttpError(409, "This meeting has already started.", undefined, "meeting_started");
  }

  async function cancel(
    row: MeetingRow,
    by: string,
    reason: string,
    options: { note?: string; byLinkHolder?: boolean; audit?: (tx: Executor) => Promise<void> } = {},
  ): Promise<MeetingRow> {
    const at = deps.now();
    assertChangeable(row, at);
    return db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(meetings)
        .set({ status: "cancelled", cancelledAt: at, cancelledBy: by, cancelReason: reason || null, sequence: row.sequence + 1 })
        .where(and(eq(meetings.id, row.id), eq(meetings.status, "booked")))
        .returning();
      if (!cancelled) throw new HttpError(409, "This meeting is already cancelled.", undefined, "meeting_cancelled");
      await deps.outbox.enqueueMany(tx, mailsFor("cancelled", cancelled, at, options));
      await options.audit?.(tx);
      return cancelled;
    });
  }

  /**
   * Sends the reminders that are due, each exactly once: the update that marks a meeting reminded is
   * the claim, so of several instances ticking together only one queues its mail.
   */
  async function sendReminders(at = deps.now()): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .update(meetings)
        .set({ reminderSentAt: at })
        .where(
          and(
            eq(meetings.status, "booked"),
            isNotNull(meetings.confirmedAt),
            isNull(meetings.reminderSentAt),
            lte(meetings.reminderDueAt, at),
            gt(meetings.startsAt, at),
          ),
        )
        .returning();
      await deps.outbox.enqueueMany(
        tx,
        due.flatMap((row) => mailsFor("reminder", row, at)),
      );
      return due.length;
    });
  }

  return {
    settings: () => settings(),

    async slots(query: SlotsQuery): Promise<SlotsResponse> {
      const availability = await settings();
      const now = deps.now();
      const bookable = bookableSpan(availability, now);
      const asked = daysSpan(query.from, query.days, query.tz);
      const busy = await busyBetween(asked.from, asked.until, availability.bufferMinutes);
      return {
        tz: query.tz,
        slots: freeSlots({ settings: availability, now, fromDay: query.from, days: query.days, zone: query.tz, busy }),
        lastDay: dayIn(new Date(bookable.until.getTime() - 1), query.tz),
      };
    },

    async book(input: BookMeeting): Promise<Meeting> {
      const start = new Date(input.start);
      const availability = await settings();
      await checkFree(availability, start);
      const at = deps.now();
      const row = await claiming(() =>
        db.transaction(async (tx) => {
          await releaseUnconfirmed(tx, at);
          await claimBuffer(tx, availability, start);
          const [booked] = await tx
            .insert(meetings)
            .values({
              name: input.name,
              email: input.email,
              topic: input.topic ?? "",
              startsAt: start,
              endsAt: new Date(start.getTime() + MEETING_MS),
              timeZone: input.tz,
              roomUrl: availability.roomUrl || `${GENERATED_ROOMS}${site.name}-${randomBytes(16).toString("hex")}`,
              createdAt: at,
              reminderDueAt: reminderDueOf(start, at),
              heldUntil: new Date(Math.min(at.getTime() + HOLD_MS, start.getTime())),
            })
            .returning();
          const heldBack = await deps.outbox.enqueueMany(tx, [{ message: confirmationRequestMail(booked!, confirmUrlOf(booked!.id), booked!.heldUntil!), at }]);
          // Without its mail the booking could never be confirmed: better said now than an hour later.
          if (heldBack.length > 0) throw new HttpError(429, TOO_MANY_MAILS, undefined, "recipient_mail_cap");
          return booked!;
        }),
      );
      return visitorView(row, "Your time is held for an hour. Open the link we have sent to your email to confirm the meeting.");
    },

    /** A meeting by its link; by the mailed confirmation link, only its time until the link is used. */
    async meeting(token: string): Promise<Meeting | MeetingToConfirm> {
      const confirming = confirmTokens.idOf(token);
      const row = confirming === undefined ? await byToken(token) : await byId(confirming);
      if (confirming !== undefined && !row.confirmedAt) return toConfirmView(row);
      if (row.status === "cancelled") return visitorView(row, row.cancelledBy === RELEASED_BY ? RELEASED : "This meeting is cancelled.");
      return visitorView(
        row,
        row.confirmedAt ? "Your meeting is booked." : "Your time is held: open the link we have sent to your email to confirm the meeting.",
      );
    },

    /**
     * The mailed link used: the address has proven itself, so the meeting stands and its mails follow,
     * the invitation with them, and the company hears of it. Using it twice changes nothing.
     */
    async confirm(token: string): Promise<Meeting> {
      const at = deps.now();
      const row = await db.transaction(async (tx) => {
        const held = await byId(confirmTokens.idOf(token), tx, true);
        if (held.confirmedAt) return held;
        if (held.cancelledBy === RELEASED_BY || (held.status === "booked" && held.heldUntil! <= at)) {
          throw new HttpError(409, RELEASED, undefined, "meeting_released");
        }
        if (held.status === "cancelled") throw new HttpError(409, "This meeting is already cancelled.", undefined, "meeting_cancelled");
        const [confirmed] = await tx.update(meetings).set({ confirmedAt: at }).where(eq(meetings.id, held.id)).returning();
        await deps.outbox.enqueueMany(tx, mailsFor("booked", confirmed!, at));
        return confirmed!;
      });
      return visitorView(row, "Your meeting is confirmed. We have sent the call's link and an invitation to your email.");
    },

    /** The meetings booked from an address, soonest first, each with the link that cancels or reschedules it. */
    async meetingsOf(email: string): Promise<{ topic: string; startsAt: string; status: "booked" | "cancelled"; manageUrl: string }[]> {
      const rows = await db
        .select()
        .from(meetings)
        .where(and(sql`lower(${meetings.email}) = ${email.toLowerCase()}`, isNotNull(meetings.confirmedAt)))
        .orderBy(asc(meetings.startsAt))
        .limit(50);
      return rows.map((row) => ({ topic: row.topic, startsAt: row.startsAt.toISOString(), status: row.status, manageUrl: manageUrlOf(row.id) }));
    },

    async invitation(token: string): Promise<string> {
      return invitation(await byToken(token), { domain, organiser: site.contact.email, now: deps.now() }).content;
    },

    async cancelByVisitor(token: string, reason = ""): Promise<Meeting> {
      const cancelled = await cancel(await byToken(token), "visitor", reason, { byLinkHolder: true });
      return visitorView(cancelled, "Your meeting is cancelled. We have sent you an updated invitation.");
    },

    async reschedule(token: string, input: RescheduleMeeting): Promise<Meeting> {
      const row = await byToken(token);
      const at = deps.now();
      assertChangeable(row, at);
      if (!row.confirmedAt) {
        throw new HttpError(409, "Confirm the meeting with the link we emailed first, or cancel it and book another time.", undefined, "meeting_unconfirmed");
      }
      const start = new Date(input.start);
      const availability = await settings();
      await checkFree(availability, start, row.id);
      const moved = await claiming(() =>
        db.transaction(async (tx) => {
          await releaseUnconfirmed(tx, at);
          await claimBuffer(tx, availability, start, row.id);
          const [updated] = await tx
            .update(meetings)
            .set({
              startsAt: start,
              endsAt: new Date(start.getTime() + MEETING_MS),
              timeZone: input.tz,
              sequence: row.sequence + 1,
              reminderDueAt: reminderDueOf(start, at),
              reminderSentAt: null,
            })
            .where(and(eq(meetings.id, row.id), eq(meetings.status, "booked"), eq(meetings.sequence, row.sequence)))
            .returning();
          if (!updated) throw new HttpError(409, "This meeting changed meanwhile. Please reload the page.", undefined, "meeting_changed");
          await deps.outbox.enqueueMany(tx, mailsFor("rescheduled", updated, at, { byLinkHolder: true }));
          return updated;
        }),
      );
      return visitorView(moved, "Your meeting has moved. We have sent you an updated invitation.");
    },

    async list(query: AdminMeetingsQuery): Promise<Page<AdminMeeting>> {
      const at = deps.now();
      const where =
        query.when === "upcoming"
          ? and(eq(meetings.status, "booked"), gt(meetings.endsAt, at))
          : or(eq(meetings.status, "cancelled"), lte(meetings.endsAt, at));
      const order = query.when === "upcoming" ? [asc(meetings.startsAt), asc(meetings.id)] : [desc(meetings.startsAt), desc(meetings.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(meetings)
          .where(where)
          .orderBy(...order)
          .limit(query.per_page)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(meetings).where(where),
      ]);
      return pageOf(rows.map(adminView), counted?.total ?? 0, query);
    },

    async cancelByStaff(actor: AuditActor, id: number, message: string): Promise<AdminMeeting> {
      const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
      if (!row) throw new HttpError(404, "No such meeting.", undefined, "meeting_not_found");
      const cancelled = await cancel(row, actor.username, message, {
        note: message,
        audit: (tx) => recordAudit(tx, actor, "meeting.cancel", `meeting:${id}`, { name: row.name, start: row.startsAt.toISOString() }),
      });
      return adminView(cancelled);
    },

    async saveSettings(actor: AuditActor, next: MeetingSettings): Promise<MeetingSettings> {
      return db.transaction(async (tx) => {
        const before = await settings(tx);
        await tx
          .insert(meetingSettings)
          .values({ id: 1, ...next })
          .onConflictDoUpdate({ target: meetingSettings.id, set: next });
        const changed = (Object.keys(next) as (keyof MeetingSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]));
        await recordAudit(tx, actor, "meeting.settings", "meeting-settings", { changed, before, after: next });
        return next;
      });
    },

    /** Meetings booked in [from, until), for the dashboard. */
    async bookedBetween(from: Date, until: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(meetings)
        .where(and(gte(meetings.createdAt, from), lt(meetings.createdAt, until)));
      return row?.total ?? 0;
    },

    /** Names meetings in the audit log. */
    async auditNames(ids: number[]) {
      if (ids.length === 0) return {};
      const rows = await db.select({ id: meetings.id, name: meetings.name, startsAt: meetings.startsAt }).from(meetings).where(inArray(meetings.id, ids));
      return Object.fromEntries(rows.map((row) => [String(row.id), { label: `Meeting: ${row.name}, ${companyTime(row.startsAt)}`, href: "/admin/meetings" }]));
    },

    sendReminders,
    /** The minute's work (./jobs.ts): the holds that ran out are released and the reminders due are sent. */
    async everyMinute(): Promise<void> {
      await releaseUnconfirmed(db, deps.now());
      await sendReminders();
    },
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
