import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { images } from "../media/schema";

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    excerpt: varchar("excerpt", { length: 300 }).notNull(),
    /** Markdown (GitHub flavoured). */
    content: text("content").notNull(),
    readTimeMinutes: integer("read_time_minutes").notNull().default(5),
    featured: boolean("featured").notNull().default(false),
    author: text("author").notNull(),
    imageId: text("image_id").references(() => images.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("posts_read_time_positive", sql`${table.readTimeMinutes} >= 1`),
    // The blog lists newest first.
    index("posts_published_idx").on(table.publishedAt.desc(), table.id.desc()),
  ],
);

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

/** A post's categories in the order the author chose them; the first is the one the blog shows. */
export const postCategories = pgTable(
  "post_categories",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.categoryId] }), index("post_categories_category_idx").on(table.categoryId)],
);
