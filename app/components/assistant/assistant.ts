import type { AssistantTurn } from "#contracts/assistant.ts";
import { SEARCH_QUERY_MAX } from "#contracts/search-options.ts";
import { ctaBlock } from "#app/content/contact.ts";
import { ApiError, submissionErrorText } from "#app/lib/api/client.ts";

/** The field that tells the contact block's page action which of its forms was posted. */
export const INTENT_FIELD = "intent";
export const ASK_INTENT = "assistant";
export const HANDOFF_INTENT = "handoff";

/** Where a page posted without JavaScript opens: the conversation, not the top of the page. */
export const CONVERSATION_ANCHOR = "assistant-conversation";

/** The longest question the API takes. */
export const QUESTION_MAX = SEARCH_QUERY_MAX;

export type ChatTurn = Pick<AssistantTurn, "question" | "answer" | "answered" | "sources">;

export interface HandoffValues {
  name: string;
  email: string;
}

/**
 * What the page's action answers to the assistant's forms posted before or without JavaScript
 * (decision 029): the conversation so far as the server stored it, and what failed, with the words
 * the visitor typed kept.
 */
export interface AssistantResult {
  form: "assistant";
  conversation?: string;
  turns: ChatTurn[];
  /** A question the assistant could not take, and why. */
  failed?: { question: string; message: string };
  handoff?: { outcome: "success" | "error"; message: string; values: HandoffValues; errors?: Record<string, string[]> };
}

export const isAssistantResult = (value: unknown): value is AssistantResult =>
  typeof value === "object" && value !== null && (value as { form?: unknown }).form === "assistant";

/** The server's field messages of a refused request, when it named any. */
export const fieldErrorsOf = (error: unknown): Record<string, string[]> | undefined =>
  error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | undefined)?.errors : undefined;

/**
 * Why a request failed, in plain words: the first field's own message ("Use at most 200 characters."
 * rather than "question: Use at most 200 characters."), the server's message (a 429 says to wait), or
 * that the site could not be reached.
 */
export function assistantErrorText(error: unknown, fallback: string): string {
  const field = Object.values(fieldErrorsOf(error) ?? {})[0]?.[0];
  if (field) return field;
  if (error instanceof TypeError) return ctaBlock.aiAssistant.networkError;
  return submissionErrorText(error, fallback);
}
