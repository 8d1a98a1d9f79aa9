import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { JOB_STATUSES, JobListQuerySchema, type AdminJob } from "@contracts/admin-business";
import { JOB_TYPES } from "@contracts/careers";
import { AdminShell } from "~/components/admin/AdminShell";
import { cellClass } from "~/components/admin/AdminTable";
import { ListFilters, LoadingNotice, PagedTable } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { useAdminAction, type AdminNotice } from "~/components/admin/useAdminAction";
import { Button, ButtonLink } from "~/components/ui/Button";
import { jobsCopy as copy } from "~/content/admin";
import { listQuery } from "~/lib/admin-query";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { adminBusiness } from "~/lib/api/admin-client";
import type { Route } from "./+types/admin.jobs._index";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "jobs");
  const query = listQuery(JobListQuerySchema, request);
  return { query, list: await context.services.careersAdmin.listJobs(query) };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const filtered = Boolean(query.q || query.status || query.type);
  // The job form hands its "saved" message over when it brings the admin back here.
  const { run, busy, noticeAlert } = useAdminAction((useLocation().state as { notice?: AdminNotice } | null)?.notice);

  function toggle(job: AdminJob) {
    const status = job.status === "open" ? "closed" : "open";
    return run(job.id, () => adminBusiness.setJobStatus(job.id, status), status === "closed" ? copy.closed(job.title) : copy.reopened(job.title));
  }

  return (
    <AdminShell
      title={copy.heading}
      actions={
        <ButtonLink to="/admin/jobs/new">
          <Plus className="size-4" aria-hidden="true" /> {copy.newJob}
        </ButtonLink>
      }
    >
      <ListFilters
        search={{ value: query.q ?? "", hint: copy.searchHint }}
        sort={{ value: query.sort, options: copy.sorts }}
        filters={[
          { name: "status", label: copy.status, value: query.status ?? "", options: JOB_STATUSES.map((status) => ({ value: status, label: status })) },
          { name: "type", label: copy.type, value: query.type ?? "", options: JOB_TYPES.map((type) => ({ value: type, label: type })) },
        ]}
      />
      {noticeAlert}
      <LoadingNotice />
      <PagedTable list={list} empty={filtered ? copy.noMatch : copy.empty} caption={copy.caption} headings={copy.columns}>
        {list.results.map((job) => (
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
      </PagedTable>
    </AdminShell>
  );
}
