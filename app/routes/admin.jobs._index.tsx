import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { AdminJob } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { AdminTable, cellClass } from "~/components/admin/AdminTable";
import { LoadingNotice } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { useAdminAction, type AdminNotice } from "~/components/admin/useAdminAction";
import { Button, ButtonLink } from "~/components/ui/Button";
import { jobsCopy as copy } from "~/content/admin";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { adminBusiness } from "~/lib/api/admin-client";
import type { Route } from "./+types/admin.jobs._index";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "jobs");
  return {
    username: admin.username,
    jobs: await context.services.careersAdmin.listJobs(),
  };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  // The job form hands its "saved" message over when it brings the admin back here.
  const { run, busy, noticeAlert } = useAdminAction((useLocation().state as { notice?: AdminNotice } | null)?.notice);

  function toggle(job: AdminJob) {
    const status = job.status === "open" ? "closed" : "open";
    return run(job.id, () => adminBusiness.setJobStatus(job.id, status), status === "closed" ? copy.closed(job.title) : copy.reopened(job.title));
  }

  return (
    <AdminShell title={copy.heading} username={loaderData.username}>
      <div className="mb-4 flex justify-end">
        <ButtonLink to="/admin/jobs/new">
          <Plus className="size-4" aria-hidden="true" /> {copy.newJob}
        </ButtonLink>
      </div>
      {noticeAlert}
      <LoadingNotice />
      {loaderData.jobs.length === 0 ? (
        <p className="text-ink-700">{copy.empty}</p>
      ) : (
        <AdminTable caption={copy.caption} headings={copy.columns}>
          {loaderData.jobs.map((job) => (
            <tr key={job.id}>
              <td className={cellClass}>
                <span className="block font-semibold text-ink-900">{job.title}</span>
                <span className="block font-mono text-xs text-ink-700">{job.id}</span>
              </td>
              <td className={cellClass}>{job.department}</td>
              <td className={cellClass}>{job.type}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(job.posted_at)}</td>
              <td className={cellClass}>
                <Link
                  to={`/admin/applications?job=${encodeURIComponent(job.id)}`}
                  className="font-semibold text-indigo-700 hover:underline"
                  aria-label={`${job.applications} applications for ${job.title}`}
                >
                  {job.applications}
                </Link>
              </td>
              <td className={cellClass}>
                <StatusBadge status={job.status} />
              </td>
              <td className={cellClass}>
                <div className="flex gap-2">
                  <ButtonLink to={`/admin/jobs/${encodeURIComponent(job.id)}/edit`} size="sm" variant="secondary" aria-label={`${copy.edit} ${job.title}`}>
                    {copy.edit}
                  </ButtonLink>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy === job.id}
                    onClick={() => toggle(job)}
                    aria-label={`${job.status === "open" ? copy.close : copy.reopen} ${job.title}`}
                  >
                    {job.status === "open" ? copy.close : copy.reopen}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
