import { renderToStaticMarkup } from "react-dom/server";
import { PostMarkdown } from "./PostContent";

/**
 * A post's markdown as HTML, drawn by the same component as the editor's preview, so a post reads
 * exactly as its author saw it. Raw HTML in the text is dropped and unsafe link schemes removed
 * (`PostMarkdown`); the result is only ever inserted as the post's body.
 */
export function postHtml(markdown: string): string {
  return renderToStaticMarkup(<PostMarkdown markdown={markdown} />);
}
