import { Link } from "#app/components/ui/Link.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { blogListPath } from "./paging";

/** One link per category, All first; choosing one starts again at page 1. */
export function CategoryFilter({ categories, selected }: { categories: string[]; selected: string }) {
  return (
    <nav aria-label={blogCopy.categoriesLabel}>
      <ul className="flex flex-wrap justify-center gap-2">
        {categories.map((name) => {
          const active = name === selected;
          return (
            <li key={name}>
              <Link
                to={blogListPath(name === blogCopy.allCategories ? undefined : name, 1)}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={`inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold transition-colors duration-200 ${
                  active ? "bg-ink-900 text-white" : "bg-white text-ink-800 ring-1 ring-ink-200 ring-inset hover:bg-ink-100"
                }`}
              >
                {name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
