import { CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import type { Meeting, Slot } from "#contracts/meetings.ts";
import { HONEYPOT_FIELD } from "#contracts/honeypot.ts";
import { answerOrThrow } from "#app/components/forms/form-result.ts";
import { BookingFields } from "#app/components/meetings/BookingFields.tsx";
import { addDays, longDate, requestedDay, dayIn, weekDates, weekOpen, zoneLabel, zoneOptions, zoneOrDefault } from "#app/components/meetings/calendar.ts";
import { DayButtons, WEEK_ARROW_CLASS, weekArrowIcon, weekArrowLabel } from "#app/components/meetings/DayButtons.tsx";
import { MeetingConfirmation } from "#app/components/meetings/MeetingConfirmation.tsx";
import { BOOK_PAGE } from "#app/components/meetings/MeetingScheduler.tsx";
import { bookingPayload, EMPTY_BOOKING, fieldErrorsOf, meetingErrorText, meetingPaths, type BookingValues } from "#app/components/meetings/meetings-api.ts";
import { NotFoundPage } from "#app/components/pages/NotFoundPage.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button, ButtonLink, buttonClasses } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { ctaBlock } from "#app/content/contact.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { notFound } from "#app/content/not-found.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/meetings.book";

const spec = ctaBlock.bookMeeting;
const copy = meetingCopy.bookPage;

/** The meeting a reschedule link names, or null when the link names none (a confirmation link moves nothing). */
async function meetingToMove(context: Route.LoaderArgs["context"], token: string): Promise<Meeting | null> {
  try {
    const meeting = await context.services.meetings.meeting(token);
    return "awaiting" in meeting ? null : meeting;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

/**
 * The free times of one day in one zone, for a visitor without JavaScript (the contact block's tab
 * sends its form here) and for moving a booked meeting (`reschedule`, its token). A day comes as a
 * date or as the weekday the tab's button names ("monday": the next one from today in the zone).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const zone = zoneOrDefault(url.searchParams.get("tz"));
  const today = dayIn(zone, context.services.now());
  const day = requestedDay(url.searchParams.get("day"), today);
  const token = url.searchParams.get("reschedule") ?? "";
  const moving = token ? await meetingToMove(context, token) : null;
  if (token && !moving) return data({ found: false as const }, { status: 404 });
  const { slots, lastDay } = await context.services.meetings.slots({ from: day, days: 1, tz: zone });
  return { found: true as const, zone, today, day, slots, lastDay, token, moving };
}

type BookResult =
  | { outcome: "success"; meeting: Meeting; moved: boolean }
  | { outcome: "error"; message: string; errors?: Record<string, string[]>; values: BookingValues; start: string };

/** A chosen time posted to the page: booked, or the meeting moved to it, by the API route the tab's script calls (decision 029). */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const values = { name: textField(posted, "name"), email: textField(posted, "email"), topic: textField(posted, "topic") };
  const start = textField(posted, "start");
  const zone = zoneOrDefault(textField(posted, "tz"));
  const token = textField(posted, "reschedule");
  if (!start) return data<BookResult>({ outcome: "error", message: meetingCopy.form.chooseSlot, values, start }, { status: 400 });
  const honeypot = textField(posted, HONEYPOT_FIELD);
  const answer = token
    ? await context.api(meetingPaths.reschedule(token), { start, tz: zone })
    : await context.api(meetingPaths.book, bookingPayload(values, start, zone, honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}));
  try {
    return { outcome: "success", meeting: answerOrThrow(answer) as Meeting, moved: token !== "" } satisfies BookResult;
  } catch (error) {
    const message = meetingErrorText(error, meetingCopy.form.fallbackError);
    return data<BookResult>({ outcome: "error", message, errors: fieldErrorsOf(error), values, start }, { status: failureStatus(answer.status) });
  }
}

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  loaded?.found === false
    ? seo({ title: "Page not found", description: notFound.text, path: "/404", noindex: true })
    : seo({ ...copy.seo, path: BOOK_PAGE, noindex: true });

export default function BookMeetingPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFoundPage />;
  const { zone, today, day, slots, lastDay, token, moving } = loaderData;
  const booked = actionData?.outcome === "success" ? actionData : undefined;
  const failed = actionData?.outcome === "error" ? actionData : undefined;
  return (
    <>
      <PageHero
        eyebrow={copy.eyebrow}
        title={moving ? copy.rescheduleTitle : copy.title}
        intro={moving ? copy.rescheduleIntro(moving.visitorTime) : `${spec.length}. ${spec.text}`}
      />
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        {booked ? (
          <MeetingConfirmation meeting={booked.meeting} moved={booked.moved} level={2}>
            <ButtonLink to={`${BOOK_PAGE}?tz=${encodeURIComponent(zone)}`} variant="secondary" size="sm" className="mt-5">
              {meetingCopy.confirmation.another}
            </ButtonLink>
          </MeetingConfirmation>
        ) : (
          <div className="space-y-10 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-10">
            <DayPicker zone={zone} today={today} day={day} lastDay={lastDay} token={token} />
            <TimePicker key={`${day} ${zone}`} zone={zone} day={day} slots={slots} token={token} failed={failed} />
          </div>
        )}
      </div>
    </>
  );
}

