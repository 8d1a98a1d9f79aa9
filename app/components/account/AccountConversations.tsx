import type { AccountConversation } from "@contracts/enquiries";
import { useEffect, useState } from "react";
import { Alert } from "~/components/ui/Alert";
import { Link } from "~/components/ui/Link";
import { Spinner } from "~/components/ui/Spinner";
import { accountConversations as copy, conversationPage } from "~/content/conversation";
import { AccountError, fetchAccountConversations } from "~/lib/api/account-client";
import { formatDateTime } from "~/lib/dates";

/** The signed-in visitor's conversations with us, each a link to its private page. */
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
              <li key={conversation.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <Link to={conversation.link} className="font-semibold break-words text-indigo-700 underline-offset-4 hover:underline">
                  {conversation.subject || copy.untitled}
                </Link>
                <span className="text-sm text-ink-700">
                  <span className="sr-only">{copy.status}: </span>
                  <span className="font-medium text-ink-900">{conversationPage.status[conversation.status]}</span>
                  {" · "}
                  {copy.lastActivity} <time dateTime={conversation.last_message_at}>{formatDateTime(conversation.last_message_at)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
