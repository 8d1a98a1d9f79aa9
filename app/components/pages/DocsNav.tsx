import { NavLink } from "#app/components/ui/Link.tsx";
import { docGuides } from "#app/content/docs.ts";

/** The documentation's own menu, beside each guide. */
export function DocsNav() {
  return (
    <nav aria-label="Documentation" className="lg:sticky lg:top-24 lg:self-start">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {[{ path: "/docs", title: "Overview" }, ...docGuides, { path: "/user-api", title: "API Reference" }].map((guide) => (
          <li key={guide.path}>
            <NavLink
              to={guide.path}
              end
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-indigo-50 text-indigo-800" : "text-ink-800 hover:bg-ink-100"}`
              }
            >
              {guide.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
