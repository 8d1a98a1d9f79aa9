import { useState, type FormEvent, type ReactNode } from "react";
import { data, useRevalidator } from "react-router";
import type { RecoveryCodes } from "#contracts/admin.ts";
import { ADMIN_ROLE_LABELS } from "#contracts/admin-roles.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { accountCopy as copy } from "#app/content/admin-two-factor.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import { failureStatus } from "#app/lib/form-action.server.ts";
import { textField } from "#app/lib/form-fields.ts";
import type { Route } from "./+types/admin.account";

export const meta = () => adminPageMeta(copy.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "any");
  return { account: await context.services.admin.twoFactor.account(admin) };
}

const proof = (form: FormData) => {
  const password = textField(form, "password");
  return password ? { password } : { code: textField(form, "code") };
};

/**
 * Each form of the page: the /api route it goes to and its fields, the same with the script (fetch) and
 * without (the page's action forwards it, decision 029).
 */
const FORMS = {
  password: {
    path: "admin/account/password/",
    body: (form: FormData) => ({ current_password: textField(form, "current_password"), new_password: textField(form, "new_password") }),
  },
  setup: { path: "admin/account/two-factor/setup/", body: () => ({}) },
  confirm: { path: "admin/account/two-factor/confirm/", body: (form: FormData) => ({ code: textField(form, "code") }) },
  cancel: { path: "admin/account/two-factor/disable/", body: () => ({}) },
  disable: { path: "admin/account/two-factor/disable/", body: proof },
  regenerate: { path: "admin/account/two-factor/recovery-codes/", body: proof },
  require: { path: "admin/settings/require-two-factor/", body: (form: FormData) => ({ required: textField(form, "required") === "true" }) },
} as const;

type Intent = keyof typeof FORMS;
const isIntent = (value: string): value is Intent => value in FORMS;

/** What a form's answer shows: its message or the new recovery codes; on failure the server's reason. */
interface Outcome {
  intent: Intent;
  tone: "success" | "error";
  message?: string;
  recoveryCodes?: string[];
}

