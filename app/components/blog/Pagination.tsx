import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { pageWindow } from "./paging";

const item = "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold";
const idle = `${item} bg-white text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors duration-200 hover:bg-ink-100`;

/** A link that cannot be followed where there is nowhere to go (previous on page 1, next on the last). */
function Step({ to, children }: { to?: string; children: ReactNode }) {
  if (!to) {
    return (
      <span role="link" aria-disabled="true" className={`${item} cursor-not-allowed bg-ink-100 text-ink-600`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={idle}>
      {children}
    </Link>
  );
}

export function Pagination({ page, total, pathFor }: { page: number; total: number; pathFor: (page: number) => string }) {
  if (total <= 1) return null;
  return (
    <nav aria-label={blogCopy.paginationLabel} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      <Step to={page > 1 ? pathFor(page - 1) : undefined}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {blogCopy.previous}
      </Step>
      <ul className="flex flex-wrap gap-2">
        {pageWindow(page, total).map((number) => (
          <li key={number}>
            <Link
              to={pathFor(number)}
              aria-label={blogCopy.pageLabel(number)}
              aria-current={number === page ? "page" : undefined}
              className={number === page ? `${item} bg-crimson-600 text-white` : idle}
            >
              {number}
            </Link>
          </li>
        ))}
      </ul>
      <Step to={page < total ? pathFor(page + 1) : undefined}>
        {blogCopy.next}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Step>
    </nav>
  );
}
