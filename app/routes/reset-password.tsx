import { useState, type FormEvent } from "react";
import { data } from "react-router";
import type { MessageResponse } from "#contracts/accounts.ts";
import { Link } from "#app/components/ui/Link.tsx";
import { AuthCard, textLink } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { useRedirectAfter } from "#app/components/account/useRedirectAfter.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { account } from "#app/content/account.ts";
import { AccountError, confirmPasswordReset } from "#app/lib/api/account-client.ts";
import { sendAccountForm, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/reset-password";

const copy = account.reset;

export const meta = () => accountMeta({ title: copy.title, description: copy.heading, path: "/reset-password" }, { noReferrer: true });
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

const failure = (caught: unknown) => (caught instanceof AccountError && caught.detail) || copy.failed;

type Result = { status: "success" } | { status: "error"; error: string };

/** A new password posted before the page's script ran (decision 029). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const path = `accounts/password-reset-confirm/${encodeURIComponent(params.uid)}/${encodeURIComponent(params.token)}/`;
  const sent = await sendAccountForm<MessageResponse>(context, path, { password: textField(await request.formData(), "password") }, "Reset failed");
  return "body" in sent ? ({ status: "success" } satisfies Result) : data<Result>({ status: "error", error: failure(sent.error) }, { status: sent.status });
}

export default function ResetPassword({ params, actionData }: Route.ComponentProps) {
  const [status, setStatus] = useState<"ready" | "success" | "error">(actionData?.status ?? "ready");
  const [error, setError] = useState<string | undefined>(actionData?.status === "error" ? actionData.error : undefined);
  const [busy, setBusy] = useState(false);
  useRedirectAfter(status === "success", "/login", account.redirectMs);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await confirmPasswordReset(params.uid, params.token, String(new FormData(event.currentTarget).get("password")));
      setStatus("success");
    } catch (caught) {
      setError(failure(caught));
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
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? copy.busy : copy.submit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