const outcomeOf = (intent: Intent, ok: boolean, body: unknown): Outcome => {
  const answer = (body ?? {}) as { message?: string } & Partial<RecoveryCodes>;
  return {
    intent,
    tone: ok ? "success" : "error",
    message: answer.message ?? (ok ? undefined : "The change was not saved."),
    recoveryCodes: answer.recovery_codes,
  };
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = textField(form, "intent");
  if (!isIntent(intent)) return data(outcomeOf("password", false, { message: "Unknown form." }), { status: 400 });
  const answer = await context.api(FORMS[intent].path, FORMS[intent].body(form));
  const ok = answer.status < 400;
  return data(outcomeOf(intent, ok, answer.body), { status: ok ? 200 : failureStatus(answer.status) });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome | undefined>(actionData);
  const [busy, setBusy] = useState(false);

  /** With the script: the same fields to the same route, then the page's data again. */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(formElement, submitter);
    const intent = textField(form, "intent");
    if (!isIntent(intent)) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const body = await apiRequest<unknown>(FORMS[intent].path, { method: "POST", body: FORMS[intent].body(form) });
      formElement.reset();
      await revalidator.revalidate();
      setOutcome(outcomeOf(intent, true, body));
    } catch (error) {
      setOutcome({ intent, tone: "error", message: error instanceof Error ? error.message : "The change was not saved." });
    } finally {
      setBusy(false);
    }
  }

  /** The answer to a form, shown next to that form. */
  const noticeFor = (...intents: Intent[]) =>
    outcome?.message &&
    intents.includes(outcome.intent) && (
      <Alert tone={outcome.tone} className="mt-4">
        {outcome.message}
      </Alert>
    );

  const submit = (intent: Intent, label: string, variant: "primary" | "secondary" = "primary") => (
    <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
      {label}
    </Button>
  );

  const stateBadge = {
    off: <Badge>{copy.off}</Badge>,
    setting_up: <Badge tone="warning">{copy.settingUp}</Badge>,
    on: <Badge tone="success">{copy.on}</Badge>,
  }[account.two_factor];

  return (
    <AdminShell title={copy.title}>
      <p className="-mt-4 mb-8 text-sm text-ink-700">{copy.signedInAs(account.username, account.email, ADMIN_ROLE_LABELS[account.role])}</p>
      <div className="grid max-w-3xl gap-6">
        <Section headingId="two-factor" heading={copy.twoFactorHeading} badge={stateBadge}>
          {account.require_two_factor && account.two_factor !== "on" && (
            <Alert tone="info" className="mb-4">
              {copy.requiredNotice}
            </Alert>
          )}
          <p className="text-sm text-ink-700">{copy.twoFactorIntro}</p>

          {outcome?.recoveryCodes && <RecoveryCodeList codes={outcome.recoveryCodes} />}

          {account.two_factor === "off" && (
            <form method="post" onSubmit={onSubmit} className="mt-5">
              {submit("setup", copy.start)}
            </form>
          )}

          {account.setup && (
            <div className="mt-5 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
              <div>
                <p className="mb-3 text-sm font-medium">{copy.scan}</p>
                {/* The SVG is drawn by the server from the otpauth: address alone; it carries no script or link. */}
                <div
                  role="img"
                  aria-label={copy.qrLabel}
                  className="size-48 rounded-xl bg-white p-1 ring-1 ring-ink-200 [&_svg]:size-full"
                  dangerouslySetInnerHTML={{ __html: account.setup.qr_svg }}
                />
              </div>
              <div className="min-w-0 space-y-4">
                <div>
                  <p className="text-sm text-ink-700">{copy.typeInstead}</p>
                  <p className="mt-2 text-xs font-medium text-ink-900" id="setup-key-label">
                    {copy.secretLabel}
                  </p>
                  <code aria-labelledby="setup-key-label" data-secret={account.setup.secret} className="mt-1 block font-mono text-sm break-words text-ink-900">
                    {account.setup.secret.match(/.{1,4}/g)!.join(" ")}
                  </code>
                </div>
                <form method="post" onSubmit={onSubmit} className="space-y-4">
                  <p className="text-sm font-medium">{copy.confirmIntro}</p>
                  <Field label={copy.code} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required />
                  <div className="flex flex-wrap gap-3">{submit("confirm", copy.confirm)}</div>
                </form>
                <form method="post" onSubmit={onSubmit}>
                  {submit("cancel", copy.cancelSetup, "secondary")}
                </form>
              </div>
            </div>
          )}

          {account.two_factor === "on" && (
            <form method="post" onSubmit={onSubmit} className="mt-5 space-y-4">
              <p className="text-sm font-medium">{copy.recoveryLeft(account.recovery_codes_left)}</p>
              <p className="text-sm text-ink-700">{copy.proofIntro}</p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={copy.proofPassword} name="password" type="password" autoComplete="current-password" />
                <Field label={copy.proofCode} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              </div>
              <div className="flex flex-wrap gap-3">
                {submit("regenerate", copy.regenerate)}
                {submit("disable", copy.disable, "secondary")}
              </div>
            </form>
          )}
          {noticeFor("setup", "confirm", "cancel", "disable", "regenerate")}
        </Section>

        <Section headingId="password" heading={copy.passwordHeading}>
          <p className="text-sm text-ink-700">{copy.passwordIntro}</p>
          <form method="post" onSubmit={onSubmit} className="mt-5 space-y-4">
            {/* The name field lets password managers file the new password under the right account. */}
            <input type="text" name="username" autoComplete="username" value={account.username} readOnly hidden />
            <Field label={copy.currentPassword} name="current_password" type="password" autoComplete="current-password" required />
            <Field
              label={copy.newPassword}
              name="new_password"
              type="password"
              autoComplete="new-password"
              hint={copy.newPasswordHint}
              required
              minLength={8}
            />
            {submit("password", copy.changePassword)}
          </form>
          {noticeFor("password")}
        </Section>

        {account.role === "owner" && (
          <Section headingId="everyone" heading={copy.everyoneHeading}>
            <p className="text-sm text-ink-700">{copy.everyoneIntro}</p>
            <form method="post" onSubmit={onSubmit} className="mt-5 flex flex-wrap items-center gap-4">
              <p className="text-sm font-medium">
                {copy.requireLabel}: {account.require_two_factor ? copy.requireOn : copy.requireOff}
              </p>
              <input type="hidden" name="required" value={account.require_two_factor ? "false" : "true"} />
              {submit("require", account.require_two_factor ? copy.unrequireButton : copy.requireButton, account.require_two_factor ? "secondary" : "primary")}
            </form>
            {noticeFor("require")}
          </Section>
        )}
      </div>
    </AdminShell>
  );
}

function Section({ headingId, heading, badge, children }: { headingId: string; heading: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-lg font-semibold">
            {heading}
          </h2>
          {badge}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** Shown once, right after they are made; only their hashes are kept. */
function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="mt-5 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <h3 className="font-semibold">{copy.recoveryHeading}</h3>
      <p className="mt-1 text-sm text-ink-800">{copy.recoveryIntro}</p>
      <ol className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5" aria-label={copy.recoveryHeading}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}
