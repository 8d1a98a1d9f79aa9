import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/** An admin list: a captioned table with column headings; marked busy while the next page or filter loads. */
export function AdminTable({ caption, headings, children }: { caption: string; headings: readonly string[]; children: ReactNode }) {
  const busy = useNavigation().state === "loading";
  return (
    <div className="overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-ink-100" aria-busy={busy}>
      <table className={`w-full text-left text-sm transition-opacity ${busy ? "opacity-60" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-xs tracking-wider text-ink-700 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-3 align-top";
