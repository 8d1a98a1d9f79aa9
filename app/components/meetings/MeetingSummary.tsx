import { CalendarPlus, ExternalLink, Settings2, Video } from "lucide-react";
import type { Meeting } from "#contracts/meetings.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { sitePath } from "./calendar";

const copy = meetingCopy.confirmation;
const linkClass = "inline-flex items-center gap-2 font-semibold text-indigo-700 underline-offset-4 hover:underline";

/**
 * A meeting's time, in the visitor's zone and in Kathmandu, and its links: the call and the invitation
 * for a calendar once it is confirmed, and (`manage`) the page to cancel or move it.
 */
export function MeetingSummary({ meeting, manage = true }: { meeting: Meeting; manage?: boolean }) {
  const live = meeting.status === "booked";
  const confirmed = live && meeting.confirmed;
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-surface p-4">
          <dt className="text-sm text-ink-700">{copy.yourTime}</dt>
          <dd className="mt-1 font-semibold text-ink-900">
            <time dateTime={meeting.start}>{meeting.visitorTime}</time>
          </dd>
        </div>
        <div className="rounded-xl bg-surface p-4">
          <dt className="text-sm text-ink-700">{copy.companyTime}</dt>
          <dd className="mt-1 font-semibold text-ink-900">
            <time dateTime={meeting.start}>{meeting.companyTime}</time>
          </dd>
        </div>
      </dl>
      {live && (
        <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {confirmed && (
            <>
              <li>
                <a href={meeting.roomUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} break-all`}>
                  <Video className="size-4 shrink-0" aria-hidden="true" />
                  {copy.room}
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">{copy.newTab}</span>
                </a>
              </li>
              <li>
                <a href={sitePath(meeting.calendarUrl)} download className={linkClass}>
                  <CalendarPlus className="size-4 shrink-0" aria-hidden="true" />
                  {copy.calendar}
                </a>
              </li>
            </>
          )}
          {manage && (
            <li>
              <a href={sitePath(meeting.manageUrl)} className={linkClass}>
                <Settings2 className="size-4 shrink-0" aria-hidden="true" />
                {copy.manage}
              </a>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
