import { data, type AppLoadContext } from "react-router";
import { HONEYPOT_FIELD } from "#contracts/honeypot.ts";
import { answerOrThrow, enquiryResult, type EnquiryForm } from "#app/components/forms/form-result.ts";
import { accountAnswer } from "#app/lib/api/account-client.ts";
import { textField } from "./form-fields";

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
}

export { textField } from "./form-fields";

/** The status of a failed submission's page: the API's own, or 400 for a problem found before sending. */
export const failureStatus = (status: number) => (status >= 400 ? status : 400);

/**
 * The action of a page with an enquiry form: the posted fields go to the form's /api route as its
 * script would send them (decision 029), and the page shows the outcome, with the values on failure.
 */
export function enquiryAction<V extends Record<string, string>>(form: EnquiryForm<V>) {
  return async ({ request, context }: ActionArgs) => {
    const posted = await request.formData();
    const values = Object.fromEntries(Object.keys(form.empty).map((name) => [name, textField(posted, name)])) as V;
    const honeypot = textField(posted, HONEYPOT_FIELD);
    let status = 200;
    const result = await enquiryResult(form, values, async () => {
      const answer = await context.api(form.api, { ...form.payload(values), ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) });
      status = answer.status;
      return answerOrThrow(answer);
    });
    return data(result, { status: result.outcome === "success" ? 200 : failureStatus(status) });
  };
}

/**
 * An account form's fields sent to its /api route, the answer read as the account client reads it:
 * the body, or the AccountError the client would have caught, with the page's status for it.
 */
export async function sendAccountForm<T>(
  context: AppLoadContext,
  path: string,
  payload: Record<string, unknown>,
  fallback: string,
): Promise<{ body: T } | { error: unknown; status: number }> {
  const answer = await context.api(path, payload);
  try {
    return { body: accountAnswer<T>(answer.status, answer.body, fallback) };
  } catch (error) {
    return { error, status: failureStatus(answer.status) };
  }
}
