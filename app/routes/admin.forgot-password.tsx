import { KeyRound } from "lucide-react";
import { data, Link } from "react-router";
import { adminAuthLink, AdminAuthCard } from "~/components/admin/AdminAuthCard";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { forgotCopy as copy } from "~/content/admin-team";
import { sendAdminForm } from "~/lib/admin-forms.server";
import { adminPageMeta } from "~/lib/admin-session";
import { textField } from "~/lib/form-action.server";
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
