import { UserPlus } from "lucide-react";
import { data, Link } from "react-router";
import { ADMIN_ROLE_LABELS } from "#contracts/admin-roles.ts";
import { TokenParams } from "#contracts/admin-team.ts";
import { adminAuthLink, AdminAuthCard } from "#app/components/admin/AdminAuthCard.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { inviteCopy as copy } from "#app/content/admin-team.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.invite.$token";

export const meta = () => adminPageMeta(copy.title);

/** The invitation behind the link, while it can be used; a used or unknown link answers 410 with the way on. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = TokenParams.safeParse(params);
  const invite = token.success ? await context.services.team.openInvite(token.data.token) : null;
  if (!invite) return data({ invite: null }, { status: 410 });
  return { invite: { email: invite.email, role: ADMIN_ROLE_LABELS[invite.role] } };
}

/** The chosen username and password go to the invitation's API route (decision 029), which applies the CLI's rules. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const username = textField(posted, "username");
  const { notice, status } = await sendAdminForm(context, `admin-invite/${encodeURIComponent(params.token)}/`, {
    username,
    password: textField(posted, "password"),
  });
  return data({ notice, username }, { status });
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { invite } = loaderData;
  const joined = actionData?.notice.tone === "success";
  if (joined || !invite) {
    return (
      <AdminAuthCard icon={UserPlus} title={copy.title}>
        <Alert tone={joined ? "success" : "error"}>{joined ? actionData!.notice.text : copy.gone}</Alert>
        <Link to="/admin-login" className={`mt-6 inline-block ${adminAuthLink}`}>
          {copy.signIn}
        </Link>
      </AdminAuthCard>
    );
  }
  return (
    <AdminAuthCard icon={UserPlus} title={copy.title} intro={copy.intro(invite.email, invite.role)}>
      <form method="post" className="space-y-5">
        {actionData && <Alert tone="error">{actionData.notice.text}</Alert>}
        <Field label={copy.username} name="username" autoComplete="username" required hint={copy.usernameHint} defaultValue={actionData?.username} />
        <Field label={copy.password} name="password" type="password" autoComplete="new-password" required hint={copy.passwordHint} />
        <Button type="submit" size="lg" className="w-full">
          {copy.submit}
        </Button>
      </form>
    </AdminAuthCard>
  );
}
