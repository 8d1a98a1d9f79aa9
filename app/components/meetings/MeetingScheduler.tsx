import { CalendarDays } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Meeting, Slot } from "#contracts/meetings.ts";
import { honeypotOf } from "#app/components/forms/FormParts.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { ctaBlock } from "#app/content/contact.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { useBrowserValue } from "#app/components/account/useHydrated.ts";
import { ApiError, apiRequest } from "#app/lib/api/client.ts";
import { BookingFields } from "./BookingFields";
import { DEFAULT_ZONE, isCalendarDay, longDate, MEETING_DAYS, dayIn, weekDates, weekOpen, zoneLabel, zoneOptions } from "./calendar";
import { DayButtons, WEEK_ARROW_CLASS, weekArrowIcon, weekArrowLabel } from "./DayButtons";
import { MeetingConfirmation } from "./MeetingConfirmation";
import { bookingPayload, EMPTY_BOOKING, fetchSlots, fieldErrorsOf, meetingErrorText, meetingPaths, type BookingValues } from "./meetings-api";

const spec = ctaBlock.bookMeeting;
const copy = meetingCopy;
/** The page that lists times and books without JavaScript: the form's destination before the script runs. */
export const BOOK_PAGE = "/meetings/book";

/** What only the browser knows: today, and the visitor's own zone. */
const readBrowser = () => ({ now: new Date(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
const readNothing = () => undefined;

interface Shown {
  day: string;
  zone: string;
  slots: Slot[];
}

/**
 * The book-meeting tab: the spec's day buttons, time-zone select and "View Available Times", made
 * real. A day button means the next such day from today in the chosen zone; the arrows move a week at
 * a time, up to the booking horizon. Without JavaScript the same form is a GET to the booking page,
 * which names the day by its weekday. Today and the visitor's own zone are only known in the browser,
 * so they are read after the first render and the server's markup never disagrees with it.
 *
 * A `scriptless` copy (drawn for pages without scripts, hidden once they run) never reads them: the
 * browser's first look at its time zone loads its locale data, a long task on a slow phone (decision 073).
 */
export function MeetingScheduler({ scriptless = false }: { scriptless?: boolean }) {
  const browser = useBrowserValue(scriptless ? readNothing : readBrowser, undefined);
  const now = browser?.now;
  const detected = browser?.zone;
  /** The visitor's own zone when it is offered (any zone the browser knows), else the spec's first. */
  const startZone = detected && zoneOptions(detected).some((option) => option.zone === detected) ? detected : DEFAULT_ZONE;
  const [pickedZone, setZone] = useState<string>();
  const zone = pickedZone ?? startZone;
  const [weeks, setWeeks] = useState(0);
  const [weekday, setWeekday] = useState<number>();
  const [lastDay, setLastDay] = useState<string>();
  const [shown, setShown] = useState<Shown>();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [chosen, setChosen] = useState<Slot>();
  const [values, setValues] = useState<BookingValues>(EMPTY_BOOKING);
  const [booking, setBooking] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; errors?: Record<string, string[]> }>();
  const [meeting, setMeeting] = useState<Meeting>();
  const request = useRef<AbortController | undefined>(undefined);
  const horizonAsked = useRef(false);
  const results = useRef<HTMLDivElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const today = now && dayIn(zone, now);
  const dates = today ? weekDates(today, weeks) : undefined;
  const dayOf = (day: number | undefined, at = dates) => (day && at ? at[day - 1] : undefined);

  async function load(day: string, inZone: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    setProblem(undefined);
    setChosen(undefined);
    try {
      const answer = await fetchSlots(day, inZone, controller.signal);
      setShown({ day, zone: inZone, slots: answer.slots });
      setLastDay(answer.lastDay);
    } catch (error) {
      if (controller.signal.aborted) return;
      setShown(undefined);
      setProblem(meetingErrorText(error, copy.slotsFailed));
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }

  useEffect(() => () => request.current?.abort(), []);

  /** A new day, week or zone: the list shown follows it, once the visitor has asked for one. */
  function reselect(next: { weekday?: number; weeks?: number; zone?: string }) {
    const nextZone = next.zone ?? zone;
    const nextWeeks = next.weeks ?? weeks;
    const nextWeekday = next.weekday ?? weekday;
    if (next.zone !== undefined) setZone(nextZone);
    if (next.weeks !== undefined) setWeeks(nextWeeks);
    if (next.weekday !== undefined) setWeekday(nextWeekday);
    setRefusal(undefined);
    if (!now) return;
    const day = dayOf(nextWeekday, weekDates(dayIn(nextZone, now), nextWeeks));
    if (shown && day) void load(day, nextZone);
    else if (!horizonAsked.current && lastDay === undefined) {
      // The week arrows stop at the booking horizon, which any list of times tells: asked for once the
      // visitor starts choosing, not on every visit to the page.
      horizonAsked.current = true;
      fetchSlots(dayIn(nextZone, now), nextZone)
        .then((answer) => setLastDay((known) => known ?? answer.lastDay))
        .catch(() => (horizonAsked.current = false));
    }
  }

  function view(event: FormEvent) {
    event.preventDefault();
    const day = dayOf(weekday);
    setRefusal(undefined);
    if (!day) {
      setShown(undefined);
      setProblem(copy.chooseDay);
      return;
    }
    void load(day, zone);
  }

  function choose(slot: Slot) {
    setChosen(slot);
    setRefusal(undefined);
  }

  // The form opens under the list: the visitor is taken to it, told which time it books.
  useEffect(() => {
    if (chosen) formHeading.current?.focus();
  }, [chosen]);

  async function book(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || !shown || booking) return;
    setBooking(true);
    setRefusal(undefined);
    try {
      const payload = bookingPayload(values, chosen.start, shown.zone, honeypotOf(event.currentTarget));
      setMeeting(await apiRequest<Meeting>(meetingPaths.book, { method: "POST", body: payload }));
      setValues(EMPTY_BOOKING);
    } catch (error) {
      setRefusal({ message: meetingErrorText(error, copy.form.fallbackError), errors: fieldErrorsOf(error) });
      if (error instanceof ApiError && error.status === 409) {
        // Someone else took the time: the list is drawn afresh without it, and the form closes.
        await load(shown.day, shown.zone);
        results.current?.focus();
      }
    } finally {
      setBooking(false);
    }
  }

  function startOver() {
    setMeeting(undefined);
    setShown(undefined);
    setChosen(undefined);
  }

  if (meeting) {
    return (
      <div className="mt-6">
        <MeetingConfirmation meeting={meeting}>
          <Button variant="secondary" size="sm" className="mt-5" onClick={startOver}>
            {copy.confirmation.another}
          </Button>
        </MeetingConfirmation>
      </div>
    );
  }

  const nextOpen = today !== undefined && weekOpen(today, weeks + 1, lastDay);
  const when = chosen && shown ? `${longDate(shown.day)} at ${chosen.label}` : "";
  const slotsTitle = shown ? copy.slotsLabel(longDate(shown.day)) : "";

  return (
    <div>
      <form method="get" action={BOOK_PAGE} onSubmit={view}>
        <div className="mt-6">
          <DayButtons
            id="book-meeting-days"
            days={MEETING_DAYS.map(({ weekday: number, key }) => {
              const date = dayOf(number);
              return { value: key, date, pressed: weekday === number, disabled: date !== undefined && lastDay !== undefined && date > lastDay };
            })}
            onPick={(index) => reselect({ weekday: MEETING_DAYS[index]!.weekday })}
            previous={
              dates && (
                <Button
                  variant="ghost"
                  size="sm"
                  className={WEEK_ARROW_CLASS}
                  aria-label={weekArrowLabel.previous}
                  disabled={weeks === 0}
                  onClick={() => reselect({ weeks: weeks - 1 })}
                >
                  {weekArrowIcon.previous}
                </Button>
              )
            }
            next={
              dates && (
                <Button
                  variant="ghost"
                  size="sm"
                  className={WEEK_ARROW_CLASS}
                  aria-label={weekArrowLabel.next}
                  disabled={!nextOpen}
                  onClick={() => reselect({ weeks: weeks + 1 })}
                >
                  {weekArrowIcon.next}
                </Button>
              )
            }
          />
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            as="select"
            name="tz"
            label={spec.timeZoneLabel}
            value={zone}
            onChange={(event) => reselect({ zone: event.currentTarget.value })}
            className="sm:w-72"
          >
            {zoneOptions(detected).map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.label}
              </option>
            ))}
          </Field>
          <Button type="submit">
            <CalendarDays className="size-4" aria-hidden="true" />
            {spec.action}
          </Button>
        </div>
      </form>

      <div ref={results} tabIndex={-1} aria-live="polite" aria-busy={loading} className="mt-6 scroll-mt-24 focus:outline-none">
        {refusal && !chosen && (
          <Alert tone="error" className="mb-4">
            {refusal.message}
          </Alert>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        {loading && (
          <p className="flex items-center gap-2 text-ink-700">
            <Spinner label={copy.loading} className="size-4" />
            <span aria-hidden="true">{copy.loading}</span>
          </p>
        )}
        {!loading && shown && shown.slots.length === 0 && <p className="rounded-xl bg-surface p-4 text-ink-700">{copy.noSlots}</p>}
        {!loading && shown && shown.slots.length > 0 && (
          <>
            <h4 className="font-semibold">{slotsTitle}</h4>
            <p className="mt-1 text-sm text-ink-700">{copy.zoneNote(zoneLabel(shown.zone))}</p>
            <ul aria-label={slotsTitle} className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
              {shown.slots.map((slot) => (
                <li key={slot.start}>
                  <Button
                    variant={chosen?.start === slot.start ? "primary" : "secondary"}
                    size="sm"
                    className="w-full"
                    aria-pressed={chosen?.start === slot.start}
                    onClick={() => choose(slot)}
                  >
                    {slot.label}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      {chosen && shown && (
        <form
          method="post"
          action={BOOK_PAGE}
          onSubmit={book}
          aria-labelledby="book-meeting-form-title"
          className="relative mt-6 space-y-4 rounded-2xl bg-surface p-5 ring-1 ring-ink-100"
        >
          <h4 id="book-meeting-form-title" ref={formHeading} tabIndex={-1} className="font-semibold focus:outline-none focus-visible:outline-2">
            {copy.form.title(when)}
          </h4>
          <input type="hidden" name="start" value={chosen.start} />
          <input type="hidden" name="tz" value={shown.zone} />
          {isCalendarDay(shown.day) && <input type="hidden" name="day" value={shown.day} />}
          <BookingFields values={values} errors={refusal?.errors} disabled={booking} onChange={setValues} />
          {refusal && <Alert tone="error">{refusal.message}</Alert>}
          <Button type="submit" aria-disabled={booking} className="aria-disabled:cursor-wait aria-disabled:opacity-60">
            {booking ? (
              <>
                <Spinner label={copy.form.sending} className="size-4" /> {copy.form.sending}
              </>
            ) : (
              copy.form.submit
            )}
          </Button>
        </form>
      )}
    </div>
  );
}
