import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { categories, posts } from "./schema";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// These tests write to the tables directly, so they announce it as the admin calls do.
beforeEach(async () => {
  await t.database.db.delete(posts);
  await t.database.db.delete(categories);
  t.app.services.contentEvents.changed("blog");
});

const DAY = 24 * 60 * 60 * 1000;
const get = (url: string) => t.app.inject({ method: "GET", url });

/** Creates categories by name and posts published one day apart, the first given the oldest. */
async function publish(list: { title: string; categories: string[]; featured?: boolean }[]) {
  const blog = t.app.services.blog;
  const ids = new Map((await blog.listCategories()).map((c) => [c.name, c.id]));
  for (const name of new Set(list.flatMap((post) => post.categories))) if (!ids.has(name)) ids.set(name, (await blog.createCategory(name)).id);
  const start = t.clock.now.getTime() - list.length * DAY;
  const created = [];
  for (const [index, post] of list.entries()) {
    created.push(
      await blog.createPost({
        title: post.title,
        excerpt: `About ${post.title}`,
        content: `# ${post.title}`,
        categoryIds: post.categories.map((name) => ids.get(name)!),
        readTimeMinutes: 4,
        featured: post.featured ?? false,
        publishedAt: new Date(start + index * DAY),
      }),
    );
  }
  t.app.services.contentEvents.changed("blog");
  return created;
}

