import { describe, expect, it } from "vitest";
import type { BlogPost } from "#contracts/blog.ts";
import { rssFeed } from "./rss";

const post = (overrides: Partial<BlogPost>): BlogPost => ({
  id: 1,
  title: "Title",
  excerpt: "Excerpt",
  content: "",
  category: "AI",
  author: "Aarati Shrestha",
  published_date: "2026-01-05T10:00:00.000Z",
  updated_date: "2026-01-05T10:00:00.000Z",
  read_time: "5 min read",
  image_url: null,
  featured: false,
  image: null,
  ...overrides,
});

const channel = { origin: "https://himaltech.com.np", title: "Blog", description: "News", builtAt: new Date("2026-01-05T10:00:00.000Z") };

describe("rssFeed", () => {
  it("links each item to its page, dates it in RFC 822 form and names its image", () => {
    const xml = rssFeed(channel, [post({ id: 7, image_url: "/media/abc-1200.webp" })]);
    expect(xml).toContain("<link>https://himaltech.com.np/blog/7</link>");
    expect(xml).toContain('<guid isPermaLink="true">https://himaltech.com.np/blog/7</guid>');
    expect(xml).toContain("<pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain('<media:content url="https://himaltech.com.np/media/abc-1200.webp" medium="image" type="image/webp"/>');
    expect(xml).toContain('<atom:link href="https://himaltech.com.np/blog/rss.xml" rel="self" type="application/rss+xml"/>');
  });

  it("escapes markup and drops characters XML cannot carry, so no post can break the feed", () => {
    const xml = rssFeed(channel, [post({ title: 'A <b>"bold"</b> & \u0000\u0007claim', excerpt: "x]]>y" })]);
    expect(xml).toContain("<title>A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; claim</title>");
    expect(xml).toContain("<description>x]]&gt;y</description>");
    // eslint-disable-next-line no-control-regex -- the feed must hold none of these control characters
    expect(xml).not.toMatch(/[\u0000\u0007]/);
  });
});
