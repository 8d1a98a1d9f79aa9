import { AlarmClock, Clock } from "lucide-react";
import { enquiriesCopy as copy, spanLabel } from "#app/content/admin.ts";

/**
 * When an answer is owed: the time left, or how long it is overdue in red with an icon and words (never
 * the colour alone); nothing when nothing is owed. `now` is the server's time, so both renders agree.
 */
export function DueMarker({ due, now }: { due: string | null; now: string }) {
  if (!due) return null;
  const left = Date.parse(due) - Date.parse(now);
  if (left > 0) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap text-ink-700">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        {copy.dueIn(spanLabel(left))}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-red-700">
      <AlarmClock className="size-4 shrink-0" aria-hidden="true" />
      {copy.overdueBy(spanLabel(-left))}
    </span>
  );
}
