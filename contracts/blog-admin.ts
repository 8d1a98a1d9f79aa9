import { INT4_MAX } from "./ids";
import { z } from "./zod";

export const EXCERPT_MAX = 300;
export const DEFAULT_READ_TIME = 5;

/** The post form's messages, exactly as the spec words them. */
export const postFormMessages = {
  title: "Title is required",
  excerpt: "Excerpt is required",
  excerptLength: "Excerpt must be 300 characters or less",
  content: "Content is required",
  categories: "Select at least one category",
  readTime: "Read time is required",
  readTimeMin: "Must be at least 1 minute",
  image: "Featured image is required for new posts",
} as const;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * A post as the Blog Post Management form sends it (multipart text fields), checked the same way in
 * the browser, as the admin types, and on the server. The image is checked apart: it is a file.
 */
export const PostFormSchema = z.object({
  title: z.string({ error: postFormMessages.title }).trim().min(1, postFormMessages.title).max(200, "Title must be 200 characters or less"),
  excerpt: z.string({ error: postFormMessages.excerpt }).trim().min(1, postFormMessages.excerpt).max(EXCERPT_MAX, postFormMessages.excerptLength),
  content: z.string({ error: postFormMessages.content }).trim().min(1, postFormMessages.content).max(200_000, "Content is too long"),
  // A category id is a database integer: one past its range is no category, not a query the database refuses.
  categories: z
    .array(z.coerce.number().max(INT4_MAX, "Unknown category").int().positive(), { error: postFormMessages.categories })
    .min(1, postFormMessages.categories),
  read_time: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: postFormMessages.readTime })
      .int("Read time is a whole number of minutes")
      .min(1, postFormMessages.readTimeMin)
      .max(600, "Read time must be 600 minutes or less"),
  ),
  featured: z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean()),
});
export type PostForm = z.infer<typeof PostFormSchema>;

/** A post as the management screen reads it (spec section 3, "Post (admin)"). */
export interface AdminPost {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  categories: number[];
  read_time: number;
  featured: boolean;
  featured_image: string | null;
}

export interface AdminCategory {
  id: number;
  name: string;
}

export const CategoryCreateSchema = z.object({ name: z.string().trim().min(1, "Name the category").max(100, "A category name has at most 100 characters") });

/** Field → first message, for showing errors beside the fields. */
export function postFormErrors(values: unknown): Partial<Record<keyof PostForm, string>> {
  const result = PostFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof PostForm, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PostForm;
    errors[field] ??= issue.message;
  }
  return errors;
}
