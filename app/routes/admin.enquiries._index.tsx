import { Link } from "react-router";
import { ENQUIRY_STATUSES, ENQUIRY_TYPES, EnquiryListQuerySchema } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { cellClass } from "~/components/admin/AdminTable";
import { ListFilters, LoadingNotice, PagedTable } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { enquiriesCopy as copy, enquiryTypeLabels } from "~/content/admin";
import { listQuery } from "~/lib/admin-query";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import type { Route } from "./+types/admin.enquiries._index";

export const meta = () => adminPageMeta(copy.heading);

const MESSAGE_PREVIEW = 80;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "enquiries");
  const query = listQuery(EnquiryListQuerySchema, request);
  return {
    query,
    list: await context.services.enquiriesAdmin.listEnquiries(query),
  };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <AdminShell title={copy.heading}>
      <ListFilters
        search={{ value: query.q ?? "", hint: copy.searchHint }}
        sort={{ value: query.sort, options: copy.sorts }}
        filters={[
          {
            name: "type",
            label: copy.type,
            value: query.type ?? "",
            options: ENQUIRY_TYPES.map((type) => ({
              value: type,
              label: enquiryTypeLabels[type],
            })),
          },
          {
            name: "status",
            label: copy.status,
            value: query.status ?? "",
            options: ENQUIRY_STATUSES.map((status) => ({
              value: status,
              label: status,
            })),
          },
        ]}
      />
      <LoadingNotice />
      <PagedTable list={list} empty={copy.empty} caption={copy.caption} headings={copy.columns}>
        {list.results.map((enquiry) => (
          <tr key={enquiry.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(enquiry.created_at)}</td>
            <td className={cellClass}>{enquiryTypeLabels[enquiry.type]}</td>
            <td className={cellClass}>
              <Link to={`/admin/enquiries/${enquiry.id}`} className="font-semibold text-indigo-700 hover:underline">
                {enquiry.name || enquiry.email}
              </Link>
              {enquiry.name && <span className="block text-ink-700">{enquiry.email}</span>}
            </td>
            <td className={`${cellClass} max-w-sm text-ink-700`}>
              {enquiry.message.length > MESSAGE_PREVIEW ? `${enquiry.message.slice(0, MESSAGE_PREVIEW)}...` : enquiry.message}
            </td>
            <td className={cellClass}>
              <StatusBadge status={enquiry.status} />
            </td>
          </tr>
        ))}
      </PagedTable>
    </AdminShell>
  );
}
