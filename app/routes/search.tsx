import type { SearchResponse } from "#contracts/search.ts";
import { SEARCH_COUNT_CAP, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from "#contracts/search-options.ts";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { data, Form } from "react-router";
import { searchPath } from "#app/components/search/paths.ts";
import { Snippet } from "#app/components/search/Snippet.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { searchCopy } from "#app/content/search.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/search";

const copy = searchCopy.page;

/** Page 1 for anything that is not a page number. */
const requestedPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, SEARCH_PAGE_MAX) : 1;
};

const pageCount = (total: number) => Math.min(Math.ceil(total / SEARCH_PAGE_SIZE), SEARCH_PAGE_MAX);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams.get("q") ?? "";
  // Longer than the search takes: said on the page, with the text cut to fit the field. (A NUL never gets
  // this far: the request boundary refuses it in any address, decision 026.)
  if (query.length > SEARCH_QUERY_MAX)
    return data({ query: query.slice(0, SEARCH_QUERY_MAX), problem: copy.tooLong(SEARCH_QUERY_MAX), response: null, pages: 0 }, { status: 400 });
  if (query.trim() === "") return { query, problem: null, response: null, pages: 0 };

  const { search } = context.services;
  let response: SearchResponse = await search.search({ q: query, limit: SEARCH_PAGE_SIZE, page: requestedPage(url.searchParams.get("page")) });
  const pages = pageCount(response.total);
  // A page past the end (an old link after content was removed) shows the last page instead.
  if (pages > 0 && response.page > pages) response = await search.search({ q: query, limit: SEARCH_PAGE_SIZE, page: pages });
  return { query, problem: null, response, pages };
}

export function meta({ data }: Route.MetaArgs) {
  const query = data?.query.trim();
  const page = data?.response?.page ?? 1;
  return seo({
    ...copy.seo,
    title: `${query ? copy.resultsTitle(query) : copy.seo.title}${copy.pageTitleSuffix(page)}`,
    path: "/search",
    noindex: true,
  });
}

function SearchForm({ query }: { query: string }) {
  return (
    <Form role="search" method="get" action="/search" className="flex max-w-xl gap-2">
      <div className="relative min-w-0 flex-1">
        <label htmlFor="search-page-query" className="sr-only">
          {copy.label}
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-600" aria-hidden="true" />
        <input
          // A new query (a link, the back button) shows in the field: it is drawn afresh for each.
          key={query}
          id="search-page-query"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={copy.placeholder}
          className="block w-full rounded-full border-0 bg-white py-3 pr-4 pl-12 text-ink-900 shadow-sm placeholder:text-ink-600 focus:ring-2 focus:ring-cyan-300 focus:outline-none"
        />
      </div>
      <button
        type="submit"
        className="shrink-0 rounded-full bg-crimson-600 px-5 py-3 font-semibold text-white transition-colors duration-150 hover:bg-crimson-700 focus:ring-2 focus:ring-cyan-300 focus:outline-none"
      >
        {copy.submit}
      </button>
    </Form>
  );
}

function Results({ query, response, pages }: { query: string; response: SearchResponse; pages: number }) {
  const { results, total, page, correctedQuery } = response;
  if (results.length === 0) {
    return (
      <>
        <h2 className="text-2xl font-bold">{copy.noResults(query)}</h2>
        <p className="mt-3 text-ink-700">{copy.noResultsHint}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {copy.usefulLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex rounded-full bg-white px-4 py-2 font-semibold text-ink-900 ring-1 ring-ink-200 transition-colors duration-150 hover:bg-ink-100"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      {correctedQuery && (
        <p className="mb-2 text-ink-700">
          {copy.corrected} <strong className="font-semibold text-ink-900">{correctedQuery}</strong>
        </p>
      )}
      <h2 className="text-lg font-semibold text-ink-700">{copy.count(total, SEARCH_COUNT_CAP, page, pages)}</h2>
      <ol className="mt-6 space-y-4">
        {results.map((result) => (
          <li key={`${result.type}:${result.url}`} className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
            <Badge>{searchCopy.kinds[result.type]}</Badge>
            <h3 className="mt-3 text-lg font-semibold">
              <Link to={result.url} className="text-ink-950 underline-offset-4 hover:text-crimson-700 hover:underline">
                {result.title}
              </Link>
            </h3>
            <p className="mt-2 text-ink-700">
              <Snippet result={result} />
            </p>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label={copy.pagesLabel} className="mt-10 flex items-center justify-between gap-4">
          {page > 1 && <PageLink to={searchPath(query, page - 1)} direction="previous" />}
          {page < pages && <PageLink to={searchPath(query, page + 1)} direction="next" />}
        </nav>
      )}
    </>
  );
}

function PageLink({ to, direction }: { to: string; direction: "previous" | "next" }) {
  return (
    <Link
      to={to}
      rel={direction === "previous" ? "prev" : "next"}
      className={`inline-flex h-10 items-center gap-1 rounded-full bg-white px-4 text-sm font-semibold text-ink-800 ring-1 ring-ink-200 transition-colors duration-150 ring-inset hover:bg-ink-100 ${direction === "next" ? "ml-auto" : ""}`}
    >
      {direction === "previous" && <ChevronLeft className="size-4" aria-hidden="true" />}
      {copy[direction]}
      {direction === "next" && <ChevronRight className="size-4" aria-hidden="true" />}
    </Link>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, problem, response, pages } = loaderData;
  const shownQuery = query.trim();
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={shownQuery && !problem ? copy.resultsTitle(shownQuery) : copy.title} intro={response ? undefined : copy.intro}>
        <SearchForm query={query} />
      </PageHero>
      {(problem || response) && (
        <section aria-label={copy.resultsLabel} className="bg-surface">
          <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
            {problem ? (
              <div role="alert" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
                <h2 className="text-xl font-bold">{copy.invalidTitle}</h2>
                <p className="mt-2 text-ink-700">{problem}</p>
              </div>
            ) : (
              response && <Results query={shownQuery} response={response} pages={pages} />
            )}
          </div>
        </section>
      )}
    </>
  );
}
