import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Page } from "#contracts/admin-business.ts";
import { adminListCopy as copy } from "#app/content/admin.ts";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { AdminTable } from "./AdminTable";

export interface Choice {
  value: string;
  label: string;
}

export interface FilterControl {
  name: string;
  label: string;
  value: string;
  options: readonly Choice[];
  /** The empty choice's words, when "All" reads wrong (e.g. "Anyone" for an owner). */
  all?: string;
}

/** A filter by a day: a date input sending YYYY-MM-DD, empty for none. */
export interface DateFilter {
  name: string;
  label: string;
  value: string;
}

/** A filter that is on or off: a checkbox sending `value` when ticked. */
export interface CheckFilter {
  name: string;
  label: string;
  value: string;
  checked: boolean;
}

/**
 * A list's search, filters and order as one GET form: the page's address keeps them, so a list can
 * be shared or reloaded, and the form works before or without the page's script. Submitting starts
 * again from the first page.
 */
export function ListFilters({
  search,
  filters = [],
  dates = [],
  checks = [],
  sort,
}: {
  /** The search box's text, and what it searches (its hint). */
  search?: { value: string; hint: string };
  filters?: FilterControl[];
  dates?: DateFilter[];
  checks?: CheckFilter[];
  /** The list's orders, the first its usual one. */
  sort?: { value: string; options: readonly Choice[] };
}) {
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label={copy.filters}>
      {search && (
        <Field label={copy.search} name="q" type="search" defaultValue={search.value} placeholder={search.hint} maxLength={100} className="basis-full" />
      )}
      {filters.map((filter) => (
        <Field key={filter.name} as="select" label={filter.label} name={filter.name} defaultValue={filter.value} className="min-w-40 max-sm:flex-1">
          <option value="">{filter.all ?? copy.all}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Field>
      ))}
      {dates.map((date) => (
        <Field key={date.name} label={date.label} name={date.name} type="date" defaultValue={date.value} className="min-w-40 max-sm:flex-1 [&_input]:py-2.5" />
      ))}
      {checks.map((check) => (
        <label key={check.name} className="mb-3 inline-flex items-center gap-2 text-sm font-medium text-ink-900">
          <input
            type="checkbox"
            name={check.name}
            value={check.value}
            defaultChecked={check.checked}
            className="size-4 rounded border-ink-300 text-indigo-600 focus:ring-indigo-600"
          />
          {check.label}
        </label>
      ))}
      {sort && (
        <Field as="select" label={copy.sort} name="sort" defaultValue={sort.value} className="min-w-40 max-sm:flex-1">
          {sort.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Field>
      )}
      <Button type="submit" variant="secondary" className="mb-0.5">
        {copy.apply}
      </Button>
    </Form>
  );
}

/** Says so while the next list loads; quiet otherwise. */
export function LoadingNotice() {
  const loading = useNavigation().state === "loading";
  return (
    <p role="status" className="min-h-6 text-sm text-ink-700">
      {loading ? copy.loading : ""}
    </p>
  );
}

/** Previous and next links that keep the list's filters, and where in the list this page is. */
export function Pager({ page }: { page: Pick<Page<unknown>, "page" | "pages" | "count" | "more"> }) {
  const location = useLocation();
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  const link = "inline-flex items-center gap-1 rounded-full px-3 py-1.5 font-semibold text-indigo-700 ring-1 ring-inset ring-ink-200 hover:bg-ink-100";
  return (
    <nav aria-label={copy.pages} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
      <p>{page.more ? copy.pageOfMany(page.page, page.count) : copy.pageOf(page.page, page.pages, page.count)}</p>
      <div className="flex gap-2">
        {page.page > 1 && (
          <Link to={to(page.page - 1)} className={link}>
            <ChevronLeft className="size-4" aria-hidden="true" /> {copy.previous}
          </Link>
        )}
        {page.page < page.pages && (
          <Link to={to(page.page + 1)} className={link}>
            {copy.next} <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
    </nav>
  );
}

/** One page of a list as a table with its pager, or the list's empty text. */
export function PagedTable({
  list,
  empty,
  caption,
  headings,
  children,
}: {
  list: Page<unknown>;
  empty: string;
  caption: string;
  headings: readonly string[];
  children: ReactNode;
}) {
  if (list.results.length === 0) return <p className="text-ink-700">{empty}</p>;
  return (
    <>
      <AdminTable caption={caption} headings={headings}>
        {children}
      </AdminTable>
      <Pager page={list} />
    </>
  );
}
