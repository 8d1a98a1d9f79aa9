import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { adminScreens } from "~/content/admin";

/** The admin screens as cards, leaving out the one the admin is on. */
export function AdminScreenLinks({ current }: { current?: string }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {adminScreens
        .filter((screen) => screen.to !== current)
        .map((screen) => (
          <li key={screen.to}>
            <Link
              to={screen.to}
              className="group block h-full rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 transition-shadow duration-200 hover:shadow-card-hover"
            >
              <span className="flex items-center justify-between text-lg font-semibold">
                {screen.title}
                <ArrowRight className="size-5 text-crimson-600 transition-transform duration-200 group-hover:translate-x-1" aria-hidden="true" />
              </span>
              <span className="mt-2 block text-sm text-ink-700">{screen.description}</span>
            </Link>
          </li>
        ))}
    </ul>
  );
}
