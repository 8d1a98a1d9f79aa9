import { Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { ENQUIRY_STATUSES, ENQUIRY_TYPES, EnquiryListQuerySchema } from "#contracts/admin-business.ts";
import { ASSIGNED_TO_ME, ENQUIRY_AGE_LABELS, ENQUIRY_AGES, ENQUIRY_BULK_ACTIONS, ENQUIRY_STATUS_LABELS, UNASSIGNED } from "#contracts/enquiry-inbox.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { DueMarker } from "#app/components/admin/DueMarker.tsx";
import { ListFilters, LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { enquiriesCopy as copy, enquiryTypeLabels } from "#app/content/admin.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.enquiries._index";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

const MESSAGE_PREVIEW = 80;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "enquiries");
  const query = listQuery(EnquiryListQuerySchema, request);
  const [list, members] = await Promise.all([context.services.enquiriesAdmin.listEnquiries(query, admin.id), context.services.team.membersFor("enquiries")]);
  return {
    query,
    list,
    owners: members.map(({ id, username }) => ({ id, username })),
    now: context.services.now().toISOString(),
  };
}

const isBulkAction = (value: string): value is (typeof ENQUIRY_BULK_ACTIONS)[number] => (ENQUIRY_BULK_ACTIONS as readonly string[]).includes(value);

/** The checked rows' action, posted here with or without the script (decision 029) and made through the bulk API route. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "enquiries");
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  if (!isBulkAction(intent)) return data<AdminNotice>({ tone: "error", text: copy.unknownAction }, { status: 400 });
  const ids = posted.getAll("ids").filter((id) => typeof id === "string");
  const { notice, status } = await sendAdminForm(context, "admin/enquiries/bulk/", { action: intent, ids });
  return data<AdminNotice>(notice, { status });
}

const preview = (text: string) => (text.length > MESSAGE_PREVIEW ? `${text.slice(0, MESSAGE_PREVIEW)}…` : text);

export default function Enquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, owners, now } = loaderData;
  const busy = useNavigation().state === "submitting";
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
            options: ENQUIRY_STATUSES.map((status) => ({ value: status, label: ENQUIRY_STATUS_LABELS[status] })),
          },
          {
            name: "owner",
            label: copy.owner,
            all: copy.anyone,
            value: query.owner === undefined ? "" : String(query.owner),
            options: [
              { value: ASSIGNED_TO_ME, label: copy.me },
              { value: UNASSIGNED, label: copy.unassigned },
              ...owners.map((owner) => ({ value: String(owner.id), label: owner.username })),
            ],
          },
          {
            name: "type",
            label: copy.type,
            value: query.type ?? "",
            options: ENQUIRY_TYPES.map((type) => ({ value: type, label: enquiryTypeLabels[type] })),
          },
          {
            name: "age",
            label: copy.age,
            value: query.age ?? "",
            options: ENQUIRY_AGES.map((age) => ({ value: age, label: ENQUIRY_AGE_LABELS[age] })),
          },
        ]}
        checks={[{ name: "overdue", label: copy.overdueOnly, value: "yes", checked: query.overdue === "yes" }]}
      />
      {actionData && (
        <Alert tone={actionData.tone} className="mb-4">
          {actionData.text}
        </Alert>
      )}
      <LoadingNotice />
      <Form method="post">
        {list.results.length > 0 && (
          <div role="group" aria-label={copy.bulkLabel} className="mb-4 flex flex-wrap items-start gap-2">
            <Button type="submit" name="intent" value="close" size="sm" variant="secondary" disabled={busy}>
              {copy.bulkClose}
            </Button>
            <Button type="submit" name="intent" value="spam" size="sm" variant="secondary" disabled={busy}>
              {copy.bulkSpam}
            </Button>
            <details>
              <summary className="inline-flex h-9 cursor-pointer items-center rounded-full px-3 text-sm font-semibold text-red-700 ring-1 ring-ink-200 ring-inset hover:bg-red-50">
                {copy.bulkDelete}
              </summary>
              <div className="mt-2 max-w-xs space-y-2 rounded-xl bg-red-50 p-3 text-sm text-red-900">
                <p>{copy.bulkDeleteWarning}</p>
                <Button type="submit" name="intent" value="delete" size="sm" disabled={busy}>
                  <Trash2 className="size-4" aria-hidden="true" /> {copy.bulkDeleteConfirm}
                </Button>
              </div>
            </details>
          </div>
        )}
        <PagedTable list={list} empty={copy.empty} caption={copy.caption} headings={copy.columns}>
          {list.results.map((enquiry) => {
            const who = enquiry.name || enquiry.email;
            return (
              <tr key={enquiry.id}>
                <td className={cellClass}>
                  <input type="checkbox" name="ids" value={enquiry.id} aria-label={copy.selectOne(who)} className="mt-0.5 size-4 rounded border-ink-300" />
                </td>
                <td className={cellClass}>
                  <Link to={`/admin/enquiries/${enquiry.id}`} className="font-semibold wrap-break-word text-indigo-700 hover:underline">
                    {enquiry.name || <Address>{enquiry.email}</Address>}
                  </Link>
                  {enquiry.name && (
                    <span className="block wrap-break-word text-ink-700">
                      <Address>{enquiry.email}</Address>
                    </span>
                  )}
                </td>
                <td className={cellClass}>{enquiryTypeLabels[enquiry.type]}</td>
                <td className={`${cellClass} min-w-40`}>
                  {enquiry.subject && <span className="block font-medium text-ink-900">{enquiry.subject}</span>}
                  <span className="block text-ink-700">{preview(enquiry.message)}</span>
                </td>
                <td className={cellClass}>
                  {enquiry.assignee ? <Address>{enquiry.assignee.username}</Address> : <span className="text-ink-700">{copy.unassigned}</span>}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <StatusBadge status={enquiry.status} label={ENQUIRY_STATUS_LABELS[enquiry.status]} />
                </td>
                <td className={cellClass}>
                  <DueMarker due={enquiry.due_at} now={now} />
                </td>
              </tr>
            );
          })}
        </PagedTable>
      </Form>
    </AdminShell>
  );
}
