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
import { AccountError, register } from "~/lib/api/account-client";

const copy = account.signup;

export const meta = () => accountMeta({ title: copy.title, description: copy.description, path: "/signup" });

export default function Signup() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string }>();

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
      const detail = caught instanceof AccountError ? caught.detail : undefined;
      if (detail === copy.notVerified) return navigate("/verify-notice", { state: { email } });
      setResult({ tone: "error", text: detail === copy.exists ? copy.existsShown : detail || copy.failed });
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
        <Field label="Full name" name="full_name" autoComplete="name" required />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Field label="Password" name="password" type="password" autoComplete="new-password" hint={copy.passwordHint} required />
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
        <Button type="submit" className="w-full" disabled={busy || !hydrated}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
      <SocialButtons label={copy.socialLabel} providers={account.social} />
    </AuthCard>
  );
}