describe("GET /api/blog/posts/", () => {
  it("pages newest first, 3 by default, with the total count, and an empty page past the end", async () => {
    await publish(Array.from({ length: 7 }, (_, i) => ({ title: `Post ${i + 1}`, categories: ["AI"] })));
    const first = await get("/api/blog/posts/");
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(7);
    expect(first.json().results.map((post: { title: string }) => post.title)).toEqual(["Post 7", "Post 6", "Post 5"]);
    expect((await get("/api/blog/posts/?page=3&per_page=3")).json().results.map((post: { title: string }) => post.title)).toEqual(["Post 1"]);
    expect((await get("/api/blog/posts/?page=2&per_page=4")).json().results).toHaveLength(3);
    const past = await get("/api/blog/posts/?page=4&per_page=3");
    expect(past.json()).toEqual({ results: [], count: 7 });
  });

  it("answers the read shape of the spec", async () => {
    const [created] = await publish([{ title: "Shape", categories: ["Cloud", "AI"], featured: true }]);
    const [post] = (await get("/api/blog/posts/")).json().results;
    expect(post).toMatchObject({
      id: created!.id,
      title: "Shape",
      excerpt: "About Shape",
      content: "# Shape",
      category: "Cloud",
      author: "HimalTech Team",
      read_time: "4 min read",
      image_url: null,
      featured: true,
    });
    expect(new Date(post.published_date).toISOString()).toBe(post.published_date);
  });

  it("filters by a category named with spaces or non-Latin letters, and ignores All and an empty filter", async () => {
    await publish([
      { title: "Warehouse", categories: ["Data Science"] },
      { title: "Sécurité", categories: ["Sécurité des données", "AI"] },
      { title: "Nepali", categories: ["नेपाल"] },
    ]);
    const titles = async (query: string) => (await get(`/api/blog/posts/?${query}`)).json().results.map((post: { title: string }) => post.title);
    expect(await titles("category=Data%20Science")).toEqual(["Warehouse"]);
    expect(await titles("category=Data+Science")).toEqual(["Warehouse"]);
    expect(await titles(`category=${encodeURIComponent("Sécurité des données")}`)).toEqual(["Sécurité"]);
    expect(await titles(`category=${encodeURIComponent("नेपाल")}`)).toEqual(["Nepali"]);
    expect(await titles("category=AI")).toEqual(["Sécurité"]);
    expect((await get("/api/blog/posts/?category=Unknown")).json()).toEqual({ results: [], count: 0 });
    expect(await titles("category=All")).toHaveLength(3);
    expect(await titles("category=")).toHaveLength(3);
  });

  it("refuses a bad page or page size with 400 naming the parameter", async () => {
    for (const query of ["page=0", "page=-1", "page=abc", "page=1.5", "page=99999999999", "per_page=0", "per_page=51", "per_page=x"]) {
      const response = await get(`/api/blog/posts/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([query.split("=")[0]]);
    }
  });
});

describe("GET /api/blog/posts/{id}/", () => {
  it("answers one post, and 404 'Post not found' for a missing, malformed or out-of-range id", async () => {
    const [created] = await publish([{ title: "One", categories: ["AI"] }]);
    const response = await get(`/api/blog/posts/${created!.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBe("One");
    // A NUL is refused before the route, as anywhere else (tests/integration/boundary.db.test.ts).
    for (const id of [String(created!.id + 1), "abc", "0", "-1", "1e3", "99999999999"]) {
      const missing = await get(`/api/blog/posts/${id}/`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: "Post not found" });
    }
  });
});

describe("GET /api/blog/related/{id}/", () => {
  it("lists posts sharing a category first, newest first, never the post itself, at most 4", async () => {
    const created = await publish([
      { title: "Old security", categories: ["Cybersecurity"] },
      { title: "Old cloud", categories: ["Cloud"] },
      { title: "Newer security", categories: ["AI", "Cybersecurity"] },
      { title: "Unrelated newest", categories: ["Software"] },
      { title: "The post", categories: ["Cybersecurity", "Cloud"] },
      { title: "Newest cloud", categories: ["Cloud"] },
    ]);
    const thePost = created.find((post) => post.title === "The post")!;
    const response = await get(`/api/blog/related/${thePost.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((post: { title: string }) => post.title)).toEqual(["Newest cloud", "Newer security", "Old cloud", "Old security"]);
  });

  it("fills up with the newest other posts when few share a category, and 404s for a missing post", async () => {
    const created = await publish([
      { title: "A", categories: ["Cloud"] },
      { title: "B", categories: ["AI"] },
      { title: "C", categories: ["Cloud"] },
    ]);
    const related = (await get(`/api/blog/related/${created[0]!.id}/`)).json().map((post: { title: string }) => post.title);
    expect(related).toEqual(["C", "B"]);
    expect((await get("/api/blog/related/999999/")).statusCode).toBe(404);
    expect((await get("/api/blog/related/abc/")).statusCode).toBe(404);
  });
});

describe("GET /api/blog/categories/", () => {
  it("lists the names of categories that have posts", async () => {
    await publish([{ title: "A", categories: ["Data Science", "AI"] }]);
    await t.app.services.blog.createCategory("Empty");
    const response = await get("/api/blog/categories/");
    expect(response.json()).toEqual(["AI", "Data Science"]);
  });
});

describe("authoring", () => {
  it("updates a post's text and categories, keeps their order, and deletes it", async () => {
    const [post] = await publish([{ title: "Draft", categories: ["AI"] }]);
    const blog = t.app.services.blog;
    const cloud = await blog.createCategory("Cloud");
    const ai = (await blog.listCategories()).find((category) => category.name === "AI")!;
    t.clock.advance(DAY);
    const updated = await blog.updatePost(post!.id, {
      title: "Final",
      excerpt: "E",
      content: "C",
      categoryIds: [cloud.id, ai.id],
      readTimeMinutes: 9,
      featured: true,
    });
    expect(updated).toMatchObject({ title: "Final", category: "Cloud", read_time: "9 min read", featured: true });
    // The change is dated for link previews and search engines; the publication date stays.
    expect(updated!.updated_date).toBe(t.clock.now.toISOString());
    expect(updated!.published_date).toBe(post!.published_date);
    expect((await get(`/api/blog/posts/${post!.id}/`)).json().updated_date).toBe(t.clock.now.toISOString());
    expect((await get("/api/blog/posts/?category=AI")).json().count).toBe(1);
    const [entry] = await blog.sitemapEntries();
    expect(entry).toEqual({ path: `/blog/${post!.id}`, lastModified: t.clock.now });

    await expect(
      blog.updatePost(post!.id, { title: "X", excerpt: "E", content: "C", categoryIds: [], readTimeMinutes: 1, featured: false }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(blog.createCategory("Cloud")).rejects.toMatchObject({ statusCode: 409 });
    expect(await blog.updatePost(999999, { title: "X", excerpt: "E", content: "C", categoryIds: [cloud.id], readTimeMinutes: 1, featured: false })).toBeNull();
    expect(await blog.deletePost(post!.id)).toEqual({ id: post!.id, title: "Final" });
    expect((await get(`/api/blog/posts/${post!.id}/`)).statusCode).toBe(404);
  });
});

describe("sample content, feed and sitemap", () => {
  it("keeps the feed to the newest 20 posts", async () => {
    await publish(Array.from({ length: 22 }, (_, i) => ({ title: `Feed ${i + 1}`, categories: ["AI"] })));
    const titles = [...(await get("/blog/rss.xml")).body.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Feed ${22 - i}`));
  });

  it("seeds an empty blog once, with covers, featured posts and at least 4 categories over 3 pages", async () => {
    const blog = t.app.services.blog;
    const [added, again] = [await blog.seedIfEmpty(), await blog.seedIfEmpty()];
    expect(added).toBeGreaterThanOrEqual(9);
    expect(again).toBe(0);
    const list = (await get("/api/blog/posts/?per_page=50")).json();
    expect(Math.ceil(list.count / 3)).toBeGreaterThanOrEqual(3);
    expect(list.results.some((post: { featured: boolean }) => post.featured)).toBe(true);
    expect((await get("/api/blog/categories/")).json().length).toBeGreaterThanOrEqual(4);
    for (const post of list.results) expect(post.image_url).toMatch(/^\/media\/[0-9a-f]{32}-1200\.webp$/);
    const image = await get(list.results[0].image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
  });

  it("serves the newest posts as RSS 2.0 and lists each post in the sitemap with its last change", async () => {
    await publish([
      { title: "Older", categories: ["AI"] },
      { title: "Tom & Jerry <3", categories: ["AI"] },
    ]);
    const feed = await get("/blog/rss.xml");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("application/rss+xml");
    expect(feed.body).toContain('<rss version="2.0"');
    expect(feed.body.indexOf("Tom &amp; Jerry &lt;3")).toBeLessThan(feed.body.indexOf("<title>Older</title>"));
    expect(feed.body).toMatch(/<link>https:\/\/himaltech\.com\.np\/blog\/\d+<\/link>/);

    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).toMatch(/<loc>https:\/\/himaltech\.com\.np\/blog\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });
});
