import Markdown, { type Components } from "react-markdown";

/**
 * A staff reply or note in simple markdown, as the admin and the visitor's conversation page show it.
 * Raw HTML in the text is dropped, and react-markdown's URL rule already removes `javascript:` and every
 * other unsafe scheme; a link left without one is plain text. A link out carries no Referer: the
 * conversation page's address is its key.
 */
const components: Components = {
  p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-6" {...props} />,
  // The page's headings are its own: a heading in a message is bold text at the message's size.
  h1: ({ node: _node, ...props }) => <p className="my-2 font-bold" {...props} />,
  h2: ({ node: _node, ...props }) => <p className="my-2 font-bold" {...props} />,
  h3: ({ node: _node, ...props }) => <p className="my-2 font-semibold" {...props} />,
  h4: ({ node: _node, ...props }) => <p className="my-2 font-semibold" {...props} />,
  h5: ({ node: _node, ...props }) => <p className="my-2 font-semibold" {...props} />,
  h6: ({ node: _node, ...props }) => <p className="my-2 font-semibold" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-2 border-l-4 border-ink-200 pl-3 text-ink-700" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-ink-100 px-1 font-mono text-sm" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-2 overflow-x-auto rounded-lg bg-ink-100 p-3" {...props} />,
  a: ({ node: _node, href, children }) =>
    href ? (
      <a href={href} className="font-medium text-indigo-700 underline" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ node: _node, alt }) => <span>{alt}</span>,
};

export function MessageBody({ text }: { text: string }) {
  return (
    <div className="break-words">
      <Markdown skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
