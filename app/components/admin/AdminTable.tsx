import type { CSSProperties, ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * What makes a table an admin table (app.css): the class, and its column names as CSS strings, which
 * label each cell when a box too narrow for the columns shows every row as a card.
 */
export function stackedTable(headings: readonly string[]): { className: string; style: CSSProperties } {
  return {
    className: "admin-table",
    style: Object.fromEntries(headings.map((heading, i) => [`--col-${i + 1}`, JSON.stringify(heading)])) as CSSProperties,
  };
}

/** The box around an admin table: the container whose width decides between rows and cards. */
export const tableBoxClass = "admin-table-box";

/**
 * An admin list: a captioned table with column headings; marked busy while the next page or filter
 * loads. In a box too narrow for its columns (a phone) each row is a card of labelled cells, so nothing
 * is cut off or scrolled out of sight. The box can take focus, and still scrolls sideways should a
 * cell hold something wider than it. It is the containing block of the rows' visually hidden texts,
 * which would otherwise stand at their place in the table and widen the whole page.
 */
export function AdminTable({ caption, headings, children }: { caption: string; headings: readonly string[]; children: ReactNode }) {
  const busy = useNavigation().state === "loading";
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="admin-table-box relative overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-ink-100 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
      aria-busy={busy}
    >
      <table className={`admin-table w-full text-left text-sm transition-opacity ${busy ? "opacity-60" : ""}`} style={stackedTable(headings).style}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-xs tracking-wider text-ink-700 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-3 font-semibold">
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

export const cellClass = "px-3 py-3 align-top";
