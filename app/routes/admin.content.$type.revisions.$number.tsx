import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { isSiteContentType, type SiteContentType } from "#contracts/site-content-forms.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { contentCopy as copy } from "#app/content/admin-content.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-fields.ts";
import type { Route } from "./+types/admin.content.$type.revisions.$number";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminPageMeta(loaderData ? copy.revisionHeading(loaderData.label, loaderData.revision.number) : copy.revisionNotFound);

function revisionOf(params: Route.LoaderArgs["params"]): { type: SiteContentType; number: number } {
  const type = isSiteContentType(params.type) ? params.type : undefined;
  const number = /^\d{1,6}$/.test(params.number) ? Number(params.number) : 0;
  if (!type || number < 1) throw data(copy.revisionNotFound, { status: 404 });
  return { type, number };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "content");
  const { type, number } = revisionOf(params);
  const editor = await context.services.siteContent.editor(type);
  const revision = await context.services.siteContent.revision(type, number).catch((error: { statusCode?: number }) => {
    throw error.statusCode === 404 ? data(copy.revisionNotFound, { status: 404 }) : error;
  });
  return { type, label: editor.label, version: editor.version, revision };
}

/** Restoring, posted with or without the script (decision 029), made by the content API; the editor then shows the restored draft. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdminPage(request, context, "content");
  const { type, number } = revisionOf(params);
  const version = Number(textField(await request.formData(), "version"));
  const { notice, status } = await sendAdminForm(context, `admin/content/${type}/revisions/${number}/restore/`, { version });
  if (notice.tone === "success") throw redirect(`/admin/content/${type}`);
  return data<{ notice: AdminNotice }>({ notice }, { status });
}

export default function ContentRevision({ loaderData, actionData }: Route.ComponentProps) {
  const { type, label, version, revision } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <AdminShell
      title={copy.revisionHeading(label, revision.number)}
      actions={
        <Link to={`/admin/content/${type}`} className="inline-flex items-center gap-2 text-sm font-semibold text-indigo-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {copy.backToEditor(label)}
        </Link>
      }
    >
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      <DetailList
        items={[
          [copy.historyHeadings[1], revision.author === "site" ? copy.shippedBy : revision.author],
          [copy.historyHeadings[2], formatAdminDate(revision.createdAt)],
          ...(revision.note ? [[copy.historyHeadings[3], revision.note] as [string, string]] : []),
        ]}
      />
      <section aria-labelledby="changes-heading" className="mt-8">
        <h2 id="changes-heading" className="mb-4 text-lg font-bold text-ink-900">
          {copy.changesHeading}
        </h2>
        {revision.number === 1 ? (
          <p className="text-ink-700">{copy.firstRevision}</p>
        ) : revision.changes.length === 0 ? (
          <p className="text-ink-700">{copy.noChanges}</p>
        ) : (
          <AdminTable caption={copy.changesCaption(revision.number)} headings={copy.changesHeadings}>
            {revision.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  {change.field}
                </th>
                <td className={`${cellClass} whitespace-pre-line`}>
                  {change.before === null ? copy.absent : <del className="bg-red-50 text-red-900 decoration-red-700">{change.before}</del>}
                </td>
                <td className={`${cellClass} whitespace-pre-line`}>
                  {change.after === null ? copy.absent : <ins className="bg-emerald-50 text-emerald-900 no-underline">{change.after}</ins>}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <Form method="post" className="mt-8 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 sm:p-6">
        <input type="hidden" name="version" value={version} />
        <p className="text-sm text-ink-700">{copy.restoreIntro}</p>
        <Button type="submit" className="mt-4" disabled={busy}>
          {copy.restore(revision.number)}
        </Button>
      </Form>
    </AdminShell>
  );
}
