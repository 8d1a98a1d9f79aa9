import { Check } from "lucide-react";
import type { ComponentProps } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { postBodyClass } from "./PostBody";

const external = (href: string) => /^https?:\/\//.test(href);

const SectionHeading: Components["h2"] = ({ node: _node, children, ...props }) => (
  <h2 className="mt-12 mb-4 text-xl font-bold sm:text-2xl" {...props}>
    {children}
  </h2>
);

/**
 * How a post's markdown becomes HTML. Raw HTML in the text is dropped, and react-markdown's URL rule
 * already removes `javascript:`, `data:` and every other unsafe scheme; a link or a picture left
 * without an address is shown as plain text (its words, its description).
 */
const components: Components = {
  // The post's title is the page's one h1: a heading of the first level in the text is a section.
  h1: SectionHeading,
  h2: SectionHeading,
  h3: ({ node: _node, children, ...props }) => (
    <h3 className="mt-8 mb-3 text-lg font-bold sm:text-xl" {...props}>
      {children}
    </h3>
  ),
  h4: ({ node: _node, children, ...props }) => (
    <h4 className="mt-6 mb-2 text-lg font-semibold" {...props}>
      {children}
    </h4>
  ),
  p: ({ node: _node, ...props }) => <p className="my-5" {...props} />,
  ul: ({ node: _node, className, ...props }) => (
    <ul className={className?.includes("contains-task-list") ? "my-5 space-y-2" : "my-5 list-disc space-y-2 pl-6 marker:text-crimson-600"} {...props} />
  ),
  ol: ({ node: _node, ...props }) => <ol className="my-5 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-ink-700" {...props} />,
  li: ({ node: _node, className, ...props }) => <li className={className?.includes("task-list-item") ? "flex items-start gap-3" : "pl-1"} {...props} />,
  // A task list's box: drawn here, since a disabled checkbox is drawn grey and a done item barely shows.
  input: ({ node: _node, checked, ...props }: ComponentProps<"input"> & { node?: unknown }) => (
    <span className="relative mt-1.5 inline-flex size-4 shrink-0 sm:mt-2">
      <input
        {...props}
        checked={checked}
        readOnly
        disabled
        aria-label={checked ? "Done" : "Not done yet"}
        className="peer size-4 appearance-none rounded border border-ink-600 bg-white checked:border-crimson-600 checked:bg-crimson-600"
      />
      <Check className="pointer-events-none absolute inset-0 size-4 p-0.5 text-white opacity-0 peer-checked:opacity-100" strokeWidth={3} aria-hidden="true" />
    </span>
  ),
  a: ({ node: _node, href, children, ...props }) => {
    if (!href) return <span>{children}</span>;
    return (
      <a
        href={href}
        className="font-medium text-indigo-600 underline decoration-indigo-600/40 underline-offset-2 hover:decoration-indigo-600"
        {...(external(href) ? { rel: "noopener noreferrer nofollow" } : {})}
        {...props}
      >
        {children}
      </a>
    );
  },
  img: ({ node: _node, alt, src, ...props }) => {
    if (!src) return alt ? <span>{alt}</span> : null;
    return <img src={src} alt={alt ?? ""} loading="lazy" decoding="async" className="my-8 h-auto max-w-full rounded-card" {...props} />;
  },
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-6 border-l-4 border-crimson-500 bg-surface px-5 py-3 text-ink-800 italic" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-ink-100 px-1.5 py-0.5 font-mono text-[0.9em] text-ink-900" {...props} />,
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-6 overflow-x-auto rounded-xl bg-ink-950 p-5 text-sm text-ink-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit"
      {...props}
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-8 overflow-x-auto rounded-xl ring-1 ring-ink-100">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-surface text-ink-900" {...props} />,
  th: ({ node: _node, ...props }) => <th className="px-4 py-3 font-semibold" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-t border-ink-100 px-4 py-3 text-ink-800" {...props} />,
  hr: () => <hr className="my-10 border-ink-100" />,
  // The footnotes (remark-gfm's section, class "footnotes"): set apart, in smaller type.
  section: ({ node: _node, className, ...props }) => (
    <section className={`${className ?? ""} mt-12 border-t border-ink-200 pt-6 text-sm leading-6 text-ink-700 [&_ol]:my-2 [&_p]:my-1`} {...props} />
  ),
};

/** A post's text: GitHub-flavoured markdown (tables, footnotes, strikethrough, task lists, autolinks). */
export function PostMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
      {markdown}
    </Markdown>
  );
}

/** A post's text drawn in the browser as it is typed: the editor's preview. */
export function PostContent({ markdown }: { markdown: string }) {
  return (
    <div className={postBodyClass}>
      <PostMarkdown markdown={markdown} />
    </div>
  );
}
