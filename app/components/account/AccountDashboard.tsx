import type { Account } from "#contracts/accounts.ts";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { account } from "#app/content/account.ts";
import { AccountError, changePassword, fetchAccount, logout } from "#app/lib/api/account-client.ts";
import { Link } from "#app/components/ui/Link.tsx";
import { AccountActivity } from "./AccountActivity";
import { AccountConversations } from "./AccountConversations";
import { AccountData } from "./AccountData";

const copy = account.dashboard;
const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/**
 * The signed-in user's account page: who they are, log out, their conversations, applications and
 * meetings with us, the newsletter, a new password, and their data: downloaded, or deleted with the account.
 */
export function AccountDashboard() {
  const navigate = useNavigate();
  const [profile, setProfile] = useState<Account>();
  const [loadError, setLoadError] = useState<string>();
  const [deleted, setDeleted] = useState<string>();

  useEffect(() => {
    fetchAccount().then(setProfile, (error) => setLoadError((error instanceof AccountError && error.detail) || copy.loadFailed));
  }, []);

  async function signOut() {
    await logout().catch(() => undefined);
    navigate("/login");
  }

  if (deleted)
    return (
      <section className="bg-surface px-4 py-16 sm:py-24">
        <div className="mx-auto w-full max-w-2xl space-y-6">
          <h1 className="text-3xl font-bold text-ink-900">{copy.data.deleteTitle}</h1>
          <Alert tone="success">{deleted}</Alert>
          <Link to="/" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
            {copy.data.deletedHome}
          </Link>
        </div>
      </section>
    );

  return (
    <section className="bg-surface px-4 py-16 sm:py-24">
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold text-ink-900">{copy.heading}</h1>
          <Button variant="secondary" onClick={signOut}>
            {copy.logout}
          </Button>
        </div>
        <div className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
          {loadError && <Alert tone="error">{loadError}</Alert>}
          {!profile && !loadError && <Spinner label={copy.loading} />}
          {profile && (
            <dl className="grid gap-4 sm:grid-cols-2">
              {[
                [copy.name, profile.full_name || "—"],
                [copy.email, profile.email],
                [copy.verified, profile.is_verified ? copy.yes : copy.no],
                [copy.joined, longDate(profile.date_joined)],
              ].map(([term, value]) => (
                <div key={term}>
                  <dt className="text-sm font-medium text-ink-700">{term}</dt>
                  <dd className="mt-1 font-semibold break-words text-ink-900">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <AccountConversations />
        <AccountActivity />
        <ChangePasswordForm />
        <AccountData onDeleted={setDeleted} />
      </div>
    </section>
  );
}

function ChangePasswordForm() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setResult(undefined);
    try {
      const { message } = await changePassword({ current_password: String(data.get("current_password")), new_password: String(data.get("new_password")) });
      setResult({ tone: "success", text: message });
      form.reset();
    } catch (error) {
      setResult({ tone: "error", text: (error instanceof AccountError && error.detail) || "Could not change the password." });
    }
    setBusy(false);
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      aria-labelledby="change-password-title"
      className="space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8"
    >
      <h2 id="change-password-title" className="text-xl font-bold text-ink-900">
        {copy.changePassword}
      </h2>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Field label={copy.currentPassword} name="current_password" type="password" autoComplete="current-password" required />
      <Field label={copy.newPassword} name="new_password" type="password" autoComplete="new-password" hint={account.signup.passwordHint} required />
      <Button type="submit" disabled={busy}>
        {busy ? copy.saving : copy.save}
      </Button>
    </form>
  );
}
