import { and, asc, count, desc, eq, exists, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Page, PostListQuery } from "#contracts/admin-business.ts";
import type { BlogList, BlogPost } from "#contracts/blog.ts";
import type { AuditTargetNames } from "#contracts/admin-audit.ts";
import type { AdminPost } from "#contracts/blog-admin.ts";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import { offsetOf, pageOf, searchFor } from "../../http/pagination";
import { auditIds } from "../audit/service";
import { describeImages, responsiveImage } from "../media/service";
import type { SitemapEntry } from "../site/sitemap";
import { categories, postCategories, posts } from "./schema";
import { seedSamplePosts } from "./seed";

export const RELATED_POSTS_LIMIT = 4;
export const FEED_SIZE = 20;
export const DEFAULT_AUTHOR = "HimalTech Team";

/** A post as an author writes it (the admin's form and the sample content). */
export interface PostInput {
  title: string;
  excerpt: string;
  content: string;
  /** In the order chosen; the first is the one the blog shows. */
  categoryIds: number[];
  readTimeMinutes: number;
  featured: boolean;
  imageId?: string | null;
  author?: string;
  /** Defaults to now; set when a post written elsewhere keeps its original date. */
  publishedAt?: Date;
}

export interface Category {
  id: number;
  name: string;
}

type PostRow = typeof posts.$inferSelect;

export interface BlogServiceDeps {
  db: Database;
  now: () => Date;
}