/** A week arrow: a link, or shown dimmed where the week is before today or past the horizon. */
function ArrowLink({ to, label, children }: { to: string | undefined; label: string; children: ReactNode }) {
  return to ? (
    <ButtonLink to={to} variant="ghost" size="sm" className={WEEK_ARROW_CLASS} aria-label={label}>
      {children}
    </ButtonLink>
  ) : (
    <span role="link" aria-disabled="true" aria-label={label} className={buttonClasses("ghost", "sm", `${WEEK_ARROW_CLASS} opacity-40`)}>
      {children}
    </span>
  );
}

/** The address of this page for another day or zone, keeping the meeting being moved. */
function pageFor(day: string, zone: string, token: string) {
  const query = new URLSearchParams({ day, tz: zone });
  if (token) query.set("reschedule", token);
  return `${BOOK_PAGE}?${query}`;
}

function DayPicker({ zone, today, day, lastDay, token }: { zone: string; today: string; day: string; lastDay: string; token: string }) {
  const weeks = Math.max(0, Math.floor((Date.parse(day) - Date.parse(today)) / (7 * 86_400_000)));
  const dates = weekDates(today, weeks);
  const previous = weeks > 0 ? pageFor(addDays(day, -7), zone, token) : undefined;
  const next = weekOpen(today, weeks + 1, lastDay) ? pageFor(addDays(day, 7), zone, token) : undefined;
  return (
    <Form method="get" action={BOOK_PAGE}>
      {token && <input type="hidden" name="reschedule" value={token} />}
      <DayButtons
        id="book-page-days"
        days={dates.map((date) => ({ value: date, date, pressed: date === day, disabled: date > lastDay }))}
        previous={
          <ArrowLink to={previous} label={weekArrowLabel.previous}>
            {weekArrowIcon.previous}
          </ArrowLink>
        }
        next={
          <ArrowLink to={next} label={weekArrowLabel.next}>
            {weekArrowIcon.next}
          </ArrowLink>
        }
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field key={zone} as="select" name="tz" label={spec.timeZoneLabel} defaultValue={zone} className="sm:w-72">
          {zoneOptions(zone).map((option) => (
            <option key={option.zone} value={option.zone}>
              {option.label}
            </option>
          ))}
        </Field>
        <Button type="submit" name="day" value={day}>
          <CalendarDays className="size-4" aria-hidden="true" />
          {spec.action}
        </Button>
      </div>
    </Form>
  );
}

function TimePicker({
  zone,
  day,
  slots,
  token,
  failed,
}: {
  zone: string;
  day: string;
  slots: Slot[];
  token: string;
  failed?: Extract<BookResult, { outcome: "error" }>;
}) {
  const title = meetingCopy.slotsLabel(longDate(day));
  if (slots.length === 0)
    return (
      <div className="space-y-4">
        {failed && <Alert tone="error">{failed.message}</Alert>}
        <p className="rounded-xl bg-surface p-4 text-ink-700">{meetingCopy.noSlots}</p>
      </div>
    );
  const checked = slots.some((slot) => slot.start === failed?.start) ? failed?.start : undefined;
  return (
    <Form method="post" className="relative space-y-6" aria-labelledby="book-page-times">
      <h2 id="book-page-times" className="text-lg font-semibold">
        {copy.times}
      </h2>
      <input type="hidden" name="tz" value={zone} />
      {token && <input type="hidden" name="reschedule" value={token} />}
      <fieldset>
        <legend className="font-medium">{title}</legend>
        <p className="mt-1 text-sm text-ink-700">{meetingCopy.zoneNote(zoneLabel(zone))}</p>
        <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
          {slots.map((slot) => (
            <label
              key={slot.start}
              className="flex h-11 cursor-pointer items-center justify-center rounded-full bg-white text-sm font-semibold text-ink-900 ring-1 ring-ink-200 ring-inset has-checked:bg-crimson-600 has-checked:text-white has-checked:ring-crimson-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
            >
              <input type="radio" name="start" value={slot.start} defaultChecked={slot.start === checked} required className="sr-only" />
              {slot.label}
            </label>
          ))}
        </div>
      </fieldset>
      {!token && <BookingFields values={failed?.values ?? EMPTY_BOOKING} errors={failed?.errors} />}
      {failed && <Alert tone="error">{failed.message}</Alert>}
      <Button type="submit">{token ? copy.reschedule : meetingCopy.form.submit}</Button>
    </Form>
  );
}
