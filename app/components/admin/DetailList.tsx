import type { ReactNode } from "react";

/** A record's fields as a description list; fields without a value are left out. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[12rem_1fr]">
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
