import { data } from "react-router";
import { JobIdParams } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { JobForm } from "~/components/admin/JobForm";
import { jobsCopy as copy } from "~/content/admin";
import { adminPageMeta, requireAdminPage } from "~/lib/admin-session";
import { postJobForm } from "~/lib/job-form.server";
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
