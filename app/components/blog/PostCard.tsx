import { Link } from "#app/components/ui/Link.tsx";
import type { BlogPost } from "#contracts/blog.ts";
import { PostImage } from "./PostImage";
import { PostByline, PostTags } from "./PostMeta";

export type PostSummary = Omit<BlogPost, "content">;

/** A post in the grid; the whole card follows the title's link. */
export function PostCard({ post, eager = false }: { post: PostSummary; eager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-100 transition-shadow duration-200 ease-out hover:shadow-card-hover">
      <PostImage image={post.image} eager={eager} sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" />
      <div className="flex flex-1 flex-col p-6">
        <PostTags category={post.category} readTime={post.read_time} featured={post.featured} />
        <h2 className="mt-4 text-lg font-bold">
          <Link
            to={`/blog/${post.id}`}
            className="after:absolute after:inset-0 group-hover:text-crimson-700 focus-visible:outline-none after:focus-visible:rounded-card after:focus-visible:outline-2 after:focus-visible:outline-indigo-600"
          >
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 flex-1 text-ink-700">{post.excerpt}</p>
        <PostByline author={post.author} publishedDate={post.published_date} className="mt-6" />
      </div>
    </article>
  );
}
