import { Link } from "react-router";
import { APPLICATION_STATUSES, ApplicationListQuerySchema } from "#contracts/admin-business.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { ApplicationViewTabs, jobFilterChoices, sharedApplicationFilters } from "#app/components/admin/ApplicationFilters.tsx";
import { ListFilters, LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { applicationStatusLabels, applicationsCopy as copy } from "#app/content/admin.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/admin.applications._index";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "applications");
  const query = listQuery(ApplicationListQuerySchema, request);
  const [list, jobs] = await Promise.all([context.services.careersAdmin.listApplications(query), context.services.careersAdmin.jobChoices()]);
  return { query, list, jobs: jobFilterChoices(jobs) };
}

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const shared = sharedApplicationFilters(query, loaderData.jobs);
  return (
    <AdminShell title={copy.heading}>
      <ApplicationViewTabs current="list" query={{ job: query.job, from: query.from, to: query.to }} />
      <ListFilters
        search={{ value: query.q ?? "", hint: copy.searchHint }}
        sort={{ value: query.sort, options: copy.sorts }}
        filters={[
          shared.job,
          {
            name: "status",
            label: copy.status,
            value: query.status ?? "",
            options: APPLICATION_STATUSES.map((status) => ({ value: status, label: applicationStatusLabels[status] })),
          },
        ]}
        dates={shared.dates}
      />
      <LoadingNotice />
      <PagedTable list={list} empty={copy.empty} caption={copy.caption} headings={copy.columns}>
        {list.results.map((application) => (
          <tr key={application.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(application.created_at)}</td>
            <td className={cellClass}>
              <Link to={`/admin/applications/${application.id}`} className="font-semibold text-indigo-700 hover:underline">
                {application.name}
              </Link>
              <span className="block wrap-break-word text-ink-700">
                <Address>{application.email}</Address>
              </span>
            </td>
            <td className={cellClass}>{application.job_title ?? copy.general}</td>
            <td className={cellClass}>
              <StatusBadge status={application.status} label={applicationStatusLabels[application.status]} />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {application.rating === null ? copy.noRating : copy.average(application.rating, application.ratings)}
            </td>
          </tr>
        ))}
      </PagedTable>
    </AdminShell>
  );
}
