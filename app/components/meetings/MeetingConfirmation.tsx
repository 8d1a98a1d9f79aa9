import { CircleCheck } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import type { Meeting } from "#contracts/meetings.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { MeetingSummary } from "./MeetingSummary";

const copy = meetingCopy.confirmation;

/**
 * What the visitor sees once a time is booked or moved. Focus moves to its heading, so a screen reader
 * says at once that it worked, and a keyboard carries on from there.
 */
export function MeetingConfirmation({
  meeting,
  moved = false,
  level = 4,
  children,
}: {
  meeting: Meeting;
  moved?: boolean;
  /** The heading's level where it is drawn: under the tab's title, or under a page's h1. */
  level?: 2 | 4;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = level === 2 ? "h2" : "h4";
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="meeting-confirmation-title" className="rounded-2xl bg-white p-5 ring-1 ring-emerald-200 sm:p-6">
      <Heading
        id="meeting-confirmation-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-ink-900 focus:outline-none focus-visible:outline-2"
      >
        <CircleCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        {moved ? copy.rescheduled : meeting.confirmed ? copy.title : copy.held}
      </Heading>
      {meeting.message && <p className="mt-2 text-ink-700">{meeting.message}</p>}
      <div className="mt-4">
        <MeetingSummary meeting={meeting} />
      </div>
      {children}
    </section>
  );
}
