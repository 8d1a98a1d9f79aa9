import { LockKeyhole } from "lucide-react";
import { useState, type FormEvent } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { adminLoginCopy as copy } from "~/content/admin";
import { forgotCopy } from "~/content/admin-team";
import { adminLogin, adminLoginResult, type AdminLoginResult } from "~/lib/api/admin-client";
import { failureStatus, textField } from "~/lib/form-action.server";
import type { Route } from "./+types/admin-login";

export const meta = () => [
  { title: `${copy.title} | HimalTech` },
  { name: "description", content: copy.intro },
  { name: "robots", content: "noindex,nofollow" },
];

const REDIRECT_DELAY_MS = 1000;

/**
 * A sign-in posted before the page's script ran (decision 029), through the same API route and so the same
 * session, device and CSRF rules: signed in, the admin goes straight to the dashboard with the session's cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const username = textField(posted, "username");
  const answer = await context.api("admin-login/", { username, password: textField(posted, "password") });
  const ok = answer.status < 400;
  const result = adminLoginResult(ok, answer.body as { registering?: boolean; error?: string } | undefined);
  const headers = new Headers(answer.cookies.map((cookie): [string, string] => ["set-cookie", cookie]));
  if (result.kind === "success") return redirect("/dashboard/", { headers });
  return data({ result, username }, { status: ok ? 200 : failureStatus(answer.status), headers });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AdminLoginResult | undefined>(actionData?.result);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setResult(undefined);
    const outcome = await adminLogin(String(form.get("username")), String(form.get("password")));
    setBusy(false);
    setResult(outcome);
    if (outcome.kind === "success") setTimeout(() => navigate("/dashboard/"), REDIRECT_DELAY_MS);
  }

  return (
    <section className="bg-surface px-4 py-20">
      <div className="mx-auto max-w-md rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-ink-900 text-white">
          <LockKeyhole className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold">{copy.title}</h1>
        <p className="mt-2 text-sm text-ink-700">{copy.intro}</p>
        <form method="post" className="mt-8 space-y-5" onSubmit={onSubmit}>
          <Field label={copy.username} name="username" autoComplete="username" required defaultValue={actionData?.username} />
          <Field label={copy.password} name="password" type="password" autoComplete="current-password" required />
          {result?.kind === "registering" && <Alert tone="info">{copy.registering}</Alert>}
          {result?.kind === "success" && <Alert tone="success">{copy.success}</Alert>}
          {result?.kind === "error" && <Alert tone="error">{result.message}</Alert>}
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? copy.submitting : copy.submit}
          </Button>
        </form>
        <Link to="/admin/forgot-password" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline">
          {forgotCopy.link}
        </Link>
      </div>
    </section>
  );
}
