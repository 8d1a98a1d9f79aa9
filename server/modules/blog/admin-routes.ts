import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PostListQuerySchema } from "#contracts/admin-business.ts";
import { SerialIdParams } from "#contracts/ids.ts";
import { CategoryCreateSchema, PostFormSchema, postFormMessages, type PostForm } from "#contracts/blog-admin.ts";
import type { ContentEvents } from "../../content-events";
import type { Executor } from "../../db/client";
import { HttpError, type FieldErrors } from "../../http/errors";
import { readMultipart } from "../../http/multipart";
import type { AdminService } from "../admin/service";
import { recordAudit } from "../audit/service";
import { requireAdmin } from "../admin/guard";
import { MAX_IMAGE_BYTES, storeImage } from "../media/service";
import type { BlogService } from "./service";

const IMAGE_TOO_LARGE = "The image must be 8 MB or smaller.";

/** The form's fields, checked by the same rules the browser applies; each problem named by its field. */
async function readPostForm(request: FastifyRequest, reply: FastifyReply): Promise<{ form: PostForm; image?: Buffer }> {
  const body = await readMultipart(request, reply, { fileField: "featured_image", maxFileBytes: MAX_IMAGE_BYTES, tooLarge: IMAGE_TOO_LARGE });
  const one = (name: string) => body.fields[name]?.[0];
  const parsed = PostFormSchema.safeParse({
    title: one("title"),
    excerpt: one("excerpt"),
    content: one("content"),
    categories: body.fields.categories ?? [],
    read_time: one("read_time"),
    featured: one("featured"),
  });
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
    const [field, messages] = Object.entries(fields)[0]!;
    throw new HttpError(400, messages[0] ?? `Check ${field}`, fields, "invalid");
  }
  const image = body.file && body.file.bytes.length > 0 ? body.file.bytes : undefined;
  return { form: parsed.data, image };
}

const postInput = (form: PostForm, imageId?: string) => ({
  title: form.title,
  excerpt: form.excerpt,
  content: form.content,
  categoryIds: form.categories,
  readTimeMinutes: form.read_time,
  featured: form.featured,
  ...(imageId ? { imageId } : {}),
});

/**
 * The admin's blog calls, as the spec's management screen makes them: list, create and change posts
 * (multipart, with an optional new image), delete, and categories. Every call needs an admin session.
 */
export const blogAdminRoutes: FastifyPluginAsyncZod<{ blog: BlogService; admin: AdminService; production: boolean; contentEvents: ContentEvents }> = async (
  app,
  options,
) => {
  const { blog, contentEvents } = options;
  // Before the body is read or checked: nobody without a session learns anything, not even validation messages.
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production, "posts"));
  // The whole file name as sent (preservePath), so the request boundary sees all of it.
  await app.register(multipart, { preservePath: true, limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40, fieldSize: 256 * 1024, parts: 42 } });

  const withImage = async (tx: Executor, image?: Buffer) => {
    if (!image) return undefined;
    try {
      return (await storeImage(tx, image)).id;
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(error.statusCode, error.message, { featured_image: [error.message] }, error.code);
      throw error;
    }
  };

  // The spec's call answers every post; the management screen pages through them like every admin list.
  app.get("/api/posts/", async () => blog.adminPosts());
  app.get("/api/admin/posts/", { schema: { querystring: PostListQuerySchema } }, async (request) => blog.adminPostsPage(request.query));

  app.post("/api/posts/", async (request, reply) => {
    const { form, image } = await readPostForm(request, reply);
    if (!image) throw new HttpError(400, postFormMessages.image, { featured_image: [postFormMessages.image] }, "invalid");
    const created = await contentEvents.write("blog", async (tx) => {
      const post = await blog.createPost(postInput(form, await withImage(tx, image)), tx);
      await recordAudit(tx, request.admin!, "post.created", `post:${post.id}`, { title: post.title });
      return post.id;
    });
    return reply.code(201).send(await blog.adminPost(created));
  });

  app.patch("/api/posts/:id/", { schema: { params: SerialIdParams } }, async (request, reply) => {
    const { form, image } = await readPostForm(request, reply);
    const updated = await contentEvents.write("blog", async (tx) => {
      const post = await blog.updatePost(request.params.id, postInput(form, await withImage(tx, image)), tx);
      if (post) await recordAudit(tx, request.admin!, "post.updated", `post:${post.id}`, { title: post.title });
      return post;
    });
    if (!updated) throw new HttpError(404, "Post not found");
    return blog.adminPost(request.params.id);
  });

  app.delete("/api/posts/:id/", { schema: { params: SerialIdParams } }, async (request, reply) => {
    await contentEvents.write("blog", async (tx) => {
      const deleted = await blog.deletePost(request.params.id, tx);
      if (!deleted) throw new HttpError(404, "Post not found");
      await recordAudit(tx, request.admin!, "post.deleted", `post:${deleted.id}`, { title: deleted.title });
    });
    return reply.code(204).send();
  });

  app.get("/api/categories/", async () => blog.listCategories());

  app.post("/api/categories/", { schema: { body: CategoryCreateSchema } }, async (request, reply) => {
    const category = await contentEvents.write("blog", async (tx) => {
      const created = await blog.createCategory(request.body.name, tx);
      await recordAudit(tx, request.admin!, "category.created", `category:${created.id}`, { name: created.name });
      return created;
    });
    return reply.code(201).send(category);
  });
};
