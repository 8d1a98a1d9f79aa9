import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BlogListQuerySchema, BlogListSchema, BlogPostSchema, categoryFilter, parsePostId } from "#contracts/blog.ts";
import { blogCopy } from "#app/content/blog.ts";
import { site } from "#app/content/site.ts";
import { HttpError } from "../../http/errors";
import { cachedRoute, type PageCache } from "../../http/page-cache";
import { rssFeed } from "./rss";
import type { BlogService } from "./service";

const IdParams = z.object({ id: z.string() });

function postId(raw: string): number {
  const id = parsePostId(raw);
  if (id === undefined) throw new HttpError(404, blogCopy.post.notFound);
  return id;
}

/** The public blog's calls (spec section 7) and its RSS feed. */
export const blogRoutes: FastifyPluginAsyncZod<{ blog: BlogService; pageCache?: PageCache }> = async (app, { blog, pageCache }) => {
  const kept = pageCache ? cachedRoute(pageCache) : {};
  app.get("/api/blog/posts/", { ...kept, schema: { querystring: BlogListQuerySchema, response: { 200: BlogListSchema } } }, async (request) => {
    const { page, per_page, category } = request.query;
    return blog.listPosts({ page, perPage: per_page, category: categoryFilter(category) });
  });

  app.get("/api/blog/posts/:id/", { schema: { params: IdParams, response: { 200: BlogPostSchema } } }, async (request) => {
    const post = await blog.getPost(postId(request.params.id));
    if (!post) throw new HttpError(404, blogCopy.post.notFound);
    return post;
  });

  app.get("/api/blog/related/:id/", { schema: { params: IdParams, response: { 200: z.array(BlogPostSchema) } } }, async (request) => {
    const related = await blog.relatedPosts(postId(request.params.id));
    if (!related) throw new HttpError(404, blogCopy.post.notFound);
    return related;
  });

  app.get("/api/blog/categories/", { schema: { response: { 200: z.array(z.string()) } } }, () => blog.categoryNames());

  app.get("/blog/rss.xml", async (_request, reply) => {
    const posts = await blog.feed();
    const newest = posts[0] ? new Date(posts[0].published_date) : new Date(0);
    const xml = rssFeed({ origin: site.url, title: blogCopy.feedTitle, description: blogCopy.feedDescription, builtAt: newest }, posts);
    return reply.type("application/rss+xml; charset=utf-8").header("cache-control", "public, max-age=300").send(xml);
  });
};
