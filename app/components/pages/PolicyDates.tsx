import { policyDates } from "#app/content/legal.ts";

/** When a policy took effect and when it last changed. */
export function PolicyDates({ effective = true }: { effective?: boolean }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm text-ink-200">
      {effective && (
        <div className="flex gap-2">
          <dt className="font-semibold text-white">Effective:</dt>
          <dd>{policyDates.effective}</dd>
        </div>
      )}
      <div className="flex gap-2">
        <dt className="font-semibold text-white">Last updated:</dt>
        <dd>{policyDates.updated}</dd>
      </div>
    </dl>
  );
}
