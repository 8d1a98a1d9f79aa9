import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
/** What staff's Markdown may become: text-level markup, paragraphs and lists; anything else is unwrapped to its words. */
const ALLOWED = ["p", "a", "strong", "em", "del", "code", "ul", "ol", "li", "br", "img", ...HEADINGS];

/** A heading inside an answer is a bold line (the page has its own headings); a picture is its description. */
const boldLine: Components["h1"] = ({ children }) => createElement("p", null, createElement("strong", null, children));

const components: Components = {
  ...Object.fromEntries(HEADINGS.map((heading) => [heading, boldLine])),
  img: ({ alt }) => (alt ? createElement("span", null, alt) : null),
  a: ({ node: _node, href, children }) =>
    href
      ? createElement("a", { href, ...(/^https?:\/\//.test(href) ? { rel: "noopener noreferrer nofollow" } : {}) }, children)
      : createElement("span", null, children),
};

/**
 * Staff's Markdown as HTML, on the server (decision 069): raw HTML in the text is dropped, react-markdown's
 * URL rule removes `javascript:` and every other unsafe scheme, and only the elements above are kept, so
 * what reaches the page is safe to set as HTML. Pages send this HTML rather than a Markdown parser.
 */
export function markdownHtml(source: string): string {
  return renderToStaticMarkup(
    createElement(Markdown, { remarkPlugins: [remarkGfm], skipHtml: true, allowedElements: ALLOWED, unwrapDisallowed: true, components }, source),
  );
}
