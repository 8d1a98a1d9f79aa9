import { useState, type FormEvent } from "react";
import { Link } from "~/components/ui/Link";
import { AuthCard, textLink } from "~/components/account/AuthCard";
import { accountMeta } from "~/components/account/meta";
import { useHydrated } from "~/components/account/useHydrated";
import { useRedirectAfter } from "~/components/account/useRedirectAfter";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { account } from "~/content/account";
import { AccountError, confirmPasswordReset } from "~/lib/api/account-client";
import type { Route } from "./+types/reset-password";

const copy = account.reset;

export const meta = () => accountMeta({ title: copy.title, description: copy.heading, path: "/reset-password" }, { noReferrer: true });
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export default function ResetPassword({ params }: Route.ComponentProps) {
  const [status, setStatus] = useState<"ready" | "success" | "error">("ready");
  const [error, setError] = useState<string>();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  useRedirectAfter(status === "success", "/login", account.redirectMs);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await confirmPasswordReset(params.uid, params.token, String(new FormData(event.currentTarget).get("password")));
      setStatus("success");
    } catch (caught) {
      setError((caught instanceof AccountError && caught.detail) || copy.failed);
      setStatus("error");
    }
    setBusy(false);
  }

  return (
    <AuthCard
      heading={copy.heading}
      footer={
        <Link to="/login" className={textLink}>
          {copy.back}
        </Link>
      }
    >
      {status === "success" ? (
        <Alert tone="success">{copy.done}</Alert>
      ) : (
        <form method="post" onSubmit={submit} className="space-y-4">
          {status === "error" && <Alert tone="error">{error}</Alert>}
          <Field label={copy.label} name="password" type="password" autoComplete="new-password" hint={account.signup.passwordHint} required />
          <Button type="submit" className="w-full" disabled={busy || !hydrated}>
            {busy ? copy.busy : copy.submit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
