import { SEARCH_QUERY_MAX } from "#contracts/search-options.ts";
import { ArrowRight, BookOpen, Code2, LifeBuoy, Package, Search } from "lucide-react";
import { Form } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { docGuides, docsIndex } from "#app/content/docs.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...docsIndex.seo, path: "/docs" });

const icons = [BookOpen, Code2, Package, LifeBuoy];

export default function Docs() {
  return (
    <>
      <PageHero eyebrow={docsIndex.eyebrow} title={docsIndex.title} intro={docsIndex.intro}>
        {/* The whole site's search answers: the guides are among the pages it holds. */}
        <Form role="search" method="get" action="/search" className="relative max-w-xl">
          <label htmlFor="docs-search" className="sr-only">
            {docsIndex.searchLabel}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-600" aria-hidden="true" />
          <input
            id="docs-search"
            name="q"
            type="search"
            maxLength={SEARCH_QUERY_MAX}
            placeholder={docsIndex.searchPlaceholder}
            className="block w-full rounded-full border-0 bg-white py-3 pr-4 pl-12 text-ink-900 shadow-sm placeholder:text-ink-600 focus:ring-2 focus:ring-cyan-300 focus:outline-none"
          />
        </Form>
      </PageHero>
      <section aria-label="Guides" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2">
          {docGuides.map((guide, i) => {
            const Icon = icons[i] ?? BookOpen;
            return (
              <li key={guide.path}>
                <Link
                  to={guide.path}
                  className="group block h-full rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 transition-shadow duration-200 hover:shadow-card-hover"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h2 className="mt-4 text-lg font-semibold">{guide.title}</h2>
                  <p className="mt-2 text-ink-700">{guide.summary}</p>
                  <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-crimson-600">
                    Read guide <ArrowRight className="size-4 transition-transform duration-200 group-hover:translate-x-1" aria-hidden="true" />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-12 flex flex-col items-start gap-4 rounded-card bg-surface p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold">{docsIndex.apiReference.title}</h2>
            <p className="mt-1 text-ink-700">{docsIndex.apiReference.text}</p>
          </div>
          <ButtonLink to={docsIndex.apiReference.to} variant="secondary">
            {docsIndex.apiReference.label}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
