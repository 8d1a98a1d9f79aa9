import { MailCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { MessageResponse } from "#contracts/accounts.ts";
import { useLocation } from "react-router";
import { AuthCard } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { useHydrated } from "#app/components/account/useHydrated.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { account } from "#app/content/account.ts";
import { AccountError, resendActivation } from "#app/lib/api/account-client.ts";
import { sendAccountForm, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/verify-notice";

const copy = account.verifyNotice;

export const meta = () => accountMeta({ title: copy.title, description: copy.sent, path: "/verify-notice" });

const failure = (caught: unknown) => (caught instanceof AccountError && caught.detail) || copy.failed;

/** A resend asked for before the page's script ran (decision 029); the address is the one typed in. */
export async function action({ request, context }: Route.ActionArgs) {
  const sent = await sendAccountForm<MessageResponse>(
    context,
    "accounts/resend-activation/",
    { email: textField(await request.formData(), "email") },
    "Failed to resend activation email",
  );
  return { message: "body" in sent ? sent.body.message || copy.resent : failure(sent.error) };
}

export default function VerifyNotice({ actionData }: Route.ComponentProps) {
  const locationState = useLocation().state as { email?: string } | null;
  const hydrated = useHydrated();
  const stateEmail = hydrated ? locationState?.email : undefined;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(actionData?.message);

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = stateEmail ?? String(new FormData(event.currentTarget).get("email"));
    setBusy(true);
    setMessage(undefined);
    try {
      setMessage((await resendActivation(email)).message || copy.resent);
    } catch (caught) {
      setMessage(failure(caught));
    }
    setBusy(false);
  }

  return (
    <AuthCard heading={copy.heading}>
      <MailCheck className="mb-4 size-10 text-indigo-600" aria-hidden="true" />
      <p className="text-ink-700">{stateEmail ? copy.sentTo(stateEmail) : copy.sent}</p>
      <form method="post" onSubmit={resend} className="mt-6 space-y-4">
        {/* Without the address from sign-up (a bookmarked page), the visitor types it. */}
        {!stateEmail && <Field label="Email" name="email" type="email" autoComplete="email" required />}
        <Button type="submit" variant="secondary" disabled={busy} className="w-full whitespace-normal">
          {busy ? copy.resending : copy.resend}
        </Button>
      </form>
      <p role="status" className="mt-4 min-h-6 text-center text-sm text-ink-800">
        {message}
      </p>
    </AuthCard>
  );
}
