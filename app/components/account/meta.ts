import { seo } from "#app/lib/seo.ts";

/** Account screens are for one visitor's task: described like every page, but kept out of search results. */
export function accountMeta(page: { title: string; description: string; path: string }, options: { noReferrer?: boolean } = {}) {
  return [
    ...seo(page).filter((tag) => !("name" in tag && tag.name === "robots")),
    { name: "robots", content: "noindex,follow" },
    // Links carrying a token must not leak it to other sites through the Referer header.
    ...(options.noReferrer ? [{ name: "referrer", content: "no-referrer" }] : []),
  ];
}
