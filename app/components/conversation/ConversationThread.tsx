import type { VisitorConversation } from "#contracts/enquiries.ts";
import { conversationPage as copy } from "#app/content/conversation.ts";
import { MessageBody } from "#app/components/conversation/MessageBody.tsx";
import { formatDateTime } from "#app/lib/dates.ts";

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
        <div className="break-words text-ink-900">{staff ? <MessageBody text={message.body} /> : <p className="whitespace-pre-wrap">{message.body}</p>}</div>
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
