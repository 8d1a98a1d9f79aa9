import { Plus } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { JOB_STATUSES, JobListQuerySchema, type AdminJob } from "#contracts/admin-business.ts";
import { JOB_TYPES } from "#contracts/careers.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { ListFilters, LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { ConfirmPanel } from "#app/components/admin/ConfirmPanel.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import { jobsCopy as copy } from "#app/content/admin.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { textField } from "#app/lib/form-action.server.ts";
import { SAVED_PARAM } from "#app/lib/job-form.server.ts";
import { useConfirmLink } from "#app/components/admin/use-confirm-link.ts";
import type { Route } from "./+types/admin.jobs._index";

export const meta = () => adminPageMeta(copy.heading);

/** The address parameter naming the job whose closing is being confirmed. */
const CLOSE_PARAM = "close";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "jobs");
  const query = listQuery(JobListQuerySchema, request);
  const list = await context.services.careersAdmin.listJobs(query);
  // The job whose closing is being confirmed: one of this page's open ones, or none.
  const closeId = new URL(request.url).searchParams.get(CLOSE_PARAM);
  const closing = list.results.find((job) => job.id === closeId && job.status === "open") ?? null;
  // A job form saved without the script comes back here naming the job.
  const savedId = new URL(request.url).searchParams.get(SAVED_PARAM);
  const saved = savedId ? await context.services.careersAdmin.getJob(savedId) : null;
  const savedNotice: AdminNotice | undefined = saved
    ? { tone: "success", text: saved.status === "draft" ? copy.drafted(saved.title) : copy.saved(saved.title) }
    : undefined;
  return { query, list, closing, savedNotice, retentionMonths: context.services.applicationRetention.months };
}

/**
 * Closing (once confirmed) and reopening, posted here with or without the script (decision 029) and
 * made through the API route, which audits the change.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "jobs");
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  const status = ({ close: "closed", reopen: "open", publish: "open" } as const)[intent];
  if (!status) return data<{ notice: AdminNotice }>({ notice: { tone: "error", text: copy.unknownAction } }, { status: 400 });
  const said = { close: copy.closed, reopen: copy.reopened, publish: copy.published }[intent as "close" | "reopen" | "publish"];
  const { notice, status: code } = await sendAdminForm(context, `admin/jobs/${encodeURIComponent(textField(posted, "id"))}/status/`, { status }, (job) =>
    said((job as AdminJob).title),
  );
  return data({ notice }, { status: code });
}

/** What closing a job does, said before it is done: it leaves the careers page, and its applications' clock starts. */
function ClosePanel({ job, retentionMonths }: { job: AdminJob; retentionMonths: number }) {
  const busy = useNavigation().state === "submitting";
  const closeLink = useConfirmLink(CLOSE_PARAM);
  return (
    <ConfirmPanel id="close-heading" heading={copy.closeHeading(job.title)} opened={job.id}>
      <p className="mt-2 text-red-950">{copy.closeEffects(job.applications, retentionMonths)}</p>
      {/* Posted to the list's own address, so the answer shows the list without this panel. */}
      <Form method="post" action={closeLink(undefined)} className="mt-5 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="id" value={job.id} />
        <Button type="submit" disabled={busy}>
          {copy.closeConfirm}
        </Button>
        <ButtonLink to={closeLink(undefined)} variant="secondary">
          {copy.keepOpen}
        </ButtonLink>
      </Form>
    </ConfirmPanel>
  );
}

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, closing } = loaderData;
  const filtered = Boolean(query.q || query.status || query.type);
  // The job form hands its "saved" message over when it brings the admin back here.
  const handedOver = (useLocation().state as { notice?: AdminNotice } | null)?.notice;
  const notice = actionData?.notice ?? handedOver ?? loaderData.savedNotice;

  const closeLink = useConfirmLink(CLOSE_PARAM);
  const busy = useNavigation().state === "submitting";

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
      <ActionNotice notice={notice}>{notice?.text}</ActionNotice>
      {closing && <ClosePanel job={closing} retentionMonths={loaderData.retentionMonths} />}
      <LoadingNotice />
      <PagedTable list={list} empty={filtered ? copy.noMatch : copy.empty} caption={copy.caption} headings={copy.columns}>
        {list.results.map((job) => (
          <tr key={job.id}>
            <td className={`${cellClass} min-w-60`}>
              <span className="block font-semibold text-ink-900">{job.title}</span>
              <span className="block font-mono text-xs text-ink-700">{job.id}</span>
            </td>
            <td className={cellClass}>{job.department}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{job.type}</td>
            <td className={`${cellClass} min-w-28`}>{formatAdminDate(job.posted_at)}</td>
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
              <div className="flex flex-wrap gap-2">
                <ButtonLink to={`/admin/jobs/${encodeURIComponent(job.id)}/edit`} size="sm" variant="secondary" aria-label={`${copy.edit} ${job.title}`}>
                  {copy.edit}
                </ButtonLink>
                {job.status === "open" ? (
                  <ButtonLink to={closeLink(job.id)} size="sm" variant="ghost" aria-label={`${copy.close} ${job.title}`}>
                    {copy.close}
                  </ButtonLink>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value={job.status === "draft" ? "publish" : "reopen"} />
                    <input type="hidden" name="id" value={job.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`${job.status === "draft" ? copy.publish : copy.reopen} ${job.title}`}
                    >
                      {job.status === "draft" ? copy.publish : copy.reopen}
                    </Button>
                  </Form>
                )}
              </div>
            </td>
          </tr>
        ))}
      </PagedTable>
    </AdminShell>
  );
}
