import { useCallback } from "react";
import { useLocation } from "react-router";
import { SUBSCRIBER_STATUSES, subscriberAnchor, SubscriberListQuerySchema, type AdminSubscriber } from "#contracts/admin-business.ts";
import { useBrowserValue } from "#app/components/account/useHydrated.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { ListFilters, LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { useAdminAction } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { subscribersCopy as copy } from "#app/content/admin.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { adminBusiness } from "#app/lib/api/admin-client.ts";
import type { Route } from "./+types/admin.subscribers";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "subscribers");
  const query = listQuery(SubscriberListQuerySchema, request);
  return {
    query,
    list: await context.services.enquiriesAdmin.listSubscribers(query),
  };
}

/**
 * The row a link asked for by its anchor (the dashboard's View, the audit log): marked, and scrolled to. Known once
 * the page is live (the server never sees the anchor); without the script the browser's :target marks it.
 */
function useAskedFor(): string {
  const { hash } = useLocation();
  return useBrowserValue(
    useCallback(() => hash.slice(1), [hash]),
    "",
  );
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { run, busy, noticeAlert } = useAdminAction();
  const askedFor = useAskedFor();

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
          <tr
            key={subscriber.id}
            id={subscriberAnchor(subscriber.id)}
            aria-current={askedFor === subscriberAnchor(subscriber.id) ? "true" : undefined}
            className="group scroll-mt-24 target:bg-indigo-50 aria-[current=true]:bg-indigo-50"
          >
            <td
              className={`${cellClass} font-medium wrap-break-word group-target:shadow-[inset_4px_0_0] group-target:shadow-indigo-600 group-aria-[current=true]:shadow-[inset_4px_0_0] group-aria-[current=true]:shadow-indigo-600`}
            >
              <Address>{subscriber.email}</Address>
            </td>
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
