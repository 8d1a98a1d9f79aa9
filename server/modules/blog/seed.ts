import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { imageProcessor, storeImage } from "../media/service";
import { coverArtwork } from "./artwork";
import { samplePosts } from "./sample-posts";
import type { BlogService } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty blog with the sample articles and their covers. Several instances starting at once
 * seed once: the check and the writes happen under one transaction-scoped advisory lock.
 */
export async function seedSamplePosts(deps: { db: Database; now: () => Date; blog: BlogService }): Promise<number> {
  if (!(await deps.blog.isEmpty())) return 0;
  // Drawing the covers is the slow part; it happens before the lock is taken, one cover at a time so
  // that a first start does not hold every picture's pixels at once.
  const sharp = await imageProcessor();
  const covers: Buffer[] = [];
  for (const [index, post] of samplePosts.entries())
    covers.push(
      await sharp(Buffer.from(coverArtwork(post.motif, index + 1)))
        .png()
        .toBuffer(),
    );
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if (!(await deps.blog.isEmpty(tx))) return 0;

    const categoryIds = new Map((await deps.blog.listCategories(tx)).map((category) => [category.name, category.id]));
    for (const name of new Set(samplePosts.flatMap((post) => post.categories))) {
      if (!categoryIds.has(name)) categoryIds.set(name, (await deps.blog.createCategory(name, tx)).id);
    }
    const now = deps.now().getTime();
    // Oldest first, so ids grow with dates as they would have on a real blog.
    for (const [index, post] of [...samplePosts.entries()].reverse()) {
      const image = await storeImage(tx, covers[index]!);
      await deps.blog.createPost(
        {
          title: post.title,
          excerpt: post.excerpt,
          content: post.content,
          categoryIds: post.categories.map((name) => categoryIds.get(name)!),
          readTimeMinutes: post.readTimeMinutes,
          featured: post.featured,
          author: post.author,
          imageId: image.id,
          publishedAt: new Date(now - post.daysAgo * DAY_MS),
        },
        tx,
      );
    }
    return samplePosts.length;
  });
}
