import { CalendarCheck, CalendarClock, CalendarX } from "lucide-react";
import { data, Form, redirect } from "react-router";
import type { Meeting, MeetingToConfirm } from "#contracts/meetings.ts";
import { answerOrThrow } from "#app/components/forms/form-result.ts";
import { dayIn } from "#app/components/meetings/calendar.ts";
import { BOOK_PAGE } from "#app/components/meetings/MeetingScheduler.tsx";
import { MeetingSummary } from "#app/components/meetings/MeetingSummary.tsx";
import { meetingErrorText, meetingPaths } from "#app/components/meetings/meetings-api.ts";
import { NotFoundPage } from "#app/components/pages/NotFoundPage.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { meetingCopy } from "#app/content/meetings.ts";
import { notFound } from "#app/content/not-found.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/meetings.$token";

const copy = meetingCopy.managePage;
const confirmCopy = meetingCopy.confirmPage;

/**
 * The meeting the signed link names. A link that is malformed, altered or names no meeting gets the
 * site's 404 page, the same for each, so the page tells nothing about which.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { meeting: await context.services.meetings.meeting(params.token) };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return data({ meeting: null }, { status: 404 });
    throw error;
  }
}

/**
 * Confirming the meeting from the mailed link, or calling it off, posted to the page: the API route does
 * it (decision 029). A confirmed meeting's page is its own link's, where it can be cancelled or moved.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const confirming = textField(posted, "intent") === "confirm";
  const reason = textField(posted, "reason");
  const answer = confirming
    ? await context.api(meetingPaths.confirm(params.token), {})
    : await context.api(meetingPaths.cancel(params.token), reason ? { reason } : {});
  try {
    const meeting = answerOrThrow(answer) as Meeting;
    if (confirming) return redirect(new URL(meeting.manageUrl).pathname);
    return { outcome: "success" as const };
  } catch (error) {
    const fallback = confirming ? confirmCopy.failed : copy.cancelFailed;
    return data({ outcome: "error" as const, message: meetingErrorText(error, fallback) }, { status: failureStatus(answer.status) });
  }
}

// The path stays generic: the token is the page's key and belongs in no tag a crawler or a preview keeps.
export const meta = ({ data: loaded }: Route.MetaArgs) =>
  loaded?.meeting
    ? seo({ ...copy.seo, path: "/meetings", noindex: true })
    : seo({ title: "Page not found", description: notFound.text, path: "/404", noindex: true });

export default function ManageMeeting({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!loaderData.meeting) return <NotFoundPage />;
  const failure = actionData && "message" in actionData ? actionData.message : undefined;
  if ("awaiting" in loaderData.meeting) return <ConfirmPage meeting={loaderData.meeting} failure={failure} />;
  return <MeetingPage token={params.token} meeting={loaderData.meeting} failure={failure} />;
}

/** The mailed link before it is used: the time, and a button, so a mail scanner opening the link confirms nothing. */
function ConfirmPage({ meeting, failure }: { meeting: MeetingToConfirm; failure?: string }) {
  const held = meeting.status === "booked";
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={meeting.visitorTime} intro={held ? confirmCopy.intro : meeting.message} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {held ? (
          <Form method="post" aria-labelledby="meeting-confirm-title" className="space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
            <h2 id="meeting-confirm-title" className="flex items-center gap-2 text-xl font-bold">
              <CalendarCheck className="size-5 text-emerald-700" aria-hidden="true" />
              {confirmCopy.title}
            </h2>
            <p className="text-ink-700">{confirmCopy.times(meeting.visitorTime, meeting.companyTime)}</p>
            <p className="text-ink-700">{confirmCopy.notYou}</p>
            {failure && <Alert tone="error">{failure}</Alert>}
            <Button type="submit" name="intent" value="confirm">
              {confirmCopy.confirm}
            </Button>
          </Form>
        ) : (
          <Alert tone="info">
            <p>{meeting.message}</p>
            <ButtonLink to={`${BOOK_PAGE}?tz=${encodeURIComponent(meeting.tz)}`} size="sm" className="mt-3">
              {copy.bookAnother}
            </ButtonLink>
          </Alert>
        )}
      </div>
    </>
  );
}

function MeetingPage({ token, meeting, failure }: { token: string; meeting: Meeting; failure?: string }) {
  const booked = meeting.status === "booked";
  const zone = encodeURIComponent(meeting.tz);
  // Another time is most often sought on or near the same day: the booking page opens on it.
  const reschedule = `${BOOK_PAGE}?${new URLSearchParams({ reschedule: token, day: dayIn(meeting.tz, new Date(meeting.start)), tz: meeting.tz })}`;
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={meeting.visitorTime} intro={copy.intro}>
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm text-ink-200">
          <div className="flex gap-2">
            <dt>{copy.statusLabel}:</dt>
            <dd className="font-semibold text-white">{copy.status[booked && !meeting.confirmed ? "held" : meeting.status]}</dd>
          </div>
        </dl>
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {booked && !meeting.confirmed && <Alert tone="info">{meeting.message}</Alert>}
        {!booked && (
          <Alert tone="info">
            <p>{meeting.message}</p>
            <ButtonLink to={`${BOOK_PAGE}?tz=${zone}`} size="sm" className="mt-3">
              {copy.bookAnother}
            </ButtonLink>
          </Alert>
        )}
        <MeetingSummary meeting={meeting} manage={false} />
        {booked && (
          <>
            {meeting.confirmed && (
              <section aria-labelledby="meeting-reschedule-title" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
                <h2 id="meeting-reschedule-title" className="flex items-center gap-2 text-xl font-bold">
                  <CalendarClock className="size-5 text-indigo-600" aria-hidden="true" />
                  {copy.rescheduleTitle}
                </h2>
                <ButtonLink to={reschedule} variant="secondary" className="mt-4">
                  {copy.reschedule}
                </ButtonLink>
              </section>
            )}
            <Form method="post" aria-labelledby="meeting-cancel-title" className="space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
              <h2 id="meeting-cancel-title" className="flex items-center gap-2 text-xl font-bold">
                <CalendarX className="size-5 text-crimson-600" aria-hidden="true" />
                {copy.cancelTitle}
              </h2>
              <Field as="textarea" name="reason" label={copy.reason} rows={3} maxLength={1000} />
              {failure && <Alert tone="error">{failure}</Alert>}
              <Button type="submit">{copy.cancel}</Button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