export function createBlogService(deps: BlogServiceDeps) {
  const { db } = deps;

  const inCategory = (name: string): SQL =>
    exists(
      db
        .select({ one: sql`1` })
        .from(postCategories)
        .innerJoin(categories, eq(categories.id, postCategories.categoryId))
        .where(sql`${postCategories.postId} = ${posts.id} and ${categories.name} = ${name}`),
    );

  /** Turns rows into the read shape, with two more queries for all of them (categories, images), not two per post. */
  async function toReadShape(rows: PostRow[], executor: Executor = db): Promise<BlogPost[]> {
    if (rows.length === 0) return [];
    const names = await executor
      .select({ postId: postCategories.postId, name: categories.name })
      .from(postCategories)
      .innerJoin(categories, eq(categories.id, postCategories.categoryId))
      .where(
        inArray(
          postCategories.postId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(postCategories.postId), asc(postCategories.position));
    const firstCategory = new Map<number, string>();
    for (const { postId, name } of names) if (!firstCategory.has(postId)) firstCategory.set(postId, name);
    const pictures = await describeImages(
      executor,
      rows.flatMap((row) => (row.imageId ? [row.imageId] : [])),
    );

    return rows.map((row) => {
      const picture = row.imageId ? pictures.get(row.imageId) : undefined;
      const image = picture ? responsiveImage(picture) : null;
      return {
        id: row.id,
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        category: firstCategory.get(row.id) ?? "Uncategorized",
        author: row.author,
        published_date: row.publishedAt.toISOString(),
        updated_date: row.updatedAt.toISOString(),
        read_time: `${row.readTimeMinutes} min read`,
        image_url: image?.src ?? null,
        featured: row.featured,
        image,
      };
    });
  }

  /** The management screen's shape: category ids in the author's order and the image's largest width. */
  async function toAdminShape(rows: PostRow[]): Promise<AdminPost[]> {
    if (rows.length === 0) return [];
    const links = await db
      .select({ postId: postCategories.postId, categoryId: postCategories.categoryId })
      .from(postCategories)
      .where(
        inArray(
          postCategories.postId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(postCategories.postId), asc(postCategories.position));
    const pictures = await describeImages(
      db,
      rows.flatMap((row) => (row.imageId ? [row.imageId] : [])),
    );
    return rows.map((row) => {
      const picture = row.imageId ? pictures.get(row.imageId) : undefined;
      return {
        id: row.id,
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        categories: links.filter((link) => link.postId === row.id).map((link) => link.categoryId),
        read_time: row.readTimeMinutes,
        featured: row.featured,
        featured_image: picture ? responsiveImage(picture).src : null,
      };
    });
  }

  const newestFirst = [desc(posts.publishedAt), desc(posts.id)];
  const adminPostOrders: Record<PostListQuery["sort"], SQL[]> = {
    "-published": newestFirst,
    published: [asc(posts.publishedAt), asc(posts.id)],
    title: [asc(sql`lower(${posts.title})`), desc(posts.id)],
  };

  async function findPost(id: number): Promise<PostRow | undefined> {
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    return row;
  }

  /** Checks the chosen categories exist and drops repeats, keeping the author's order. */
  async function checkedCategoryIds(executor: Executor, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new HttpError(400, "Select at least one category", { categories: ["Select at least one category"] });
    const found = await executor.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique));
    if (found.length !== unique.length) throw new HttpError(400, "Unknown category", { categories: ["Unknown category"] });
    return unique;
  }

  async function writeCategories(executor: Executor, postId: number, ids: number[]) {
    await executor.delete(postCategories).where(eq(postCategories.postId, postId));
    await executor.insert(postCategories).values(ids.map((categoryId, position) => ({ postId, categoryId, position })));
  }

  const service = {
    /** One page of posts, newest first, optionally of one category (by exact name). */
    async listPosts(query: { page: number; perPage: number; category?: string }): Promise<BlogList> {
      const filter = query.category ? inCategory(query.category) : undefined;
      const [total] = await db.select({ count: count() }).from(posts).where(filter);
      const rows = await db
        .select()
        .from(posts)
        .where(filter)
        .orderBy(...newestFirst)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return { results: await toReadShape(rows), count: total?.count ?? 0 };
    },

    async getPost(id: number): Promise<BlogPost | null> {
      const row = await findPost(id);
      return row ? ((await toReadShape([row]))[0] ?? null) : null;
    },

    /**
     * Up to four other posts: those sharing a category with this one first, newest first within each
     * group. Null when the post does not exist.
     */
    async relatedPosts(id: number): Promise<BlogPost[] | null> {
      if (!(await findPost(id))) return null;
      const sharesCategory = sql<boolean>`exists (
        select 1 from ${postCategories} mine
        join ${postCategories} theirs on theirs.category_id = mine.category_id
        where mine.post_id = ${id} and theirs.post_id = ${posts.id})`;
      const rows = await db
        .select()
        .from(posts)
        .where(ne(posts.id, id))
        .orderBy(desc(sharesCategory), ...newestFirst)
        .limit(RELATED_POSTS_LIMIT);
      return toReadShape(rows);
    },

    /** Names of the categories that have posts, for the blog's filter. */
    async categoryNames(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ name: categories.name })
        .from(categories)
        .innerJoin(postCategories, eq(postCategories.categoryId, categories.id))
        .orderBy(asc(categories.name));
      return rows.map((row) => row.name);
    },

    /** Every category, with or without posts, for an author choosing some. */
    listCategories(executor: Executor = db): Promise<Category[]> {
      return executor.select().from(categories).orderBy(asc(categories.name));
    },

    async createCategory(name: string, executor: Executor = db): Promise<Category> {
      const trimmed = name.trim();
      if (!trimmed || trimmed.length > 100)
        throw new HttpError(400, "A category name has 1 to 100 characters.", { name: ["A category name has 1 to 100 characters."] });
      const [created] = await executor.insert(categories).values({ name: trimmed }).onConflictDoNothing().returning();
      if (!created) throw new HttpError(409, `The category ${trimmed} already exists.`, { name: ["This category already exists."] });
      return created;
    },

    /** Publishes a post now; its categories are written in the same transaction. */
    async createPost(input: PostInput, executor?: Executor): Promise<BlogPost> {
      const write = async (tx: Executor) => {
        const categoryIds = await checkedCategoryIds(tx, input.categoryIds);
        const now = deps.now();
        const publishedAt = input.publishedAt ?? now;
        const [row] = await tx
          .insert(posts)
          .values({
            title: input.title,
            excerpt: input.excerpt,
            content: input.content,
            readTimeMinutes: input.readTimeMinutes,
            featured: input.featured,
            author: input.author ?? DEFAULT_AUTHOR,
            imageId: input.imageId ?? null,
            publishedAt,
            updatedAt: publishedAt,
          })
          .returning();
        await writeCategories(tx, row!.id, categoryIds);
        return (await toReadShape([row!], tx))[0]!;
      };
      return executor ? write(executor) : db.transaction(write);
    },

    /** Changes a post (in the caller's transaction if given); an image left undefined is kept. Null when the post does not exist. */
    async updatePost(id: number, input: PostInput, executor?: Executor): Promise<BlogPost | null> {
      const write = async (tx: Executor) => {
        const categoryIds = await checkedCategoryIds(tx, input.categoryIds);
        const [row] = await tx
          .update(posts)
          .set({
            title: input.title,
            excerpt: input.excerpt,
            content: input.content,
            readTimeMinutes: input.readTimeMinutes,
            featured: input.featured,
            ...(input.author !== undefined ? { author: input.author } : {}),
            ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
            updatedAt: deps.now(),
          })
          .where(eq(posts.id, id))
          .returning();
        if (!row) return null;
        await writeCategories(tx, id, categoryIds);
        return (await toReadShape([row], tx))[0]!;
      };
      return executor ? write(executor) : db.transaction(write);
    },

    /** Every post, newest first, as the management screen lists them. */
    async adminPosts(): Promise<AdminPost[]> {
      return toAdminShape(
        await db
          .select()
          .from(posts)
          .orderBy(...newestFirst),
      );
    },

    /** One page of posts for the management screen, in the order asked (newest first by default), found by title or excerpt, in a category, featured or not. */
    async adminPostsPage(query: PostListQuery): Promise<Page<AdminPost>> {
      const where = and(
        searchFor(query.q, [posts.title, posts.excerpt]),
        query.category
          ? exists(
              db
                .select({ one: sql`1` })
                .from(postCategories)
                .where(and(eq(postCategories.postId, posts.id), eq(postCategories.categoryId, query.category))),
            )
          : undefined,
        query.featured ? eq(posts.featured, query.featured === "yes") : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(posts)
          .where(where)
          .orderBy(...adminPostOrders[query.sort])
          .limit(query.per_page)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(posts).where(where),
      ]);
      return pageOf(await toAdminShape(rows), total?.value ?? 0, query);
    },

    async adminPost(id: number): Promise<AdminPost | null> {
      const row = await findPost(id);
      return row ? ((await toAdminShape([row]))[0] ?? null) : null;
    },

    /** The deleted post's id and title, or null when there was none. */
    async deletePost(id: number, executor: Executor = db): Promise<{ id: number; title: string } | null> {
      const [deleted] = await executor.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id, title: posts.title });
      return deleted ?? null;
    },

    /** The newest posts, for the RSS feed. */
    async feed(): Promise<BlogPost[]> {
      return toReadShape(
        await db
          .select()
          .from(posts)
          .orderBy(...newestFirst)
          .limit(FEED_SIZE),
      );
    },

    async sitemapEntries(): Promise<SitemapEntry[]> {
      const rows = await db
        .select({ id: posts.id, updatedAt: posts.updatedAt })
        .from(posts)
        .orderBy(...newestFirst);
      return rows.map((row) => ({ path: `/blog/${row.id}`, lastModified: row.updatedAt }));
    },

    /** Every post with its row version (`xmin`, which any change to the row moves on), for the site search to see what changed. */
    async searchVersions(): Promise<{ id: number; version: string }[]> {
      return db.select({ id: posts.id, version: sql<string>`${posts}.xmin::text` }).from(posts);
    },

    /** The posts the site search copies, in full. */
    async searchArticles(ids: number[]): Promise<{ id: number; title: string; excerpt: string; content: string; publishedAt: Date }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: posts.id, title: posts.title, excerpt: posts.excerpt, content: posts.content, publishedAt: posts.publishedAt })
        .from(posts)
        .where(inArray(posts.id, ids));
    },

    /** Sample articles with their covers, only while the blog is empty; returns how many were added. */
    seedIfEmpty: (): Promise<number> => seedSamplePosts({ db, now: deps.now, blog: service }),

    async isEmpty(executor: Executor = db): Promise<boolean> {
      const [row] = await executor.select({ count: count() }).from(posts);
      return (row?.count ?? 0) === 0;
    },

    /** Names for the audit log of the posts and categories it mentions that still exist; both are managed on /postblog. */
    async auditNames(kind: "post" | "category", ids: string[]): Promise<AuditTargetNames> {
      const numbers = auditIds(ids);
      if (numbers.length === 0) return {};
      const table = kind === "post" ? { id: posts.id, name: posts.title } : { id: categories.id, name: categories.name };
      const rows = await db
        .select(table)
        .from(kind === "post" ? posts : categories)
        .where(inArray(table.id, numbers));
      const prefix = kind === "post" ? "Post" : "Category";
      return Object.fromEntries(rows.map((row) => [String(row.id), { label: `${prefix}: ${row.name}`, href: "/postblog" }]));
    },
  };
  return service;
}

export type BlogService = ReturnType<typeof createBlogService>;
