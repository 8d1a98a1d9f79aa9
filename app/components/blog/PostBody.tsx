export const postBodyClass = "text-base leading-7 text-ink-800 sm:text-lg sm:leading-8 [&_del]:text-ink-600 [&_strong]:text-ink-900";

/**
 * A published post's text, as the server made it from the markdown (`post-html.server.tsx`). The
 * page's scripts carry no markdown renderer and have nothing of the text to hydrate.
 */
export function PostBody({ html }: { html: string }) {
  return <div className={postBodyClass} dangerouslySetInnerHTML={{ __html: html }} />;
}
