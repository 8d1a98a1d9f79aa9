import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews } from "../../server/modules/analytics/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { redrawnByHydration } from "../helpers/hydration";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
/** A post written for these tests, with every markdown feature and some hostile input. */
let showcaseId: number;

const showcase = `Intro with a [safe link](https://example.com/guide) and an autolink https://example.com/auto.

| Plan | Price |
| --- | --- |
| Starter | $10 |

- [x] Written
- [ ] Reviewed

~~old~~ new.[^note]

<script>window.__injected = true</script><b id="raw-html">raw</b>

[bad link](javascript:alert(1)) and [data link](data:text/html,hi)

![diagram](/media/none.webp)

[^note]: A footnote.`;

beforeAll(async () => {
  site = await startSite({ seed: true });
  const blog = site.app.services.blog;
  const cloud = (await blog.listCategories()).find((category) => category.name === "Cloud")!;
  const cover = await site.app.services.media.store(
    await sharp({ create: { width: 1600, height: 840, channels: 3, background: "#4f46e5" } })
      .png()
      .toBuffer(),
  );
  const post = await blog.createPost({
    title: "Markdown Showcase",
    excerpt: "Every feature at once.",
    content: showcase,
    categoryIds: [cloud.id],
    readTimeMinutes: 2,
    featured: false,
    imageId: cover.id,
  });
  showcaseId = post.id;
});
afterAll(() => site.stop());

const cardTitles = (page: import("playwright-core").Page) => page.locator("main article h2").allTextContents();

