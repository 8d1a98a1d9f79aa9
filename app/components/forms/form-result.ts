import { ApiError, submissionErrorText } from "#app/lib/api/client.ts";

/**
 * What a page's action answers to a form posted before or without JavaScript (decision 029): the
 * outcome and its message, as the form shows them once its script runs, and the visitor's values,
 * kept when it failed so nothing typed is lost.
 */
export interface FormResult<V extends Record<string, string> = Record<string, string>> {
  outcome: "success" | "error";
  message: string;
  values: V;
  /** The server's messages per field, when it named any. */
  errors?: Record<string, string[]>;
}

/** An /api answer read as the browser's client reads it: an ApiError with the body's `message` unless it is OK. */
export function answerOrThrow(answer: { status: number; body: unknown }): unknown {
  if (answer.status < 400) return answer.body ?? {};
  const body = answer.body as { message?: unknown } | undefined;
  throw new ApiError(typeof body?.message === "string" ? body.message : `Request failed with status ${answer.status}`, answer.status, answer.body);
}

/**
 * One enquiry form, as both its script and its page's action send it: the same check, payload and
 * reading of the answer, so a form posted before its script ran ends as it would have after.
 */
export interface EnquiryForm<V extends Record<string, string>> {
  /** The /api path it posts to. */
  api: string;
  empty: V;
  /** Values a link to the form's page may fill in from its address (`?topic=`), for a field still empty. */
  prefill?: (search: URLSearchParams) => Partial<V> | undefined;
  fallbackError: string;
  /** A problem found before sending, such as an empty field. */
  check?: (values: V) => string | undefined;
  payload: (values: V) => Record<string, unknown>;
  /** The confirmation to show for the answer; throws when the answer does not confirm. */
  confirmation: (answer: never) => string;
}

/** The result of sending `values` with `send`, which resolves with the answer or throws as the API client does. */
export async function enquiryResult<V extends Record<string, string>>(form: EnquiryForm<V>, values: V, send: () => Promise<unknown>): Promise<FormResult<V>> {
  const problem = form.check?.(values);
  if (problem) return { outcome: "error", message: problem, values };
  try {
    return { outcome: "success", message: form.confirmation((await send()) as never), values: form.empty };
  } catch (error) {
    return { outcome: "error", message: submissionErrorText(error, form.fallbackError), values };
  }
}
