import { Link } from "react-router";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import { DeadlineBadge } from "#app/components/admin/DeadlineBadge.tsx";
import { dataRequestsCopy as copy } from "#app/content/admin-privacy.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/admin.data-requests._index";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "privacy");
  return { requests: await context.services.privacy.queue(), now: context.services.now().toISOString() };
}

/** The privacy queue: every confirmed request, the open ones first by deadline, each with its time left or how long it is overdue. */
export default function DataRequests({ loaderData }: Route.ComponentProps) {
  const { requests, now } = loaderData;
  return (
    <AdminShell title={copy.heading}>
      {requests.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-ink-700 shadow-card ring-1 ring-ink-100">{copy.empty}</p>
      ) : (
        <AdminTable caption={copy.caption} headings={copy.columns}>
          {requests.map((request) => (
            <tr key={request.id}>
              <td className={`${cellClass} min-w-48`}>
                <Link to={`/admin/data-requests/${request.id}`} className="font-medium wrap-break-word text-indigo-700 hover:underline">
                  {request.email ? <Address>{request.email}</Address> : copy.erased}
                  <span className="sr-only">, {copy.rights[request.right]}</span>
                </Link>
              </td>
              <td className={cellClass}>{copy.rights[request.right]}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{request.confirmedAt && formatAdminDate(request.confirmedAt)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{request.dueAt && formatAdminDate(request.dueAt)}</td>
              <td className={cellClass}>
                <DeadlineBadge request={request} now={now} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
