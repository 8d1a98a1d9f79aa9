import { useState, type FormEvent } from "react";
import type { VisitorConversation } from "#contracts/enquiries.ts";
import { Honeypot, honeypotOf, SubmissionMessage, SubmitButton } from "#app/components/forms/FormParts.tsx";
import type { FormResult } from "#app/components/forms/form-result.ts";
import { useSubmission } from "#app/components/forms/useSubmission.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { conversationPage } from "#app/content/conversation.ts";
import { ApiError, apiRequest, submissionErrorText } from "#app/lib/api/client.ts";

const copy = conversationPage.reply;

/** The API's answer to a reply: the conversation as it now stands, and the message for the visitor. */
export type ReplyAnswer = VisitorConversation & { message: string };

export type ReplyResult = FormResult<{ body: string }>;

/** The reply's API path; the token is the conversation's only key. */
export const replyPath = (token: string) => `conversations/${encodeURIComponent(token)}/reply/`;

/** What to tell the visitor when sending failed: the field's own message rather than the API's summary of it. */
export function replyErrorText(error: unknown): string {
  const fields = error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | undefined)?.errors : undefined;
  return fields?.body?.[0] ?? submissionErrorText(error, copy.failed);
}

/**
 * The visitor's answer. It posts to the page, whose action hands it to the API (decision 029); with the
 * script live it goes to the API directly and the conversation shows the new message in place.
 */
export function ReplyForm({ token, closed, result, onSent }: { token: string; closed: boolean; result?: ReplyResult; onSent: (answer: ReplyAnswer) => void }) {
  const [body, setBody] = useState(result?.outcome === "error" ? result.values.body : "");
  const submission = useSubmission({ fallbackError: copy.failed, initial: result });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = { body, ...honeypotOf(event.currentTarget) };
    const sent = await submission.submit(async () => {
      try {
        const answer = await apiRequest<ReplyAnswer>(replyPath(token), { method: "POST", body: payload });
        onSent(answer);
        return answer.message;
      } catch (error) {
        throw new Error(replyErrorText(error));
      }
    });
    if (sent) setBody("");
  }

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      aria-labelledby="reply-title"
      className="relative space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8"
    >
      <h2 id="reply-title" className="text-xl font-bold text-ink-900">
        {copy.title}
      </h2>
      {closed && <p className="rounded-xl bg-surface p-4 text-sm text-ink-700">{conversationPage.closedNote}</p>}
      <Honeypot />
      <Field
        as="textarea"
        label={copy.label}
        name="body"
        rows={6}
        hint={copy.hint}
        aria-required="true"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        disabled={submission.submitting}
      />
      <SubmissionMessage submission={submission} />
      <SubmitButton submission={submission}>{copy.action}</SubmitButton>
    </form>
  );
}
