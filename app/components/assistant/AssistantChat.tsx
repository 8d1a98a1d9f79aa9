import { Bot, Link2, UserRound } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { AssistantResponse } from "#contracts/assistant.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { ctaBlock } from "#app/content/contact.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import { ASK_INTENT, assistantErrorText, CONVERSATION_ANCHOR, QUESTION_MAX, type AssistantResult, type ChatTurn } from "./assistant";
import { AssistantFields } from "./AssistantFields";
import { HandoffOffer } from "./HandoffOffer";

const copy = ctaBlock.aiAssistant;
/** While a question is out the buttons look disabled but stay focusable: a disabled button would drop the keyboard's focus. */
const busyClass = "aria-disabled:cursor-wait aria-disabled:opacity-60";

function Bubble({ who, children }: { who: "you" | "assistant"; children: ReactNode }) {
  const you = who === "you";
  const Icon = you ? UserRound : Bot;
  return (
    <div className={`flex gap-3 ${you ? "flex-row-reverse" : ""}`}>
      <span
        className={`mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full ${you ? "bg-crimson-50 text-crimson-600" : "bg-indigo-50 text-indigo-600"}`}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className={`max-w-[85%] min-w-0 rounded-2xl p-4 ${you ? "rounded-tr-sm bg-ink-100 text-ink-900" : "rounded-tl-sm bg-indigo-50 text-ink-900"}`}>
        <p className="sr-only">{you ? copy.you : copy.assistant}:</p>
        {children}
      </div>
    </div>
  );
}

function Turn({ turn }: { turn: ChatTurn }) {
  return (
    <li className="space-y-3">
      <Bubble who="you">
        <p className="break-words">{turn.question}</p>
      </Bubble>
      <Bubble who="assistant">
        <p className="break-words whitespace-pre-line">{turn.answer}</p>
        {turn.sources.length > 0 && (
          <div className="mt-3 border-t border-indigo-100 pt-3">
            <p className="text-xs font-semibold tracking-wider text-ink-700 uppercase">{copy.sources}</p>
            <ul className="mt-1 space-y-1">
              {turn.sources.map((source) => (
                <li key={source.url}>
                  <Link to={source.url} className="inline-flex items-center gap-1.5 text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
                    <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
                    {source.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Bubble>
    </li>
  );
}

/**
 * The assistant tab's conversation: suggested questions and a text box, each question sent with the
 * conversation it continues, the turns kept while the visitor stays on the tab. Each form posts to the
 * page without JavaScript, whose action answers with `result`; once scripts run they send JSON instead.
 */
export function AssistantChat({ result }: { result?: AssistantResult }) {
  const [conversation, setConversation] = useState(result?.conversation);
  const [turns, setTurns] = useState<ChatTurn[]>(result?.turns ?? []);
  const [draft, setDraft] = useState(result?.failed?.question ?? "");
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState(result?.failed?.message);

  /** Sends one question; true when it was answered. */
  async function ask(question: string): Promise<boolean> {
    if (pending) return false;
    if (!question.trim()) {
      setError(copy.emptyQuestion);
      return false;
    }
    setPending(question);
    setError(undefined);
    try {
      const answer = await apiRequest<AssistantResponse>("assistant/", { method: "POST", body: { question, ...(conversation ? { conversation } : {}) } });
      setConversation(answer.conversation);
      setTurns((previous) => [...previous, { question, answer: answer.answer, answered: answer.answered, sources: answer.sources }]);
      return true;
    } catch (failure) {
      setError(assistantErrorText(failure, copy.fallbackError));
      return false;
    } finally {
      setPending(undefined);
    }
  }

  async function onAsk(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await ask(draft)) setDraft("");
  }

  const offerPerson = conversation !== undefined && turns.some((turn) => !turn.answered);

  return (
    <div>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label={copy.suggestionsLabel}>
        {copy.questions.map((question) => (
          <li key={question}>
            {/* A form of its own, so that Enter in the text box never sends a suggestion. Unlike other buttons, a long suggestion wraps on a phone. */}
            <form method="post" action={`#${CONVERSATION_ANCHOR}`}>
              <AssistantFields intent={ASK_INTENT} conversation={conversation} />
              <Button
                type="submit"
                name="question"
                value={question}
                variant="secondary"
                size="sm"
                className={`h-auto! min-h-9 max-w-full py-1.5 text-left whitespace-normal! ${busyClass}`}
                aria-disabled={pending !== undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void ask(question);
                }}
              >
                {question}
              </Button>
            </form>
          </li>
        ))}
      </ul>
      <div id={CONVERSATION_ANCHOR} role="log" aria-label={copy.logLabel} aria-busy={pending !== undefined} className="mt-6 scroll-mt-24">
        {(turns.length > 0 || pending) && (
          <ol className="space-y-6">
            {turns.map((turn, index) => (
              <Turn key={index} turn={turn} />
            ))}
            {pending && (
              <li className="space-y-3">
                <Bubble who="you">
                  <p className="break-words">{pending}</p>
                </Bubble>
                <Bubble who="assistant">
                  <p className="flex items-center gap-2 text-ink-700">
                    <Spinner label={copy.thinking} className="size-4" />
                    <span aria-hidden="true">{copy.thinking}</span>
                  </p>
                </Bubble>
              </li>
            )}
          </ol>
        )}
      </div>
      {offerPerson && <HandoffOffer conversation={conversation} result={result?.handoff} />}
      <form method="post" action={`#${CONVERSATION_ANCHOR}`} onSubmit={onAsk} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AssistantFields intent={ASK_INTENT} conversation={conversation} />
        <Field
          name="question"
          label={copy.inputLabel}
          placeholder={copy.placeholder}
          maxLength={QUESTION_MAX}
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          className="flex-1"
        />
        <Button type="submit" aria-disabled={pending !== undefined} className={busyClass}>
          {copy.send}
        </Button>
      </form>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
    </div>
  );
}
