import { LockKeyhole } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { adminAuthLink, AdminAuthCard } from "#app/components/admin/AdminAuthCard.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { adminLoginCopy as copy } from "#app/content/admin.ts";
import { secondFactorCopy as codeCopy } from "#app/content/admin-two-factor.ts";
import { forgotCopy } from "#app/content/admin-team.ts";
import { adminLogin, adminLoginResult, adminSecondFactor, type AdminLoginResult, type SecondFactorFields } from "#app/lib/api/admin-client.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import type { AdminLoginResponse } from "#contracts/admin.ts";
import type { Route } from "./+types/admin-login";

export const meta = () => [
  { title: `${copy.title} | HimalTech` },
  { name: "description", content: copy.intro },
  { name: "robots", content: "noindex,nofollow" },
];

const REDIRECT_DELAY_MS = 1000;
/** The hidden field that tells the page's action which step of the sign-in was posted. */
const SECOND_FACTOR_STEP = "second-factor";

const CODE_FIELD = "admin-login-code";

type Step = "password" | "code";

/** The step the page shows after an answer: the code step once the password was right, until it is done or starts over. */
const stepAfter = (current: Step, result: AdminLoginResult): Step =>
  result.kind === "second_factor" || (current === "code" && result.kind === "error" && !result.restart) ? "code" : "password";

/**
 * A sign-in posted before the page's script ran (decision 029), through the same API routes and so the same
 * session, device, code and CSRF rules: signed in, the admin goes straight to the dashboard with the session's cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const username = textField(posted, "username");
  const codeStep = textField(posted, "step") === SECOND_FACTOR_STEP;
  const recoveryCode = textField(posted, "recovery_code");
  const answer = codeStep
    ? await context.api("admin-login/second-factor/", recoveryCode ? { recovery_code: recoveryCode } : { code: textField(posted, "code") })
    : await context.api("admin-login/", { username, password: textField(posted, "password") });
  const ok = answer.status < 400;
  const result = adminLoginResult(ok, answer.body as AdminLoginResponse | undefined);
  const headers = new Headers(answer.cookies.map((cookie): [string, string] => ["set-cookie", cookie]));
  if (result.kind === "success") return redirect("/dashboard/", { headers });
  return data({ result, username, step: stepAfter(codeStep ? "code" : "password", result) }, { status: ok ? 200 : failureStatus(answer.status), headers });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AdminLoginResult | undefined>(actionData?.result);
  const [step, setStep] = useState<Step>(actionData?.step ?? "password");
  // The code step replaces the form under the admin's hands: the caret goes where the code is typed.
  useEffect(() => {
    if (step === "code") document.getElementById(CODE_FIELD)?.focus();
  }, [step]);

  async function submit(send: () => Promise<AdminLoginResult>) {
    setBusy(true);
    setResult(undefined);
    const outcome = await send();
    setBusy(false);
    setResult(outcome);
    setStep((current) => stepAfter(current, outcome));
    if (outcome.kind === "success") setTimeout(() => navigate("/dashboard/"), REDIRECT_DELAY_MS);
  }

  function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void submit(() => adminLogin(String(form.get("username")), String(form.get("password"))));
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const recovery = form.get("recovery_code");
    const fields: SecondFactorFields = typeof recovery === "string" ? { recovery_code: recovery } : { code: String(form.get("code")) };
    void submit(() => adminSecondFactor(fields));
  }

  const outcome = (
    <>
      {result?.kind === "registering" && <Alert tone="info">{copy.registering}</Alert>}
      {result?.kind === "success" && <Alert tone="success">{copy.success}</Alert>}
      {result?.kind === "error" && <Alert tone="error">{result.message}</Alert>}
    </>
  );

  return (
    <AdminAuthCard icon={LockKeyhole} title={copy.title} intro={step === "password" ? copy.intro : codeCopy.intro}>
      {step === "password" ? (
        <>
          {/* Keyed, like the code form: each step gets its own inputs, so the password never carries over into the code box. */}
          <form key="password" method="post" className="space-y-5" onSubmit={onPassword}>
            <Field label={copy.username} name="username" autoComplete="username" required defaultValue={actionData?.username} />
            <Field label={copy.password} name="password" type="password" autoComplete="current-password" required />
            {outcome}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? copy.submitting : copy.submit}
            </Button>
          </form>
          <Link to="/admin/forgot-password" className={`mt-6 inline-block ${adminAuthLink}`}>
            {forgotCopy.link}
          </Link>
        </>
      ) : (
        <>
          <form key="code" method="post" className="space-y-5" onSubmit={onCode}>
            <input type="hidden" name="step" value={SECOND_FACTOR_STEP} />
            <Field
              id={CODE_FIELD}
              label={codeCopy.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
              className="[&_input]:font-mono [&_input]:tracking-widest"
            />
            {outcome}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? codeCopy.submitting : codeCopy.submit}
            </Button>
          </form>
          {/* A toggle that needs no script: the recovery code has its own small form. */}
          <details className="mt-6 text-sm">
            <summary className="cursor-pointer font-medium text-indigo-700 hover:underline">{codeCopy.useRecovery}</summary>
            <form method="post" className="mt-4 space-y-4" onSubmit={onCode}>
              <input type="hidden" name="step" value={SECOND_FACTOR_STEP} />
              <p className="text-ink-700">{codeCopy.recoveryIntro}</p>
              <Field label={codeCopy.recoveryCode} name="recovery_code" autoComplete="off" spellCheck={false} required maxLength={40} />
              <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
                {codeCopy.submitRecovery}
              </Button>
            </form>
          </details>
          <p className="mt-6 text-sm">
            <a href="/admin-login" className="font-medium text-indigo-700 hover:underline">
              {codeCopy.startAgain}
            </a>
          </p>
        </>
      )}
    </AdminAuthCard>
  );
}
