import { data, type MetaDescriptor } from "react-router";
import { BLOG_MAX_PAGE, BLOG_PAGE_SIZE, categoryFilter } from "#contracts/blog.ts";
import { CategoryFilter } from "#app/components/blog/CategoryFilter.tsx";
import { feedLink } from "#app/components/blog/feed.ts";
import { Pagination } from "#app/components/blog/Pagination.tsx";
import { PostCard, type PostSummary } from "#app/components/blog/PostCard.tsx";
import { blogListPath, totalPages } from "#app/components/blog/paging.ts";
import { blogCopy } from "#app/content/blog.ts";
import { absoluteUrl, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/blog._index";

export const links: Route.LinksFunction = () => [feedLink];

/** Page 1 for anything that is not a page number; a number past any list is read as the last page (below). */
const requestedPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, BLOG_MAX_PAGE) : 1;
};

/** A list shown in place of one that could not be read is marked no-store, so no cache keeps it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryFilter(url.searchParams.get("category"));
  let page = requestedPage(url.searchParams.get("page"));
  const { blog } = context.services;
  try {
    const [names, first] = await Promise.all([blog.categoryNames(), blog.listPosts({ page, perPage: BLOG_PAGE_SIZE, category })]);
    let list = first;
    const last = totalPages(list.count, BLOG_PAGE_SIZE);
    // A page past the end (an old link after posts were removed) shows the last page instead.
    if (last > 0 && page > last) {
      page = last;
      list = await blog.listPosts({ page, perPage: BLOG_PAGE_SIZE, category });
    }
    const posts: PostSummary[] = list.results.map(({ content: _content, ...summary }) => summary);
    return { posts, count: list.count, page, totalPages: last, category, categories: [blogCopy.allCategories, ...names] };
  } catch (error) {
    // The spec's blog swallows failures: an empty list with only the category All.
    context.log.error({ err: error }, "the blog list could not be read");
    return data(
      { posts: [] as PostSummary[], count: 0, page: 1, totalPages: 0, category, categories: [blogCopy.allCategories] },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
}

export function meta({ data }: Route.MetaArgs): MetaDescriptor[] {
  const page = data?.page ?? 1;
  const category = data?.category;
  const title = `${category ? `${category} – ` : ""}${blogCopy.seoTitle}${blogCopy.pageTitleSuffix(page)}`;
  const pageLinks: MetaDescriptor[] = [];
  if (data && page > 1) pageLinks.push({ tagName: "link", rel: "prev", href: absoluteUrl(blogListPath(category, page - 1)) });
  if (data && page < data.totalPages) pageLinks.push({ tagName: "link", rel: "next", href: absoluteUrl(blogListPath(category, page + 1)) });
  return [...seo({ title, description: blogCopy.description, path: blogListPath(category, page) }), ...pageLinks];
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, totalPages: total, category, categories } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-ink-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(50rem_24rem_at_85%_-20%,rgb(79_70_229/0.5),transparent),radial-gradient(36rem_20rem_at_0%_120%,rgb(34_211_238/0.22),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-24 lg:px-8">
          <h1 className="text-4xl font-extrabold sm:text-5xl">{blogCopy.heading}</h1>
          <p className="mt-4 text-lg font-semibold tracking-wider text-cyan-300 uppercase">{blogCopy.subtitle}</p>
          <p className="mx-auto mt-4 max-w-2xl text-ink-200">{blogCopy.intro}</p>
        </div>
      </section>
      <section className="bg-surface py-12 sm:py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <CategoryFilter categories={categories} selected={category ?? blogCopy.allCategories} />
          {posts.length === 0 ? (
            <div className="mx-auto mt-12 max-w-xl rounded-card bg-white p-10 text-center shadow-card ring-1 ring-ink-100">
              <h2 className="text-xl font-bold">{blogCopy.empty}</h2>
              <p className="mt-2 text-ink-700">{blogCopy.emptyHint}</p>
            </div>
          ) : (
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, index) => (
                <li key={post.id}>
                  <PostCard post={post} eager={index === 0} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} total={total} pathFor={(number) => blogListPath(category, number)} />
        </div>
      </section>
    </>
  );
}
