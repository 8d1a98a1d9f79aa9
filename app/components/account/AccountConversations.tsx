import type { AccountConversation } from "#contracts/enquiries.ts";
import { useEffect, useState } from "react";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { accountConversations as copy, conversationPage } from "#app/content/conversation.ts";
import { AccountError, fetchAccountConversations } from "#app/lib/api/account-client.ts";
import { formatDateTime } from "#app/lib/dates.ts";

/** The signed-in visitor's conversations with us, each a link to its private page with its kind, first words and date. */
export function AccountConversations() {
  const [conversations, setConversations] = useState<AccountConversation[]>();
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    fetchAccountConversations().then(setConversations, (error) => setLoadError((error instanceof AccountError && error.detail) || copy.failed));
  }, []);

  return (
    <section aria-labelledby="conversations-title" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
      <h2 id="conversations-title" className="text-xl font-bold text-ink-900">
        {copy.title}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{copy.intro}</p>
      <div className="mt-5">
        {loadError && <Alert tone="error">{loadError}</Alert>}
        {!conversations && !loadError && <Spinner label={copy.loading} />}
        {conversations?.length === 0 && <p className="text-ink-700">{copy.empty}</p>}
        {conversations && conversations.length > 0 && (
          <ul className="divide-y divide-ink-100">
            {conversations.map((conversation) => (
              <li key={conversation.id} className="py-4">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-700">
                  <span className="sr-only">{copy.kind}: </span>
                  <Badge>{copy.kinds[conversation.type] ?? conversation.type}</Badge>
                  <span>
                    {copy.sent} <time dateTime={conversation.created_at}>{formatDateTime(conversation.created_at)}</time>
                  </span>
                </p>
                {/* Named by its subject (the support form's), else by its first words. */}
                <Link
                  to={conversation.link}
                  className="mt-2 inline-block max-w-full font-semibold break-words text-indigo-700 underline-offset-4 hover:underline"
                >
                  {conversation.subject || (conversation.excerpt ? `“${conversation.excerpt}”` : copy.untitled)}
                </Link>
                {conversation.subject && conversation.excerpt && <p className="mt-1 text-sm break-words text-ink-800">“{conversation.excerpt}”</p>}
                <p className="mt-1 text-sm text-ink-700">
                  <span className="sr-only">{copy.status}: </span>
                  <span className="font-medium text-ink-900">{conversationPage.status[conversation.status]}</span>
                  {" · "}
                  {copy.lastActivity} <time dateTime={conversation.last_message_at}>{formatDateTime(conversation.last_message_at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
