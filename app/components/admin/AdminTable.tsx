import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * An admin list: a captioned table with column headings; marked busy while the next page or filter
 * loads. On a narrow screen the table keeps its width and scrolls sideways in its box, which can
 * take focus so the keyboard scrolls it too. It is the containing block of the rows' visually hidden
 * texts, which would otherwise stand at their place in the wide table and widen the whole page.
 */
export function AdminTable({ caption, headings, children }: { caption: string; headings: readonly string[]; children: ReactNode }) {
  const busy = useNavigation().state === "loading";
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-ink-100 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
      aria-busy={busy}
    >
      <table className={`w-full min-w-[42rem] text-left text-sm transition-opacity ${busy ? "opacity-60" : ""}`}>
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
