import { SUBSCRIBER_STATUSES, SubscriberListQuerySchema, type AdminSubscriber } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { cellClass } from "~/components/admin/AdminTable";
import { ListFilters, LoadingNotice, PagedTable } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { useAdminAction } from "~/components/admin/useAdminAction";
import { Button } from "~/components/ui/Button";
import { subscribersCopy as copy } from "~/content/admin";
import { listQuery } from "~/lib/admin-query";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { adminBusiness } from "~/lib/api/admin-client";
import type { Route } from "./+types/admin.subscribers";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "subscribers");
  const query = listQuery(SubscriberListQuerySchema, request);
  return {
    query,
    list: await context.services.enquiriesAdmin.listSubscribers(query),
  };
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { run, busy, noticeAlert } = useAdminAction();

  function remove(subscriber: AdminSubscriber) {
    if (!window.confirm(copy.confirmRemove(subscriber.email))) return;
    void run(String(subscriber.id), () => adminBusiness.removeSubscriber(subscriber.id), copy.removed(subscriber.email));
  }

  return (
    <AdminShell title={copy.heading}>
      <ListFilters
        search={{ value: query.q ?? "", hint: copy.searchHint }}
        sort={{ value: query.sort, options: copy.sorts }}
        filters={[
          {
            name: "status",
            label: copy.status,
            value: query.status ?? "",
            options: SUBSCRIBER_STATUSES.map((status) => ({
              value: status,
              label: status,
            })),
          },
        ]}
      />
      {noticeAlert}
      <LoadingNotice />
      <PagedTable list={list} empty={copy.empty} caption={copy.caption} headings={copy.columns}>
        {list.results.map((subscriber) => (
          <tr key={subscriber.id}>
            <td className={`${cellClass} font-medium break-all`}>{subscriber.email}</td>
            <td className={cellClass}>
              <StatusBadge status={subscriber.status} />
              {subscriber.bounced_at && <p className="mt-1 text-sm text-ink-700">{copy.bounced}</p>}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(subscriber.created_at)}</td>
            <td className={cellClass}>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy === String(subscriber.id)}
                onClick={() => remove(subscriber)}
                aria-label={`${copy.remove} ${subscriber.email}`}
              >
                {copy.remove}
              </Button>
            </td>
          </tr>
        ))}
      </PagedTable>
    </AdminShell>
  );
}
