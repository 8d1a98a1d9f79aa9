import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { COMPANY_TIME_ZONE } from "#contracts/meeting-options.ts";
import { site } from "#app/content/site.ts";

/** What an invitation and the mails about a meeting need to know of it. */
export interface MeetingFacts {
  id: number;
  name: string;
  email: string;
  topic: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  sequence: number;
  roomUrl: string;
  status: "booked" | "cancelled";
}

const longFormats = new Map<string, Intl.DateTimeFormat>();
/** "Monday, November 30, 2026 at 10:00 PM EST": a time as a person in `zone` reads it. */
export function longTime(at: Date, zone: string): string {
  let format = longFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    longFormats.set(zone, format);
  }
  return format.format(at);
}

/** The company's copy of a time names the city: "GMT+5:45" alone tells a reader little. */
export const companyTime = (at: Date) => `${longTime(at, COMPANY_TIME_ZONE)} (Kathmandu)`;

/**
 * The meeting as an iCalendar object: REQUEST while it stands (each change with a later SEQUENCE, so
 * calendars update the event they have), CANCEL once called off. The UID is the meeting's own, so every
 * version names the same event. Times are in UTC.
 */
export function invitation(meeting: MeetingFacts, deps: { domain: string; organiser: string; now: Date }): { method: "REQUEST" | "CANCEL"; content: string } {
  const cancelled = meeting.status === "cancelled";
  const calendar = ical({
    prodId: { company: site.name, product: "Meetings", language: "EN" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `meeting-${meeting.id}@${deps.domain}`,
    sequence: meeting.sequence,
    stamp: deps.now,
    start: meeting.startsAt,
    end: meeting.endsAt,
    summary: `${site.name}: 30-minute video call`,
    // Nothing the booker typed: the invitation goes to the address they gave (decision 053).
    description: `Join: ${meeting.roomUrl}`,
    location: meeting.roomUrl,
    url: meeting.roomUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: site.name, email: deps.organiser },
    attendees: [
      {
        email: meeting.email,
        role: ICalAttendeeRole.REQ,
        status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return { method: cancelled ? "CANCEL" : "REQUEST", content: calendar.toString() };
}
