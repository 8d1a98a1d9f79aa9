import { Archive, Ban, CheckCircle2, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { DATA_REQUEST_ACTIONS, DataRequestIdParams, type DataRequestRow } from "#contracts/privacy.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { DeadlineBadge } from "#app/components/admin/DeadlineBadge.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { dataRequestsCopy as copy } from "#app/content/admin-privacy.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.data-requests.$id";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "privacy");
  const id = DataRequestIdParams.safeParse(params);
  if (!id.success) throw data(copy.notFound, { status: 404 });
  try {
    return { request: await context.services.privacy.get(id.data.id), now: context.services.now().toISOString() };
  } catch {
    throw data(copy.notFound, { status: 404 });
  }
}

/** A refused answer comes back with the note typed, so nothing is lost. */
type ActionResult = { notice: AdminNotice; action?: string; note?: string };

/** Answering the request, posted here with or without the script (decision 029) and made through the API route, which audits it and mails the requester. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "privacy");
  const posted = await request.formData();
  const chosen = textField(posted, "action");
  if (!DATA_REQUEST_ACTIONS.includes(chosen as (typeof DATA_REQUEST_ACTIONS)[number]))
    return data<ActionResult>({ notice: { tone: "error", text: copy.unknownAction } }, { status: 400 });
  const note = textField(posted, "note");
  const { notice, status } = await sendAdminForm(context, `admin/data-requests/${params.id}/action/`, { action: chosen, note });
  return data<ActionResult>(notice.tone === "error" ? { notice, action: chosen, note } : { notice }, { status });
}

function AnswerForm({ action, intro, children }: { action: string; intro: string; children: ReactNode }) {
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="action" value={action} />
      <p className="text-sm text-ink-700">{intro}</p>
      {children}
    </Form>
  );
}

function Answer({ request, refused }: { request: DataRequestRow; refused?: ActionResult }) {
  const busy = useNavigation().state === "submitting";
  const noteOf = (action: string) => (refused?.action === action ? refused.note : "");
  if (request.right === "access")
    return (
      <AnswerForm action="send_archive" intro={copy.archiveIntro}>
        <Field as="textarea" label={copy.optionalNote} name="note" rows={3} maxLength={2000} defaultValue={noteOf("send_archive")} />
        <Button type="submit" disabled={busy}>
          <Archive className="size-4" aria-hidden="true" /> {copy.sendArchive}
        </Button>
      </AnswerForm>
    );
  if (request.right === "erasure")
    return (
      <AnswerForm action="erase" intro={copy.eraseIntro}>
        <label className="flex items-start gap-3 text-sm font-medium text-ink-900">
          <input type="checkbox" name="understood" required className="mt-0.5 size-4 accent-crimson-600" />
          {copy.eraseCheck}
        </label>
        <Field as="textarea" label={copy.optionalNote} name="note" rows={3} maxLength={2000} defaultValue={noteOf("erase")} />
        <Button type="submit" disabled={busy} className="bg-red-700 hover:bg-red-800">
          <Trash2 className="size-4" aria-hidden="true" /> {copy.erase}
        </Button>
      </AnswerForm>
    );
  return (
    <AnswerForm action="complete" intro={copy.completeIntro}>
      <Field as="textarea" label={copy.completeNote} name="note" rows={4} required maxLength={2000} defaultValue={noteOf("complete")} />
      <Button type="submit" disabled={busy}>
        <CheckCircle2 className="size-4" aria-hidden="true" /> {copy.complete}
      </Button>
    </AnswerForm>
  );
}

export default function DataRequestScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { request, now } = loaderData;
  const busy = useNavigation().state === "submitting";
  const f = copy.fields;
  return (
    <AdminShell title={copy.requestOf(request.email || copy.erased, copy.rights[request.right])}>
      <Link to="/admin/data-requests" className="mb-6 inline-block font-medium text-indigo-700 hover:underline">
        {copy.back}
      </Link>
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
          <DetailList
            items={[
              [f.requester, <span className="break-all">{request.email || copy.erased}</span>],
              [f.right, copy.rights[request.right]],
              [f.details, <span className="whitespace-pre-wrap">{request.details || copy.noDetails}</span>],
              [f.sent, formatAdminDate(request.createdAt)],
              [f.confirmed, request.confirmedAt && formatAdminDate(request.confirmedAt)],
              [f.deadline, request.dueAt && formatAdminDate(request.dueAt)],
              [f.status, <DeadlineBadge request={request} now={now} />],
              [f.answered, request.completedAt && copy.answeredBy(request.completedBy ?? "", formatAdminDate(request.completedAt))],
              [f.note, request.note && <span className="whitespace-pre-wrap">{request.note}</span>],
            ]}
          />
        </section>
        {request.status === "open" && (
          <div className="space-y-6">
            <section aria-labelledby="answer-title" className="space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
              <h2 id="answer-title" className="text-lg font-bold">
                {copy.answerHeading}
              </h2>
              <Answer request={request} refused={actionData} />
            </section>
            <section aria-labelledby="decline-title" className="space-y-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
              <h2 id="decline-title" className="text-lg font-bold">
                {copy.declineHeading}
              </h2>
              <Form method="post" className="space-y-4">
                <input type="hidden" name="action" value="decline" />
                <Field
                  as="textarea"
                  label={copy.declineNote}
                  name="note"
                  rows={3}
                  required
                  maxLength={2000}
                  defaultValue={actionData?.action === "decline" ? actionData.note : ""}
                />
                <Button type="submit" variant="secondary" disabled={busy}>
                  <Ban className="size-4" aria-hidden="true" /> {copy.decline}
                </Button>
              </Form>
            </section>
          </div>
        )}
      </div>
    </AdminShell>
  );
}
