import type { BlogPost } from "#contracts/blog.ts";

export interface FeedChannel {
  /** The canonical origin, e.g. https://himaltech.com.np */
  origin: string;
  title: string;
  description: string;
  /** When the feed was built: the newest change if there are posts. */
  builtAt: Date;
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

/** Characters XML 1.0 forbids even when escaped; a post must not be able to break the feed. */
// eslint-disable-next-line no-control-regex -- XML 1.0 allows only these control characters
const stripInvalidXml = (value: string) => value.replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");

const text = (value: string) => escapeXml(stripInvalidXml(value));

/** An RSS 2.0 document of the given posts, newest first, each linking to its page on the canonical site. */
export function rssFeed(channel: FeedChannel, posts: BlogPost[]): string {
  const blogUrl = `${channel.origin}/blog`;
  const items = posts.map((post) => {
    const link = `${blogUrl}/${post.id}`;
    return [
      "    <item>",
      `      <title>${text(post.title)}</title>`,
      `      <link>${text(link)}</link>`,
      `      <guid isPermaLink="true">${text(link)}</guid>`,
      `      <description>${text(post.excerpt)}</description>`,
      `      <dc:creator>${text(post.author)}</dc:creator>`,
      `      <category>${text(post.category)}</category>`,
      `      <pubDate>${new Date(post.published_date).toUTCString()}</pubDate>`,
      ...(post.image_url ? [`      <media:content url="${text(channel.origin + post.image_url)}" medium="image" type="image/webp"/>`] : []),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    <title>${text(channel.title)}</title>`,
    `    <link>${text(blogUrl)}</link>`,
    `    <description>${text(channel.description)}</description>`,
    "    <language>en-us</language>",
    `    <lastBuildDate>${channel.builtAt.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${text(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
