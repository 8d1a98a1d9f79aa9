import type { ReactNode } from "react";

/** A record's fields as a description list; fields without a value are left out. `narrow` for a side column. */
export function DetailList({ items, narrow = false }: { items: [label: string, value: ReactNode][]; narrow?: boolean }) {
  return (
    <dl className={`grid gap-x-6 gap-y-4 ${narrow ? "sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-x-4" : "sm:grid-cols-[12rem_1fr]"}`}>
      {items
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-ink-700">{label}</dt>
            <dd className="text-ink-900 break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
