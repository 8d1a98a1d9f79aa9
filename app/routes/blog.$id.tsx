import { ArrowLeft } from "lucide-react";
import type { MouseEvent } from "react";
import { data, isRouteErrorResponse, useNavigate, type MetaDescriptor } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { parsePostId } from "#contracts/blog.ts";
import { feedLink } from "#app/components/blog/feed.ts";
import type { PostSummary } from "#app/components/blog/PostCard.tsx";
import { PostActions } from "#app/components/blog/PostActions.tsx";
import { PostBody } from "#app/components/blog/PostBody.tsx";
import { postHtml } from "#app/components/blog/post-html.server.tsx";
import { PostImage } from "#app/components/blog/PostImage.tsx";
import { PostByline, PostTags } from "#app/components/blog/PostMeta.tsx";
import { RelatedPosts } from "#app/components/blog/RelatedPosts.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { site } from "#app/content/site.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/blog.$id";

const copy = blogCopy.post;

export const links: Route.LinksFunction = () => [feedLink];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parsePostId(params.id);
  if (id === undefined) throw data({ message: copy.notFound }, { status: 404 });
  const { blog } = context.services;
  let post;
  try {
    post = await blog.getPost(id);
  } catch (error) {
    context.log.error({ err: error }, "the blog post could not be read");
    throw data({ message: copy.loadFailed }, { status: 503 });
  }
  if (!post) throw data({ message: copy.notFound }, { status: 404 });
  // Related posts are a nicety: the post is shown without them if they cannot be read.
  const related = await blog.relatedPosts(id).catch(() => null);
  const { content, ...shown } = post;
  const loaded = {
    post: { ...shown, contentHtml: postHtml(content) },
    related: (related ?? []).map(({ content: _content, ...summary }): PostSummary => summary),
  };
  // Without its related posts the page is not kept by the page cache: the next visitor gets them again.
  return related ? loaded : data(loaded, { headers: { "Cache-Control": "no-store" } });
}

export function meta({ data: loaded, params }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaded) return [{ title: `${copy.errorHeading} | ${site.name}` }, { name: "robots", content: "noindex" }];
  const { post } = loaded;
  return seo({
    title: post.title,
    description: post.excerpt,
    path: `/blog/${params.id}`,
    image: post.image_url ?? undefined,
    imageSize: post.image ? { width: post.image.width, height: post.image.height } : undefined,
    imageAlt: post.title,
    article: { publishedTime: post.published_date, modifiedTime: post.updated_date, author: post.author, section: post.category },
  });
}

/** Back to wherever the visitor came from on this site, or to the blog when they arrived here directly. */
function useBackToBlog() {
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    if ((window.history.state as { idx?: number } | null)?.idx) {
      event.preventDefault();
      navigate(-1);
    }
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  const back = useBackToBlog();
  return (
    <>
      <article>
        <header className="bg-white pt-10 sm:pt-14">
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <Link to="/blog" onClick={back} className="inline-flex items-center gap-2 text-sm font-semibold text-ink-700 hover:text-crimson-700">
              <ArrowLeft className="size-4" aria-hidden="true" />
              {copy.back}
            </Link>
            <div className="mt-8">
              <PostTags category={post.category} readTime={post.read_time} featured={post.featured} />
            </div>
            <h1 className="mt-4 text-2xl font-extrabold sm:text-3xl">{post.title}</h1>
            <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
              <PostByline author={post.author} publishedDate={post.published_date} />
              <PostActions id={post.id} />
            </div>
          </div>
          <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6 lg:px-8">
            <PostImage image={post.image} eager sizes="(min-width: 1024px) 960px, 100vw" className="rounded-card shadow-card" />
          </div>
        </header>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <PostBody html={post.contentHtml} />
        </div>
      </article>
      <RelatedPosts posts={related} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? copy.notFound
      : ((error.data as { message?: string } | undefined)?.message ?? copy.loadFailed)
    : copy.loadFailed;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{copy.errorHeading}</h1>
      <p className="mt-4 text-ink-700">{message}</p>
      <ButtonLink to="/blog" className="mt-8">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {copy.back}
      </ButtonLink>
    </section>
  );
}
