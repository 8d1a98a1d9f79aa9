import { Eye } from "lucide-react";
import { useState } from "react";
import { data, Form } from "react-router";
import { HONEYPOT_FIELD } from "#contracts/honeypot.ts";
import type { VisitorConversation } from "#contracts/enquiries.ts";
import { ConversationThread } from "#app/components/conversation/ConversationThread.tsx";
import { ReplyForm, replyErrorText, replyPath, type ReplyAnswer, type ReplyResult } from "#app/components/conversation/ReplyForm.tsx";
import { answerOrThrow } from "#app/components/forms/form-result.ts";
import { NotFoundPage } from "#app/components/pages/NotFoundPage.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { conversationPage as copy } from "#app/content/conversation.ts";
import { notFound } from "#app/content/not-found.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/conversation.$token";

/**
 * The conversation the link names. A link that is malformed, altered, or names a conversation that is
 * gone or marked spam gets the site's 404 page, the same for each, so the page tells nothing about which.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { conversation: await context.services.conversations.visitorConversation(params.token) };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return data({ conversation: null }, { status: 404 });
    throw error;
  }
}

/**
 * A reply posted before or without JavaScript goes to the API route the script calls (decision 029), as
 * does the press that shows the conversation; the page is then drawn again from the loader.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = await request.formData();
  if (textField(posted, "intent") === "confirm") {
    const answer = await context.api(confirmPath(params.token), {});
    try {
      answerOrThrow(answer);
      return null;
    } catch (error) {
      return data<ReplyResult>({ outcome: "error", message: replyErrorText(error), values: { body: "" } }, { status: failureStatus(answer.status) });
    }
  }
  const body = textField(posted, "body");
  const honeypot = textField(posted, HONEYPOT_FIELD);
  const answer = await context.api(replyPath(params.token), { body, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) });
  try {
    const { message } = answerOrThrow(answer) as ReplyAnswer;
    return { outcome: "success", message, values: { body: "" } } satisfies ReplyResult;
  } catch (error) {
    return data<ReplyResult>({ outcome: "error", message: replyErrorText(error), values: { body } }, { status: failureStatus(answer.status) });
  }
}

// The path stays generic: the token is the page's key and belongs in no tag a crawler or a preview keeps.
export const meta = ({ data: loaded }: Route.MetaArgs) =>
  loaded?.conversation
    ? seo({ ...copy.seo, path: "/conversation", noindex: true })
    : seo({ title: "Page not found", description: notFound.text, path: "/404", noindex: true });

const confirmPath = (token: string) => `conversations/${encodeURIComponent(token)}/confirm/`;

export default function Conversation({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!loaderData.conversation) return <NotFoundPage />;
  const result = actionData ?? undefined;
  if (!loaderData.conversation.confirmed) return <ConfirmView conversation={loaderData.conversation} failure={result?.message} />;
  return <ConversationView key={params.token} token={params.token} initial={loaderData.conversation} result={result} />;
}

/**
 * The page the acknowledgement links to, before it is asked to show anything: whoever sent the form
 * chose the address, so the conversation shows only when its owner asks for it (decision 053).
 */
function ConfirmView({ conversation, failure }: { conversation: VisitorConversation; failure?: string }) {
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={conversation.subject} intro={copy.confirm.intro} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <Form method="post" aria-labelledby="conversation-confirm-title" className="space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
          <h2 id="conversation-confirm-title" className="text-xl font-bold">
            {copy.confirm.title}
          </h2>
          <p className="text-ink-700">{copy.confirm.ifYou}</p>
          <p className="text-ink-700">{copy.confirm.ifNotYou}</p>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" name="intent" value="confirm">
            <Eye className="size-4" aria-hidden="true" />
            {copy.confirm.action}
          </Button>
        </Form>
      </div>
    </>
  );
}

function ConversationView({ token, initial, result }: { token: string; initial: VisitorConversation; result?: ReplyResult }) {
  const [conversation, setConversation] = useState(initial);
  const closed = conversation.status === "closed";
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={conversation.subject} intro={copy.intro}>
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm text-ink-200">
          <div className="flex gap-2">
            <dt>{copy.statusLabel}:</dt>
            <dd className="font-semibold text-white">{copy.status[conversation.status]}</dd>
          </div>
          <div className="flex gap-2">
            <dt>{copy.started}:</dt>
            <dd className="font-semibold text-white">
              <time dateTime={conversation.created_at}>{formatDateTime(conversation.created_at)}</time>
            </dd>
          </div>
        </dl>
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <ConversationThread messages={conversation.messages} />
        <ReplyForm token={token} closed={closed} result={result} onSent={setConversation} />
      </div>
    </>
  );
}
