import type { SearchKind } from "#contracts/search-options.ts";
import type { NavLink } from "./navigation";

/** The words of the site's search: the header's instant results and the /search page. */
export const searchCopy = {
  kinds: { page: "Page", post: "Post", job: "Job", answer: "FAQ" } satisfies Record<SearchKind, string>,
  /** The header's box as the visitor types. */
  instant: {
    listLabel: "Search suggestions",
    searching: "Searching…",
    noResults: (query: string) => `No results for “${query}”`,
    failed: "Search is not available right now. Press Enter to try the results page.",
    /** What a screen reader hears once results arrive (an instant search counts only what it shows). */
    count: (shown: number) => (shown === 0 ? "No results" : `${shown} ${shown === 1 ? "result" : "results"}, use the arrow keys to choose`),
    seeAll: "See all results",
  },
  page: {
    seo: {
      title: "Search",
      description: "Search HimalTech’s services, blog posts, open jobs and documentation.",
    },
    eyebrow: "Search",
    title: "Search the site",
    resultsTitle: (query: string) => `Results for “${query}”`,
    intro: "Find our services, articles, open jobs and answers.",
    label: "Search the site",
    placeholder: "Search services, articles, docs…",
    submit: "Search",
    resultsLabel: "Search results",
    /** A total at the search's cap means that many or more. */
    count: (total: number, cap: number, page: number, pages: number) =>
      `${total >= cap ? `${cap}+` : total} ${total === 1 ? "result" : "results"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`,
    corrected: "Showing results for",
    noResults: (query: string) => `No results for “${query}”`,
    noResultsHint: "Check the spelling or try fewer words. These pages may help:",
    usefulLinks: [
      { label: "Our services", to: "/#services" },
      { label: "Blog", to: "/blog" },
      { label: "Careers", to: "/careers" },
      { label: "Contact us", to: "/contact" },
      { label: "FAQ", to: "/faq" },
    ] satisfies NavLink[],
    pagesLabel: "Search result pages",
    previous: "Previous",
    next: "Next",
    invalidTitle: "That search cannot be run",
    tooLong: (max: number) => `Use at most ${max} characters.`,
    /** Titles of the second and later pages. */
    pageTitleSuffix: (page: number) => (page > 1 ? ` – Page ${page}` : ""),
  },
} as const;
