import { INT4_MAX } from "./ids";
import { z } from "./zod";

/** The spec's page size: 3 posts a page, on the list and in its call. */
export const BLOG_PAGE_SIZE = 3;
/** The most posts one call may ask for, so a single request cannot read the whole table. */
export const BLOG_MAX_PER_PAGE = 50;
/** The highest page number a list address or call may name; beyond it an offset would overflow the database's integers. */
export const BLOG_MAX_PAGE = 100_000;
/** The filter value that means "no filter". */
export const ALL_CATEGORIES = "All";

/** A category filter counts only when it is a non-empty string other than 'All'. */
export function categoryFilter(value: string | null | undefined): string | undefined {
  return value && value !== ALL_CATEGORIES ? value : undefined;
}

export const BlogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(BLOG_MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(BLOG_MAX_PER_PAGE).default(BLOG_PAGE_SIZE),
  category: z.string().max(100).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

/** The post's picture in every stored width, for `srcset`; width and height keep the layout from shifting. */
export const PostImageSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostImage = z.infer<typeof PostImageSchema>;

/** A blog post as the public blog reads it (spec section 3), plus the image's widths for responsive pictures. */
export const BlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  /** The name of the post's first category. */
  category: z.string(),
  author: z.string(),
  /** ISO 8601. */
  published_date: z.string(),
  /** ISO 8601: the last change, for link previews and search engines (beyond the spec's read shape). */
  updated_date: z.string(),
  /** e.g. "5 min read". */
  read_time: z.string(),
  /** The largest stored width, as link previews want it. */
  image_url: z.string().nullable(),
  featured: z.boolean(),
  image: PostImageSchema.nullable(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogListSchema = z.object({
  results: z.array(BlogPostSchema),
  count: z.number().int(),
});
export type BlogList = z.infer<typeof BlogListSchema>;

/** A post id from a URL: a positive 32-bit integer, or undefined for anything else (which no post has). */
export function parsePostId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= INT4_MAX ? id : undefined;
}
