import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { JobForm } from "#app/components/admin/JobForm.tsx";
import { jobsCopy as copy } from "#app/content/admin.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import { postJobForm } from "#app/lib/job-form.server.ts";
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
