import { KeyRound } from "lucide-react";
import { data, Link } from "react-router";
import { TokenParams } from "#contracts/admin-team.ts";
import { adminAuthLink, AdminAuthCard } from "#app/components/admin/AdminAuthCard.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { resetCopy as copy } from "#app/content/admin-team.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.reset-password.$token";

export const meta = () => adminPageMeta(copy.title);

/** Whose password the link sets, while it can be used; a used or unknown link answers 410 with the way on. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = TokenParams.safeParse(params);
  const reset = token.success ? await context.services.adminPasswordResets.open(token.data.token) : null;
  if (!reset) return data({ username: null }, { status: 410 });
  return { username: reset.username };
}

/** Both entries must match here; the password rules and the single use are the API route's (decision 029). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const password = textField(posted, "password");
  if (password !== textField(posted, "confirm")) return data({ notice: { tone: "error" as const, text: copy.mismatch } }, { status: 400 });
  const { notice, status } = await sendAdminForm(context, `admin-reset-password/${encodeURIComponent(params.token)}/`, { password });
  return data({ notice }, { status });
}

export default function AdminResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.notice.tone === "success";
  if (done || !loaderData.username) {
    return (
      <AdminAuthCard icon={KeyRound} title={copy.title}>
        <Alert tone={done ? "success" : "error"}>{done ? actionData!.notice.text : copy.gone}</Alert>
        <Link to={done ? "/admin-login" : "/admin/forgot-password"} className={`mt-6 inline-block ${adminAuthLink}`}>
          {done ? copy.signIn : copy.askAgain}
        </Link>
      </AdminAuthCard>
    );
  }
  return (
    <AdminAuthCard icon={KeyRound} title={copy.title} intro={copy.intro(loaderData.username)}>
      <form method="post" className="space-y-5">
        {actionData && <Alert tone="error">{actionData.notice.text}</Alert>}
        {/* The account's name, for the browser's password manager to file the new password under. */}
        <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
        <Field label={copy.password} name="password" type="password" autoComplete="new-password" required />
        <Field label={copy.confirm} name="confirm" type="password" autoComplete="new-password" required />
        <Button type="submit" size="lg" className="w-full">
          {copy.submit}
        </Button>
      </form>
    </AdminAuthCard>
  );
}
