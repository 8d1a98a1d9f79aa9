import { ChevronLeft, ChevronRight } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { ctaBlock } from "#app/content/contact.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { MEETING_DAYS, shortDate } from "./calendar";

export interface DayButton {
  /** What the button sends as `day` when the form is submitted without a script. */
  value: string;
  /** The date it stands for, once it is known. */
  date?: string;
  pressed: boolean;
  disabled?: boolean;
}

/** The class of a week arrow, a button or a link. */
export const WEEK_ARROW_CLASS = "w-9 shrink-0 px-0!";
export const weekArrowIcon = { previous: <ChevronLeft className="size-4" aria-hidden="true" />, next: <ChevronRight className="size-4" aria-hidden="true" /> };
export const weekArrowLabel = meetingCopy.week;

/**
 * The spec's day buttons, Monday to Thursday, each with the date it stands for under its name, between
 * the week arrows (`previous`, `next`). Each is a submit button of its form, so without a script a day
 * is chosen by pressing it; `onPick` takes the press over when a script runs.
 */
export function DayButtons({
  id,
  days,
  previous,
  next,
  onPick,
}: {
  id: string;
  days: DayButton[];
  previous?: ReactNode;
  next?: ReactNode;
  onPick?: (index: number) => void;
}) {
  return (
    <>
      <p id={id} className="mb-2 text-sm font-medium">
        {ctaBlock.bookMeeting.daysLabel}
      </p>
      <div className="flex items-center gap-2">
        {previous}
        <div role="group" aria-labelledby={id} className="grid flex-1 grid-cols-2 gap-2 sm:flex sm:flex-none sm:flex-wrap">
          {MEETING_DAYS.map(({ name }, index) => {
            const { value, date, pressed, disabled } = days[index]!;
            const pick = onPick
              ? (event: MouseEvent) => {
                  event.preventDefault();
                  onPick(index);
                }
              : undefined;
            return (
              <Button
                key={name}
                type="submit"
                name="day"
                value={value}
                variant={pressed ? "primary" : "secondary"}
                size="sm"
                aria-pressed={pressed}
                disabled={disabled}
                className={date ? "h-auto! flex-col gap-0! py-1.5 leading-tight sm:min-w-28" : "sm:min-w-28"}
                onClick={pick}
              >
                {name}
                {date && " "}
                {date && <span className={`text-xs font-normal ${pressed ? "text-white" : "text-ink-700"}`}>{shortDate(date)}</span>}
              </Button>
            );
          })}
        </div>
        {next}
      </div>
    </>
  );
}
