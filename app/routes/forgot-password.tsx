import { useState, type FormEvent } from "react";
import type { MessageResponse } from "#contracts/accounts.ts";
import { Link } from "#app/components/ui/Link.tsx";
import { AuthCard, textLink } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { account } from "#app/content/account.ts";
import { requestPasswordReset } from "#app/lib/api/account-client.ts";
import { sendAccountForm, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/forgot-password";

const copy = account.forgot;

export const meta = () => accountMeta({ title: copy.title, description: copy.intro, path: "/forgot-password" });

type Result = { tone: "success" | "info"; text: string };

/** A reset asked for before the page's script ran (decision 029); like the script's, it never says whether the account exists. */
export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const sent = await sendAccountForm<MessageResponse>(
    context,
    "accounts/password-reset/",
    { email: textField(await request.formData(), "email") },
    "Password reset failed",
  );
  return "body" in sent ? { tone: "success", text: copy.sent } : { tone: "info", text: copy.failed };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | undefined>(actionData);

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
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
