import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/components/ui/Link";
import { AuthCard, SocialButtons, textLink } from "~/components/account/AuthCard";
import { accountMeta } from "~/components/account/meta";
import { useHydrated } from "~/components/account/useHydrated";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { account } from "~/content/account";
import { AccountError, login } from "~/lib/api/account-client";

const copy = account.login;

export const meta = () => accountMeta({ title: copy.title, description: copy.description, path: "/login" });

export default function Login() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      await login(String(form.get("email")), String(form.get("password")));
      navigate("/dashboard");
    } catch (caught) {
      setError((caught instanceof AccountError && caught.detail) || copy.failed);
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
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <p className="text-sm text-ink-700">
          {copy.forgot}{" "}
          <Link to="/forgot-password" className={textLink}>
            {copy.resetLink}
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={busy || !hydrated}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
      <SocialButtons label={copy.socialLabel} providers={account.social} />
    </AuthCard>
  );
}
