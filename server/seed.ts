import type { FastifyBaseLogger } from "fastify";
import type { Services } from "./services";

/**
 * Sample content for a new site, so a first visitor sees a full blog and open jobs. Each area fills
 * its own tables, and only while they are empty: an operator's content is never touched.
 */
export async function seedSampleContent(services: Services, log: FastifyBaseLogger): Promise<void> {
  const seeders: [area: string, seed: () => Promise<number>][] = [
    ["blog posts", () => services.blog.seedIfEmpty()],
    ["job openings", () => services.careers.seedIfEmpty()],
  ];
  for (const [area, seed] of seeders) {
    const added = await seed();
    if (added > 0) log.info(`seeded ${added} sample ${area}`);
  }
}
