import { Download } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { contentCopy as copy } from "#app/content/admin-content.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { kathmanduTime } from "#app/lib/dates.ts";
import type { Route } from "./+types/admin.content._index";

export const meta = () => adminPageMeta(copy.heading);

/** An export of every type with years of revisions is well under this; the page's form takes 6 MB at most. */
const IMPORT_FILE_BYTES = 5 * 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "content");
  return { types: await context.services.siteContent.overview() };
}

/** An import file posted here, with or without the script (decision 029), handed to the content API, which checks every body and audits the import. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "content");
  const file = (await request.formData()).get("file");
  const refuse = (text: string) => data<{ notice: AdminNotice }>({ notice: { tone: "error", text } }, { status: 400 });
  if (!(file instanceof File) || file.size === 0) return refuse(copy.importMissing);
  if (file.size > IMPORT_FILE_BYTES) return refuse(copy.importTooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return refuse(copy.importUnreadable);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return refuse(copy.importUnreadable);
  const { notice, status } = await sendAdminForm(context, "admin/content/import/", parsed as Record<string, unknown>);
  return data({ notice }, { status });
}

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AdminShell title={copy.heading}>
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      <p className="mb-6 text-ink-700">{copy.intro}</p>
      <AdminTable caption={copy.listCaption} headings={copy.headings}>
        {loaderData.types.map((type) => (
          <tr key={type.type}>
            <td className={cellClass}>
              <Link to={`/admin/content/${type.type}`} className="font-semibold text-indigo-700 hover:underline">
                {type.label}
              </Link>
              <span className="block text-xs text-ink-700">{type.description}</span>
            </td>
            <td className={cellClass}>{copy.revisionNumber(type.publishedRevision)}</td>
            <td className={cellClass}>
              {copy.revisionNumber(type.newestRevision)}
              {type.newestRevision > type.publishedRevision && <span className="block text-xs text-ink-700">{copy.draft}</span>}
            </td>
            <td className={cellClass}>{type.updatedBy === "site" ? copy.shippedBy : copy.byAt(type.updatedBy, formatAdminDate(type.updatedAt))}</td>
            <td className={cellClass}>{type.scheduledAt ? kathmanduTime(type.scheduledAt) : copy.notScheduled}</td>
          </tr>
        ))}
      </AdminTable>

      <section aria-labelledby="move-heading" className="mt-10 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 sm:p-6">
        <h2 id="move-heading" className="text-lg font-bold text-ink-900">
          {copy.exportHeading}
        </h2>
        <p className="mt-1 text-sm text-ink-700">{copy.exportIntro}</p>
        {/* A download the browser fetches itself, with the admin's cookie: a plain link, no script. */}
        <a href="/api/admin/content/export/" download className="mt-4 inline-flex items-center gap-2 font-semibold text-indigo-700 hover:underline">
          <Download className="size-4" aria-hidden="true" />
          {copy.exportLink}
        </a>
        <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-wrap items-end gap-3">
          <Field type="file" name="file" accept="application/json,.json" label={copy.importLabel} className="w-full sm:w-auto" />
          <Button type="submit" variant="secondary" disabled={busy}>
            {copy.importAction}
          </Button>
        </Form>
      </section>
    </AdminShell>
  );
}
