import { useState, type FormEvent } from "react";
import { Link } from "~/components/ui/Link";
import { AuthCard, textLink } from "~/components/account/AuthCard";
import { accountMeta } from "~/components/account/meta";
import { useHydrated } from "~/components/account/useHydrated";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { account } from "~/content/account";
import { requestPasswordReset } from "~/lib/api/account-client";

const copy = account.forgot;

export const meta = () => accountMeta({ title: copy.title, description: copy.intro, path: "/forgot-password" });

export default function ForgotPassword() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "info"; text: string }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      await requestPasswordReset(String(new FormData(form).get("email")));
      setResult({ tone: "success", text: copy.sent });
      form.reset();
    } catch {
      // Never says whether the account exists.
      setResult({ tone: "info", text: copy.failed });
    }
    setBusy(false);
  }

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      footer={
        <Link to="/login" className={textLink}>
          {copy.back}
        </Link>
      }
    >
      <form method="post" onSubmit={submit} className="space-y-4">
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" className="w-full" disabled={busy || !hydrated}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