describe("blog list", () => {
  it("arrives server-rendered with the spec's texts, 3 cards, canonical, rel=next and the feed link", async () => {
    const response = await fetch(`${site.url}/blog`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Discover Our Blog");
    expect(html).toContain("Latest Insights");
    expect(html).toContain('<link rel="canonical" href="https://himaltech.com.np/blog"/>');
    expect(html).toContain('<link rel="next" href="https://himaltech.com.np/blog?page=2"/>');
    expect(html).not.toContain('rel="prev"');
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="HimalTech Blog" href="\/blog\/rss.xml"\/>/);
    expect(html.match(/<article/g)).toHaveLength(3);

    const second = await (await fetch(`${site.url}/blog?page=2&category=Cloud`)).text();
    expect(second).toContain('<link rel="prev" href="https://himaltech.com.np/blog?category=Cloud"/>');
  });

  it("pages with previous and next, disabled at the ends, and numbered pages", async () => {
    const { count } = await site.app.services.blog.listPosts({ page: 1, perPage: 3 });
    const last = Math.ceil(count / 3);
    const { context, page } = await newPage(site);
    await page.goto("/blog");
    const pages = page.getByRole("navigation", { name: "Blog pages" });
    const previous = pages.getByRole("link", { name: "Previous" });
    const next = pages.getByRole("link", { name: "Next" });
    expect(await previous.getAttribute("aria-disabled")).toBe("true");
    expect(await pages.getByRole("link", { name: /^Page \d+$/ }).count()).toBe(Math.min(5, last));
    expect(await pages.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    const firstPage = await cardTitles(page);

    await next.click();
    await page.waitForURL("**/blog?page=2");
    await expect.poll(() => cardTitles(page)).not.toEqual(firstPage);
    expect(await previous.getAttribute("aria-disabled")).toBeNull();
    expect(await pages.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    await pages.getByRole("link", { name: `Page ${last}` }).click();
    await page.waitForURL(`**/blog?page=${last}`);
    await expect.poll(() => next.getAttribute("aria-disabled")).toBe("true");
    await previous.click();
    await page.waitForURL(`**/blog${last - 1 > 1 ? `?page=${last - 1}` : ""}`);
    await context.close();
  });

  it("returns to page 1 when a category is chosen, and shows only that category's posts", async () => {
    const cloud = await site.app.services.blog.listPosts({ page: 1, perPage: 3, category: "Cloud" });
    const { context, page } = await newPage(site);
    await page.goto("/blog?page=2");
    const filter = page.getByRole("navigation", { name: "Filter posts by category" });
    expect(await filter.getByRole("link").first().textContent()).toBe("All");
    await filter.getByRole("link", { name: "Cloud", exact: true }).click();
    await page.waitForURL("**/blog?category=Cloud");
    await expect.poll(() => cardTitles(page)).toEqual(cloud.results.map((post) => post.title));
    expect(await filter.getByRole("link", { name: "Cloud", exact: true }).getAttribute("aria-current")).toBe("true");

    await page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL("**/blog?category=Cloud&page=2");
    await filter.getByRole("link", { name: "All", exact: true }).click();
    await page.waitForURL(/\/blog$/);
    await context.close();
  });

  it("falls back on bad addresses: page 1 for a bad page, the last page past the end, the empty state for an unknown category", async () => {
    const { context, page } = await newPage(site);
    // A number no pager writes (past any list the blog could hold) is a bad page too: sent to the list without it.
    for (const query of ["page=abc", "page=0", "page=-2", "page=99999999999999999999", "category=All", "category="]) {
      const response = await page.goto(`/blog?${query}`);
      expect(response?.status(), query).toBe(200);
      expect(await page.getByRole("link", { name: "Page 1" }).getAttribute("aria-current"), query).toBe("page");
    }
    // Past the end is the last page, not an empty list.
    for (const query of ["page=999", "page=100000"]) {
      const response = await page.goto(`/blog?${query}`);
      expect(response?.status(), query).toBe(200);
      expect(await page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next" }).getAttribute("aria-disabled"), query).toBe("true");
      expect(await page.locator("main article").count(), query).toBeGreaterThan(0);
    }
    await page.goto(`/blog?category=${encodeURIComponent("Nothing here")}`);
    await page.getByRole("heading", { name: "No blog posts found" }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("shows each card's cover at several widths with its size, the first eager and the rest lazy", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/blog");
    const images = page.locator("main article img");
    expect(await images.count()).toBe(3);
    expect(await images.evaluateAll((list) => list.map((img) => img.getAttribute("loading")))).toEqual(["eager", "lazy", "lazy"]);
    const first = images.first();
    expect(await first.getAttribute("srcset")).toMatch(/-400\.webp 400w, .*-800\.webp 800w, .*-1200\.webp 1200w/);
    expect(await first.getAttribute("width")).toBe("1200");
    expect(await first.getAttribute("height")).toBe("630");
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("keeps the list and a post with a cover as the server sent them when their scripts take over", async () => {
    const { context, page } = await newPage(site);
    expect(await redrawnByHydration(page, ["/blog", `/blog/${showcaseId}`])).toEqual([]);
    await context.close();
  });
});

describe("blog post", () => {
  it("renders markdown tables, task lists, footnotes and autolinks, and nothing unsafe", async () => {
    const { context, page } = await newPage(site);
    await page.goto(`/blog/${showcaseId}`);
    const content = page.locator("main article");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Markdown Showcase");
    await content.getByRole("cell", { name: "Starter" }).waitFor();
    await content.getByRole("columnheader", { name: "Price" }).waitFor();
    expect(await content.getByRole("checkbox", { name: "Done", exact: true }).isChecked()).toBe(true);
    expect(await content.getByRole("checkbox", { name: "Not done yet" }).isChecked()).toBe(false);
    expect(await content.locator("del").textContent()).toBe("old");
    expect(await content.getByRole("link", { name: "https://example.com/auto" }).getAttribute("href")).toBe("https://example.com/auto");
    expect(await content.locator("[data-footnotes]").textContent()).toContain("A footnote.");
    // Footnotes are set apart in smaller type than the text.
    const fontSize = (locator: import("playwright-core").Locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(await fontSize(content.locator("[data-footnotes] li").first())).toBeLessThan(await fontSize(content.locator("p", { hasText: "Intro with a" })));
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(await page.locator("#raw-html").count()).toBe(0);
    expect(await content.locator('a[href^="javascript:"], a[href^="data:"]').count()).toBe(0);
    expect(await content.getByText("bad link").evaluate((element) => element.tagName)).toBe("SPAN");
    expect(await content.getByRole("img", { name: "diagram" }).getAttribute("loading")).toBe("lazy");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("shows a post's text, opened directly or from the list, without fetching the markdown renderer", async () => {
    const { context, page } = await newPage(site);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/blog/${showcaseId}`);
    await page.locator("main article").getByRole("cell", { name: "Starter" }).waitFor();
    await page.goto("/blog");
    await page.getByRole("link", { name: "Markdown Showcase" }).first().click();
    await page.waitForURL(`**/blog/${showcaseId}`);
    await page.locator("main article").getByRole("cell", { name: "Starter" }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.includes("PostContent"))).toEqual([]);
    await context.close();
  });

  it("answers a link preview without JavaScript: title, Open Graph, Twitter card and Article JSON-LD", async () => {
    const post = (await site.app.services.blog.listPosts({ page: 1, perPage: 1 })).results[0]!;
    const response = await fetch(`${site.url}/blog/${post.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escapedTitle = post.title.replace(/&/g, "&amp;");
    expect(html).toContain(`<title>${escapedTitle} | HimalTech</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle} | HimalTech"/>`);
    expect(html).toContain(`<meta property="og:image" content="https://himaltech.com.np${post.image_url}"/>`);
    expect(post.image_url).toMatch(/-1200\.webp$/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain(`<meta property="article:published_time" content="${post.published_date}"/>`);
    expect(html).toContain(`<meta property="article:modified_time" content="${post.updated_date}"/>`);
    expect(html).toContain(`<link rel="canonical" href="https://himaltech.com.np/blog/${post.id}"/>`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd["@graph"]).toContainEqual(
      expect.objectContaining({ "@type": "NewsArticle", headline: post.title, datePublished: post.published_date, dateModified: post.updated_date }),
    );
    expect(html).toContain(post.excerpt.slice(0, 40));
  });

  it("links related posts with 'Read more', and 'Back to Blog' goes back where the visitor came from", async () => {
    const { context, page } = await newPage(site, 390);
    await page.goto("/blog");
    await page.locator("main article h2 a").first().click();
    await page.waitForURL(/\/blog\/\d+$/);
    const firstPost = page.url();
    const related = page.getByRole("region", { name: "Related Posts" });
    const readMore = related.getByRole("link", { name: /^Read more/ });
    await expect.poll(() => readMore.count()).toBeGreaterThan(0);
    expect(await readMore.count()).toBeLessThanOrEqual(4);
    const target = await readMore.first().getAttribute("href");
    expect(`${site.url}${target}`).not.toBe(firstPost);
    await readMore.first().click();
    await page.waitForURL(`**${target}`);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL(firstPost);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL(/\/blog$/);
    await context.close();
  });

  it("Share copies the post's address and says so; Save for later keeps the post saved in this browser", async () => {
    const { context, page } = await newPage(site, 390, { permissions: ["clipboard-read", "clipboard-write"] });
    await page.goto(`/blog/${showcaseId}`);
    const status = page.getByRole("status").filter({ hasText: /./ });
    await page.getByRole("button", { name: "Share this post" }).click();
    await expect.poll(() => status.textContent()).toBe("Link copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.url}/blog/${showcaseId}`);

    const save = page.getByRole("button", { name: "Save this post for later" });
    expect(await save.getAttribute("aria-pressed")).toBe("false");
    await save.click();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    expect(await status.textContent()).toBe("Saved for later");
    await expectNoAxeViolations(page);
    await page.reload();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    await save.click();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("false");
    expect(await status.textContent()).toBe("Removed from saved posts");
    await context.close();
  });

  it("counts a post view for the dashboard's Blog Views", async () => {
    const views = async () =>
      (
        await site.database.db
          .select()
          .from(pageViews)
          .where(eq(pageViews.path, `/blog/${showcaseId}`))
      ).length;
    const before = await views();
    const { context, page } = await newPage(site);
    await page.goto(`/blog/${showcaseId}`);
    await expect.poll(views).toBe(before + 1);
    await context.close();
  });

  it("answers a missing post with 404, 'Error Loading Post', 'Post not found' and a way back to the blog", async () => {
    const { context, page } = await newPage(site);
    for (const id of ["999999", "not-a-number"]) {
      const response = await page.goto(`/blog/${id}`);
      expect(response?.status(), id).toBe(404);
      await page.getByRole("heading", { name: "Error Loading Post" }).waitFor();
      await page.getByText("Post not found").waitFor();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL(/\/blog$/);
    await context.close();
  });
});

describe("feed and sitemap", () => {
  it("serves RSS 2.0 that parses as XML, newest first, at most 20 items", async () => {
    const response = await fetch(`${site.url}/blog/rss.xml`);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    const { context, page } = await newPage(site);
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        version: doc.documentElement.getAttribute("version"),
        titles: [...doc.querySelectorAll("item > title")].map((node) => node.textContent),
      };
    }, xml);
    expect(parsed.errors).toBe(0);
    expect(parsed.version).toBe("2.0");
    expect(parsed.titles[0]).toBe("Markdown Showcase");
    expect(parsed.titles.length).toBeGreaterThanOrEqual(10);
    expect(parsed.titles.length).toBeLessThanOrEqual(20);
    await context.close();
  });

  it("lists every post in the sitemap with its last change", async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>https://himaltech.com.np/blog</loc>");
    expect(sitemap).toMatch(new RegExp(`<loc>https://himaltech.com.np/blog/${showcaseId}</loc><lastmod>`));
  });
});
