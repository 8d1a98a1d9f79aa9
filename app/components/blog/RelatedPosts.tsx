import { ArrowRight } from "lucide-react";
import { Link } from "#app/components/ui/Link.tsx";
import { blogCopy } from "#app/content/blog.ts";
import type { PostSummary } from "./PostCard";

/** Other posts in two columns, each with its title, excerpt and a 'Read more' link. */
export function RelatedPosts({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="bg-surface py-16">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <h2 id="related-title" className="text-xl font-bold sm:text-2xl">
          {blogCopy.post.related}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="flex h-full flex-col rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
                <p className="text-sm font-semibold text-indigo-600">{post.category}</p>
                <h3 className="mt-2 text-lg font-bold">{post.title}</h3>
                <p className="mt-2 line-clamp-3 flex-1 text-ink-700">{post.excerpt}</p>
                <Link to={`/blog/${post.id}`} className="mt-4 inline-flex items-center gap-1 font-semibold text-crimson-600 hover:text-crimson-700">
                  {blogCopy.post.readMore}
                  {/* The title in the link's own text, not only its label: search engines read link text. */}
                  <span className="sr-only">: {post.title}</span>
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
