import { AdminShell } from "~/components/admin/AdminShell";
import { JobForm } from "~/components/admin/JobForm";
import { jobsCopy as copy } from "~/content/admin";
import { adminPageMeta, requireAdminPage } from "~/lib/admin-session";
import { postJobForm } from "~/lib/job-form.server";
import type { Route } from "./+types/admin.jobs.new";

export const meta = () => adminPageMeta(copy.newHeading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "jobs");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "jobs");
  return postJobForm(request, context);
}

export default function NewJob({ actionData }: Route.ComponentProps) {
  return (
    <AdminShell title={copy.newHeading}>
      <JobForm refused={actionData} />
    </AdminShell>
  );
}
