import type { LegalContent } from "#contracts/site-content.ts";
import { spelledDay } from "#app/lib/spelled.ts";

/** When a policy took effect and when it last changed, as staff last published them. */
export function PolicyDates({ dates, effective = true }: { dates: Pick<LegalContent, "effective" | "updated">; effective?: boolean }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm text-ink-200">
      {effective && (
        <div className="flex gap-2">
          <dt className="font-semibold text-white">Effective:</dt>
          <dd>{spelledDay(dates.effective)}</dd>
        </div>
      )}
      <div className="flex gap-2">
        <dt className="font-semibold text-white">Last updated:</dt>
        <dd>{spelledDay(dates.updated)}</dd>
      </div>
    </dl>
  );
}
