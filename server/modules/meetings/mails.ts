import type { MailMessage } from "../../mail/outbox";
import { site } from "#app/content/site.ts";
import { companyTime, longTime, type MeetingFacts } from "./invitation";

/** What happened to a meeting, each with the mails it sends. */
export type MeetingChange = "booked" | "rescheduled" | "cancelled" | "reminder";

export interface MeetingLinks {
  manageUrl: string;
  calendarUrl: string;
}

const times = (meeting: MeetingFacts) => `When: ${longTime(meeting.startsAt, meeting.timeZone)}\n      ${companyTime(meeting.startsAt)}\n`;

const VISITOR_SUBJECTS: Record<MeetingChange, string> = {
  booked: `Your call with ${site.name} is booked`,
  rescheduled: `Your call with ${site.name} has moved`,
  cancelled: `Your call with ${site.name} is cancelled`,
  reminder: `Tomorrow: your call with ${site.name}`,
};

const VISITOR_OPENINGS: Record<MeetingChange, string> = {
  booked: "your 30-minute video call with us is booked.",
  rescheduled: "your 30-minute video call with us has moved to a new time.",
  cancelled: "your 30-minute video call with us is cancelled.",
  reminder: "a reminder: your 30-minute video call with us is in a day.",
};

/**
 * The visitor's mail; `note` is what staff wrote when they called it off. It holds nothing the booker
 * typed, not the name nor the topic: whoever books chooses the address too (decision 053).
 */
export function visitorMail(change: MeetingChange, meeting: MeetingFacts, links: MeetingLinks, note?: string): MailMessage {
  const standing = change !== "cancelled";
  return {
    to: meeting.email,
    subject: VISITOR_SUBJECTS[change],
    text:
      `Hello,\n\n${VISITOR_OPENINGS[change]}\n\n` +
      (note ? `A message from us:\n${note}\n\n` : "") +
      times(meeting) +
      (standing ? `Join: ${meeting.roomUrl}\n` : "") +
      "\n" +
      (standing
        ? `To cancel or reschedule: ${links.manageUrl}\nAdd it to your calendar: ${links.calendarUrl}\n`
        : `To book another time: ${links.manageUrl}\n`) +
      `\n${site.name}\n`,
  };
}

/**
 * The one mail an address gets before it has proven itself: the time and a link to confirm, nothing
 * else. The call's link and the invitation follow the confirmation.
 */
export function confirmationRequestMail(meeting: MeetingFacts, confirmUrl: string, heldUntil: Date): MailMessage {
  return {
    to: meeting.email,
    recipientTypedByVisitor: true,
    subject: `Please confirm your call with ${site.name}`,
    text:
      `Hello,\n\na 30-minute video call with us was booked for this email address.\n\n` +
      times(meeting) +
      `\nTo confirm it, open this link before ${longTime(heldUntil, meeting.timeZone)}:\n${confirmUrl}\n\n` +
      `Once you confirm, we send you the link to the call and an invitation for your calendar. ` +
      `If you did not book it, ignore this email: the time is released and we will not write again.\n\n${site.name}\n`,
  };
}

const COMPANY_SUBJECTS: Record<Exclude<MeetingChange, "reminder">, (meeting: MeetingFacts) => string> = {
  booked: (meeting) => `Meeting booked: ${meeting.name}, ${companyTime(meeting.startsAt)}`,
  rescheduled: (meeting) => `Meeting moved: ${meeting.name}, now ${companyTime(meeting.startsAt)}`,
  cancelled: (meeting) => `Meeting cancelled: ${meeting.name}, ${companyTime(meeting.startsAt)}`,
};

/** The company's copy, to its inbox: who, when in both zones, the topic and the room. */
export function companyMail(change: Exclude<MeetingChange, "reminder">, meeting: MeetingFacts, adminUrl: string, reason?: string): MailMessage {
  return {
    to: site.contact.email,
    replyTo: meeting.email,
    subject: COMPANY_SUBJECTS[change](meeting),
    text:
      `${meeting.name} <${meeting.email}>\n` +
      times(meeting) +
      (meeting.topic ? `Topic: ${meeting.topic}\n` : "") +
      (reason ? `Reason: ${reason}\n` : "") +
      `Room: ${meeting.roomUrl}\n\nAll meetings: ${adminUrl}\n`,
  };
}
