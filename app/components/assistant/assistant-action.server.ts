import { data, type AppLoadContext } from "react-router";
import type { AssistantHandoff, AssistantRequest, AssistantResponse } from "#contracts/assistant.ts";
import { HONEYPOT_FIELD } from "#contracts/honeypot.ts";
import { answerOrThrow } from "#app/components/forms/form-result.ts";
import { ctaBlock } from "#app/content/contact.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import { ASK_INTENT, assistantErrorText, fieldErrorsOf, HANDOFF_INTENT, INTENT_FIELD, type AssistantResult, type ChatTurn } from "./assistant";

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
}

const copy = ctaBlock.aiAssistant;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The API's answer, or the error its client would have raised, with the page's status for it. */
async function send(context: AppLoadContext, path: string, payload: Record<string, unknown>) {
  const answer = await context.api(path, payload);
  try {
    return { body: answerOrThrow(answer), status: 200 };
  } catch (error) {
    return { error, status: failureStatus(answer.status) };
  }
}

/**
 * The assistant's forms posted to the page (decision 029): each goes to the /api route the script
 * calls, and the page is drawn again with the conversation as the server stored it. The conversation
 * id travels in a hidden field, as the script keeps it in memory.
 */
async function assistantAction(intent: string, posted: FormData, context: AppLoadContext) {
  const given = textField(posted, "conversation");
  const transcript = async (id: string | undefined): Promise<ChatTurn[]> =>
    id && UUID.test(id)
      ? (await context.services.assistant.turns(id)).map(({ question, answer, answered, sources }) => ({ question, answer, answered, sources }))
      : [];

  if (intent === HANDOFF_INTENT) {
    const values = { name: textField(posted, "name"), email: textField(posted, "email") };
    const honeypot = textField(posted, HONEYPOT_FIELD);
    const payload: AssistantHandoff = { conversation: given, ...values, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) };
    const sent = await send(context, "assistant/handoff/", payload);
    const handoff: AssistantResult["handoff"] =
      "body" in sent
        ? { outcome: "success", message: (sent.body as { message: string }).message, values: { name: "", email: "" } }
        : { outcome: "error", message: assistantErrorText(sent.error, copy.handoff.fallbackError), values, errors: fieldErrorsOf(sent.error) };
    return data<AssistantResult>({ form: "assistant", conversation: given, turns: await transcript(given), handoff }, { status: sent.status });
  }

  const question = textField(posted, "question");
  const payload: AssistantRequest = { question, ...(given ? { conversation: given } : {}) };
  const sent = await send(context, "assistant/", payload);
  if ("body" in sent) {
    const { conversation } = sent.body as AssistantResponse;
    return data<AssistantResult>({ form: "assistant", conversation, turns: await transcript(conversation) });
  }
  const failed = { question, message: assistantErrorText(sent.error, copy.fallbackError) };
  const conversation = UUID.test(given) ? given : undefined;
  return data<AssistantResult>({ form: "assistant", conversation, turns: await transcript(conversation), failed }, { status: sent.status });
}

/** The action of a page with the call-to-action block: the assistant's forms by their intent, any other post to `contact`, the email-us form's. */
export function ctaBlockAction<T>(contact: (args: ActionArgs) => Promise<T>) {
  return async (args: ActionArgs) => {
    const posted = await args.request.clone().formData();
    const intent = textField(posted, INTENT_FIELD);
    return intent === ASK_INTENT || intent === HANDOFF_INTENT ? assistantAction(intent, posted, args.context) : contact(args);
  };
}
