import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markdownHtml } from "./markdown.server";

/** What must never come out, whatever staff type: elements that run, load or frame, handlers, and unsafe schemes. */
const UNSAFE = /<(script|img|iframe|object|embed|style|svg|form|input|h[1-6])\b|\son[a-z]+=|javascript:|data:|vbscript:/i;

describe("staff's Markdown as HTML", () => {
  it("keeps emphasis, links and lists, and marks links off the site as not vouched for", () => {
    expect(markdownHtml("**Yes**, see [pricing](/pricing) or _ask_ [us](https://example.com).")).toBe(
      '<p><strong>Yes</strong>, see <a href="/pricing">pricing</a> or <em>ask</em> <a href="https://example.com" rel="noopener noreferrer nofollow">us</a>.</p>',
    );
    expect(markdownHtml("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
  });

  it("drops raw HTML; a picture is its description, a heading a bold line, an unsafe link its words", () => {
    expect(markdownHtml('Hello <img src=x onerror="alert(1)"> there')).toBe("<p>Hello  there</p>");
    expect(markdownHtml("<script>alert(1)</script>")).toBe("");
    expect(markdownHtml("[click](javascript:alert(1))")).toBe("<p><span>click</span></p>");
    expect(markdownHtml("![a photo](https://example.com/x.png)")).toBe("<p><span>a photo</span></p>");
    expect(markdownHtml("# Big\nText")).toBe("<p><strong>Big</strong></p>\n<p>Text</p>");
  });

  it("never lets anything unsafe through, for any mix of markup, Markdown and words", () => {
    const pieces = [
      "<script>x()</script>",
      "<img src=x onerror=y()>",
      "<a href='javascript:z()'>a</a>",
      "[a](javascript:x)",
      "[b](data:text/html,<script>)",
      "![c](https://e.com/p.png)",
      "<iframe src=//e.com>",
      "<svg onload=q()>",
      "**bold**",
      "_em_",
      "`code`",
      "\n- item",
      "\n# heading",
      "\n\n",
      "<",
      ">",
      "&amp;",
      "[",
      "](",
      ")",
      "plain words",
      "<style>*{}</style>",
      "<form><input></form>",
      "[x](vbscript:msgbox)",
      "<!-- c -->",
      "<div onclick=w()>d</div>",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        expect(markdownHtml(parts.join(""))).not.toMatch(UNSAFE);
      }),
      { numRuns: 500, seed: 2026 },
    );
  });
});
