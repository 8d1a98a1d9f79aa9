import { Link } from "react-router";

export interface ViewLink {
  to: string;
  label: string;
  current: boolean;
}

/** A screen's lists as links that look like tabs: each list has its own address, so it works without the script and can be shared. */
export function ViewTabs({ label, views }: { label: string; views: readonly ViewLink[] }) {
  return (
    <nav aria-label={label} className="mb-6">
      <ul className="flex flex-wrap gap-1 rounded-3xl bg-ink-100 p-1 sm:inline-flex sm:rounded-full">
        {views.map((view) => (
          <li key={view.to}>
            <Link
              to={view.to}
              aria-current={view.current ? "page" : undefined}
              className={`block rounded-full px-4 py-2 text-sm font-semibold transition-colors duration-200 ${
                view.current ? "bg-white text-ink-900 shadow-sm" : "text-ink-700 hover:text-ink-900"
              }`}
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
