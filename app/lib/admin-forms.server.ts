import type { AppLoadContext } from "react-router";
import { failureStatus } from "./form-action.server";

export interface FormNotice {
  tone: "success" | "error";
  text: string;
}

/**
 * An admin form posted to its page (decision 029), handed to the /api route behind it: the route's own
 * message, success or refusal, and the status the page answers with. A route that answers with the changed
 * record rather than a message is given `success`, the page's words for it. (A signed-in admin's call is
 * given a CSRF token bound to their session by the forwarder itself.)
 */
export async function sendAdminForm(
  context: AppLoadContext,
  path: string,
  payload: Record<string, unknown>,
  success?: (body: unknown) => string,
): Promise<{ notice: FormNotice; status: number }> {
  const answer = await context.api(path, payload);
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  const text = typeof message === "string" ? message : "The change was not saved. Try again.";
  return answer.status < 400
    ? { notice: { tone: "success", text: success ? success(answer.body) : text }, status: answer.status }
    : { notice: { tone: "error", text }, status: failureStatus(answer.status) };
}
