import { useEffect, useState, type FormEvent } from "react";
import { data, useNavigate } from "react-router";
import type { TokenPair } from "#contracts/accounts.ts";
import { Link } from "#app/components/ui/Link.tsx";
import { AuthCard, SocialButtons, textLink } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { account } from "#app/content/account.ts";
import type { FormResult } from "#app/components/forms/form-result.ts";
import { AccountError, login, tokens } from "#app/lib/api/account-client.ts";
import { sendAccountForm, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/login";

const copy = account.login;

export const meta = () => accountMeta({ title: copy.title, description: copy.description, path: "/login" });

const failure = (caught: unknown) => (caught instanceof AccountError && caught.detail) || copy.failed;

type LoginResult = FormResult<{ email: string }> & { tokens?: TokenPair };

/**
 * A login posted before the page's script ran (decision 029). The tokens go back in the page: once the
 * script runs it stores them and opens the dashboard, as a login through the script does; without
 * JavaScript the page says the dashboard needs it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const email = textField(posted, "email");
  const sent = await sendAccountForm<TokenPair>(context, "accounts/login/", { email, password: textField(posted, "password") }, "Login failed");
  if ("body" in sent) return { outcome: "success", message: copy.needsScript, values: { email }, tokens: sent.body } satisfies LoginResult;
  return data<LoginResult>({ outcome: "error", message: failure(sent.error), values: { email } }, { status: sent.status });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(actionData?.outcome === "error" ? actionData.message : undefined);
  const signedIn = actionData?.outcome === "success" ? actionData : undefined;
  useEffect(() => {
    if (!signedIn?.tokens) return;
    tokens.store(signedIn.tokens);
    navigate("/dashboard");
  }, [signedIn, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      await login(String(form.get("email")), String(form.get("password")));
      navigate("/dashboard");
    } catch (caught) {
      setError(failure(caught));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      footer={
        <>
          {copy.noAccount}{" "}
          <Link to="/signup" className={textLink}>
            {copy.signupLink}
          </Link>
        </>
      }
    >
      <form method="post" onSubmit={submit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {signedIn && <Alert tone="success">{signedIn.message}</Alert>}
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={actionData?.values.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <p className="text-sm text-ink-700">
          {copy.forgot}{" "}
          <Link to="/forgot-password" className={textLink}>
            {copy.resetLink}
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
      <SocialButtons label={copy.socialLabel} />
    </AuthCard>
  );
}
