import { UsersRound } from "lucide-react";
// eslint-disable-next-line no-restricted-imports -- every element that points to this id renders with it here, so the server's and the browser's ids never meet (decision 023)
import { useId, useState, type FormEvent } from "react";
import { Honeypot, honeypotOf } from "#app/components/forms/FormParts.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { ctaBlock } from "#app/content/contact.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import { assistantErrorText, CONVERSATION_ANCHOR, fieldErrorsOf, HANDOFF_INTENT, type AssistantResult, type HandoffValues } from "./assistant";
import { AssistantFields } from "./AssistantFields";

const copy = ctaBlock.aiAssistant.handoff;

/**
 * Offered once the assistant could not answer: the visitor leaves a name and an address, and the
 * conversation goes to the enquiry inbox with its transcript. Posts to the page without JavaScript.
 */
export function HandoffOffer({ conversation, result }: { conversation: string; result?: AssistantResult["handoff"] }) {
  const [values, setValues] = useState<HandoffValues>(result?.outcome === "error" ? result.values : { name: "", email: "" });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState(result && { tone: result.outcome, message: result.message, errors: result.errors });
  const titleId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await apiRequest<{ message: string }>("assistant/handoff/", {
        method: "POST",
        body: { conversation, ...values, ...honeypotOf(event.currentTarget) },
      });
      setOutcome({ tone: "success", message: answer.message, errors: undefined });
    } catch (failure) {
      setOutcome({ tone: "error", message: assistantErrorText(failure, copy.fallbackError), errors: fieldErrorsOf(failure) });
    } finally {
      setSending(false);
    }
  }

  if (outcome?.tone === "success") {
    return (
      <Alert tone="success" className="mt-6">
        {outcome.message}
      </Alert>
    );
  }
  const bind = (name: keyof HandoffValues) => ({
    name,
    value: values[name],
    error: outcome?.errors?.[name]?.[0],
    disabled: sending,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-2xl bg-surface p-5 ring-1 ring-ink-100">
      <h4 id={titleId} className="flex items-center gap-2 font-semibold">
        <UsersRound className="size-5 text-crimson-600" aria-hidden="true" />
        {copy.title}
      </h4>
      <p className="mt-1 text-sm text-ink-700">{copy.text}</p>
      <form
        method="post"
        action={`#${CONVERSATION_ANCHOR}`}
        onSubmit={onSubmit}
        className="relative mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <AssistantFields intent={HANDOFF_INTENT} conversation={conversation} />
        <Honeypot />
        <Field label={copy.name} autoComplete="name" aria-required="true" maxLength={200} {...bind("name")} />
        <Field label={copy.email} type="email" autoComplete="email" aria-required="true" maxLength={254} {...bind("email")} />
        <Button type="submit" disabled={sending} className="sm:mt-7">
          {sending ? (
            <>
              <Spinner label={ctaBlock.aiAssistant.sending} className="size-4" /> {ctaBlock.aiAssistant.sending}
            </>
          ) : (
            copy.submit
          )}
        </Button>
      </form>
      {outcome && (
        <Alert tone="error" className="mt-4">
          {outcome.message}
        </Alert>
      )}
    </section>
  );
}
