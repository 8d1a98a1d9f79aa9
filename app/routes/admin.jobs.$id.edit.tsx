import { data } from "react-router";
import { JobIdParams } from "#contracts/admin-business.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { JobForm } from "#app/components/admin/JobForm.tsx";
import { jobsCopy as copy } from "#app/content/admin.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import { postJobForm } from "#app/lib/job-form.server.ts";
import type { Route } from "./+types/admin.jobs.$id.edit";

export const meta = ({ loaderData }: Route.MetaArgs) => adminPageMeta(loaderData ? copy.editHeading(loaderData.job.title) : copy.heading);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "jobs");
  const id = JobIdParams.safeParse(params);
  const job = id.success ? await context.services.careersAdmin.getJob(id.data.id) : null;
  if (!job) throw data("Job not found", { status: 404 });
  return { job };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdminPage(request, context, "jobs");
  return postJobForm(request, context, params.id);
}

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminShell title={copy.editHeading(loaderData.job.title)}>
      <JobForm editing={loaderData.job} refused={actionData} />
    </AdminShell>
  );
}
