import { useState, type FormEvent } from "react";
import { data, useNavigate } from "react-router";
import type { MessageResponse } from "#contracts/accounts.ts";
import { Link } from "#app/components/ui/Link.tsx";
import { AuthCard, SocialButtons, textLink } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { account } from "#app/content/account.ts";
import type { FormResult } from "#app/components/forms/form-result.ts";
import { AccountError, register } from "#app/lib/api/account-client.ts";
import { sendAccountForm, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/signup";

const copy = account.signup;

export const meta = () => accountMeta({ title: copy.title, description: copy.description, path: "/signup" });

const detailOf = (caught: unknown) => (caught instanceof AccountError ? caught.detail : undefined);
const failure = (detail: string | undefined) => (detail === copy.exists ? copy.existsShown : detail || copy.failed);

/**
 * A sign-up posted before the page's script ran (decision 029): the page shows the server's message in
 * place, where the script would go on to the verify-notice page, and keeps the name and email on failure.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const values = { full_name: textField(posted, "full_name"), email: textField(posted, "email") };
  const sent = await sendAccountForm<MessageResponse>(
    context,
    "accounts/register/",
    { ...values, password: textField(posted, "password") },
    "Registration failed",
  );
  if ("body" in sent) return { outcome: "success", message: sent.body.message || copy.created, values } satisfies FormResult<typeof values>;
  const detail = detailOf(sent.error);
  return data<FormResult<typeof values>>(
    { outcome: "error", message: detail === copy.notVerified ? detail : failure(detail), values },
    { status: sent.status },
  );
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | undefined>(
    actionData && { tone: actionData.outcome, text: actionData.message },
  );
  const typed = actionData?.outcome === "error" ? actionData.values : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email"));
    setBusy(true);
    setResult(undefined);
    try {
      const { message } = await register({ email, password: String(form.get("password")), full_name: String(form.get("full_name")) });
      if (message && /verify/i.test(message)) return navigate("/verify-notice", { state: { email } });
      setResult({ tone: "success", text: message || copy.created });
    } catch (caught) {
      const detail = detailOf(caught);
      if (detail === copy.notVerified) return navigate("/verify-notice", { state: { email } });
      setResult({ tone: "error", text: failure(detail) });
    }
    setBusy(false);
  }

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      footer={
        <>
          {copy.haveAccount}{" "}
          <Link to="/login" className={textLink}>
            {copy.loginLink}
          </Link>
        </>
      }
    >
      <form method="post" onSubmit={submit} className="space-y-4">
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <Field label="Full name" name="full_name" autoComplete="name" required defaultValue={typed?.full_name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={typed?.email} />
        <Field label={copy.passwordLabel} name="password" type="password" autoComplete="new-password" hint={copy.passwordHint} required />
        <div className="flex items-start gap-3 text-sm text-ink-700">
          <input id="terms" name="terms" type="checkbox" required className="mt-0.5 size-4 accent-crimson-600" />
          <label htmlFor="terms">
            {copy.termsBefore}
            <Link to="/terms" className={textLink}>
              {copy.terms}
            </Link>
            {copy.termsBetween}
            <Link to="/privacy" className={textLink}>
              {copy.privacy}
            </Link>
          </label>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
      <SocialButtons label={copy.socialLabel} />
    </AuthCard>
  );
}
