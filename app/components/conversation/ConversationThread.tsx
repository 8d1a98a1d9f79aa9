import Markdown, { type Components } from "react-markdown";
import type { VisitorConversation } from "@contracts/enquiries";
import { conversationPage as copy } from "~/content/conversation";
import { formatDateTime } from "~/lib/dates";

/** What a staff reply may use: paragraphs, emphasis, lists, quotes, code and links. Anything else shows as its text. */
const REPLY_ELEMENTS = ["p", "br", "strong", "em", "del", "a", "ul", "ol", "li", "blockquote", "code", "pre", "hr"];

const replyComponents: Components = {
  p: ({ node: _node, ...props }) => <p className="my-3 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-3 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-3 list-decimal space-y-1 pl-6" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-3 border-l-4 border-ink-200 pl-4 text-ink-700" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-ink-100 px-1 py-0.5 text-sm" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-3 overflow-x-auto rounded-lg bg-ink-100 p-3 text-sm" {...props} />,
  // The page's address is its key: a link out must not carry it in a Referer.
  a: ({ node: _node, href, children }) =>
    href ? (
      <a href={href} rel="noopener noreferrer nofollow" className="font-medium break-words text-indigo-700 underline underline-offset-2">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

type Message = VisitorConversation["messages"][number];

function MessageItem({ message }: { message: Message }) {
  const staff = message.from === "staff";
  return (
    <li className={staff ? "sm:mr-12" : "sm:ml-12"}>
      <article className={`rounded-card p-5 shadow-card ring-1 sm:p-6 ${staff ? "bg-indigo-50 ring-indigo-100" : "bg-white ring-ink-100"}`}>
        <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <span className="font-semibold text-ink-900">
            <span className="sr-only">{staff ? copy.from.staff : copy.from.visitor}: </span>
            {staff ? message.author : `${message.author} (${copy.you})`}
          </span>
          <time dateTime={message.created_at} className="text-ink-700">
            {formatDateTime(message.created_at)}
          </time>
        </header>
        <div className="break-words text-ink-900">
          {staff ? (
            <Markdown components={replyComponents} allowedElements={REPLY_ELEMENTS} unwrapDisallowed>
              {message.body}
            </Markdown>
          ) : (
            <p className="whitespace-pre-wrap">{message.body}</p>
          )}
        </div>
      </article>
    </li>
  );
}

/** The conversation as the visitor sees it: their messages and our replies, oldest first. */
export function ConversationThread({ messages }: { messages: Message[] }) {
  return (
    <section aria-labelledby="thread-title">
      <h2 id="thread-title" className="sr-only">
        {copy.threadTitle}
      </h2>
      <ol className="space-y-4">
        {messages.map((message, index) => (
          <MessageItem key={`${message.created_at}-${index}`} message={message} />
        ))}
      </ol>
    </section>
  );
}
