import { useState } from "react";
import { useRevalidator } from "react-router";
import { SUBSCRIBER_STATUSES, SubscriberListQuerySchema, type AdminSubscriber } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { AdminTable, cellClass } from "~/components/admin/AdminTable";
import { ListFilters, LoadingNotice, Pager } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { subscribersCopy as copy } from "~/content/admin";
import { listQuery } from "~/lib/admin-query";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { adminBusiness } from "~/lib/api/admin-client";
import type { Route } from "./+types/admin.subscribers";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context);
  const query = listQuery(SubscriberListQuerySchema, request);
  return { username: admin.username, query, list: await context.services.enquiriesAdmin.listSubscribers(query) };
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();

  async function remove(subscriber: AdminSubscriber) {
    if (!window.confirm(copy.confirmRemove(subscriber.email))) return;
    setNotice(undefined);
    try {
      await adminBusiness.removeSubscriber(subscriber.id);
      await revalidator.revalidate();
      setNotice({ tone: "success", text: copy.removed(subscriber.email) });
    } catch (error) {
      setNotice({ tone: "error", text: error instanceof Error ? error.message : "The subscriber was not removed." });
    }
  }

  return (
    <AdminShell title={copy.heading} username={loaderData.username}>
      <ListFilters filters={[{ name: "status", label: copy.status, value: query.status ?? "", options: SUBSCRIBER_STATUSES.map((status) => ({ value: status, label: status })) }]} />
      {notice && (
        <Alert tone={notice.tone} className="mb-4" onDismiss={() => setNotice(undefined)}>
          {notice.text}
        </Alert>
      )}
      <LoadingNotice />
      {list.results.length === 0 ? (
        <p className="text-ink-700">{copy.empty}</p>
      ) : (
        <>
          <AdminTable caption={copy.caption} headings={copy.columns}>
            {list.results.map((subscriber) => (
              <tr key={subscriber.id}>
                <td className={`${cellClass} font-medium break-all`}>{subscriber.email}</td>
                <td className={cellClass}>
                  <StatusBadge status={subscriber.status} />
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(subscriber.created_at)}</td>
                <td className={cellClass}>
                  <Button size="sm" variant="secondary" onClick={() => remove(subscriber)} aria-label={`${copy.remove} ${subscriber.email}`}>
                    {copy.remove}
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={list} />
        </>
      )}
    </AdminShell>
  );
}
