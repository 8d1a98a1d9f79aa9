import { blogCopy } from "#app/content/blog.ts";

/** The `<link>` that lets feed readers find the blog's RSS from any blog page. */
export const feedLink = { rel: "alternate", type: "application/rss+xml", title: blogCopy.feedTitle, href: "/blog/rss.xml" };
