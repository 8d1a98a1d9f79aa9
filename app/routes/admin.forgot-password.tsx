import { KeyRound } from "lucide-react";
import { data, Link } from "react-router";
import { adminAuthLink, AdminAuthCard } from "#app/components/admin/AdminAuthCard.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { forgotCopy as copy } from "#app/content/admin-team.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.forgot-password";

export const meta = () => adminPageMeta(copy.title);

/** The request goes to its API route (decision 029), whose answer is the same whether or not the admin exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const account = textField(await request.formData(), "account");
  const { notice, status } = await sendAdminForm(context, "admin-forgot-password/", { account });
  return data({ notice, account: notice.tone === "error" ? account : "" }, { status });
}

export default function AdminForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <AdminAuthCard icon={KeyRound} title={copy.title} intro={copy.intro}>
      <form method="post" className="space-y-5">
        {actionData && <Alert tone={actionData.notice.tone === "success" ? "info" : "error"}>{actionData.notice.text}</Alert>}
        <Field label={copy.account} name="account" autoComplete="username" required defaultValue={actionData?.account} />
        <Button type="submit" size="lg" className="w-full">
          {copy.submit}
        </Button>
      </form>
      <Link to="/admin-login" className={`mt-6 inline-block ${adminAuthLink}`}>
        {copy.back}
      </Link>
    </AdminAuthCard>
  );
}
