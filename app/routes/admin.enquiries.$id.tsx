import { ArrowLeft, ExternalLink, StickyNote, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { EnquiryIdParams, type ConversationMessage } from "#contracts/admin-business.ts";
import { budgetLabels, helpTypeLabels, timelineLabels, userTypeLabels } from "#contracts/enquiry-options.ts";
import { CONVERSATION_MESSAGE_MAX, ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES } from "#contracts/enquiry-inbox.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import { DueMarker } from "#app/components/admin/DueMarker.tsx";
import { MessageBody } from "#app/components/conversation/MessageBody.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { enquiriesCopy as copy, enquiryTypeLabels, spanLabel } from "#app/content/admin.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.enquiries.$id";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = ({ params }: Route.MetaArgs) => adminPageMeta(`Enquiry #${params.id}`);

async function conversationId(request: Request, context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  await requireAdminPage(request, context, "enquiries");
  const id = EnquiryIdParams.safeParse(params);
  if (!id.success) throw data("Enquiry not found", { status: 404 });
  return id.data.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = await conversationId(request, context, params);
  const [enquiry, members] = await Promise.all([context.services.enquiriesAdmin.getConversation(id), context.services.team.membersFor("enquiries")]);
  if (!enquiry) throw data("Enquiry not found", { status: 404 });
  return {
    enquiry,
    owners: members.map(({ id, username }) => ({ id, username })),
    now: context.services.now().toISOString(),
  };
}

/** What each form on this screen posts, by its `intent`: the conversation's API call and the fields it sends. */
const CALLS: Record<string, { path: string; fields: string[] }> = {
  reply: { path: "reply", fields: ["body"] },
  note: { path: "note", fields: ["body"] },
  status: { path: "status", fields: ["status"] },
  assign: { path: "assign", fields: ["assignee"] },
  delete: { path: "delete", fields: [] },
};

type ActionResult = { notice: AdminNotice; intent: string; body: string };

/**
 * Every change on this screen is a form posted here, with or without the script (decision 029), and made
 * through the conversation's API route so its checks, mail and audit apply. A refused text is given back
 * to its box, so nothing typed is lost.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = await conversationId(request, context, params);
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  const call = CALLS[intent];
  if (!call) return data<ActionResult>({ notice: { tone: "error", text: copy.unknownAction }, intent, body: "" }, { status: 400 });
  const payload = Object.fromEntries(call.fields.map((name) => [name, textField(posted, name)]));
  const { notice, status } = await sendAdminForm(context, `admin/enquiries/${id}/${call.path}/`, payload);
  if (intent === "delete" && notice.tone === "success") throw redirect("/admin/enquiries");
  return data<ActionResult>({ notice, intent, body: notice.tone === "error" ? textField(posted, "body") : "" }, { status });
}

/** A stored choice in the words the form showed; the raw value when it is not one of them. */
const labelOf = (labels: Record<string, string>, value: string | null) => (value ? (labels[value.toLowerCase()] ?? value) : null);

function headingOf(message: ConversationMessage) {
  const labels = copy.threadLabels;
  if (message.kind === "note") return labels.note(message.author);
  if (message.kind === "reply") return labels.reply(message.author);
  return message.channel === "mail" ? labels.visitorMail(message.author) : labels.visitorWeb(message.author);
}

const boxTones = {
  visitor: "bg-white ring-ink-100",
  reply: "bg-indigo-50 ring-indigo-100",
  note: "bg-amber-50 ring-amber-300",
} as const;

/** One message of the thread: who and when above, the text below; a note wears its warning first. */
function ThreadEntry({ kind, heading, at, children }: { kind: keyof typeof boxTones; heading: string; at: string; children: ReactNode }) {
  return (
    <li>
      <article className={`rounded-card p-4 shadow-card ring-1 sm:p-5 ${boxTones[kind]}`} aria-label={heading}>
        {kind === "note" && (
          <p className="mb-2 inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-amber-900 uppercase">
            <StickyNote className="size-4" aria-hidden="true" /> {copy.noteBanner}
          </p>
        )}
        <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="font-semibold text-ink-900">{heading}</h3>
          <time dateTime={at} className="text-sm text-ink-700">
            {formatAdminDate(at)}
          </time>
        </header>
        {children}
      </article>
    </li>
  );
}

const card = "rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 sm:p-6";

export default function EnquiryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, owners, now } = loaderData;
  const busy = useNavigation().state === "submitting";
  const f = copy.fields;
  const who = enquiry.name || enquiry.email;
  const refused = (intent: string) => (actionData?.intent === intent ? actionData.body : "");
  // An owner who no longer works the inbox still shows as the conversation's owner until it is given to someone else.
  const ownerChoices = enquiry.assignee && !owners.some((owner) => owner.id === enquiry.assignee!.id) ? [...owners, enquiry.assignee] : owners;

  return (
    <AdminShell title={copy.detailHeading(enquiry.id)}>
      <Link to="/admin/enquiries" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      {actionData && (
        <Alert tone={actionData.notice.tone} className="mb-4">
          {actionData.notice.text}
        </Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="enquiry-thread">
            <h2 id="enquiry-thread" className="mb-4 text-lg font-bold text-ink-900">
              {copy.thread}
            </h2>
            <ol className="space-y-4">
              <ThreadEntry kind="visitor" heading={copy.threadLabels.first(who)} at={enquiry.created_at}>
                <p className="break-words whitespace-pre-wrap">{enquiry.message}</p>
              </ThreadEntry>
              {enquiry.messages.map((message) => (
                <ThreadEntry key={message.id} kind={message.kind} heading={headingOf(message)} at={message.created_at}>
                  {message.kind === "visitor" ? <p className="break-words whitespace-pre-wrap">{message.body}</p> : <MessageBody text={message.body} />}
                </ThreadEntry>
              ))}
            </ol>
          </section>

          {/* Keyed by the thread's length: once a message is added, its box starts empty again. */}
          <Form method="post" key={`reply-${enquiry.messages.length}`} className={`${card} space-y-3`}>
            <input type="hidden" name="intent" value="reply" />
            <Field
              as="textarea"
              label={copy.replyLabel}
              hint={copy.replyHint}
              name="body"
              rows={6}
              required
              maxLength={CONVERSATION_MESSAGE_MAX}
              defaultValue={refused("reply")}
            />
            <Button type="submit" disabled={busy}>
              {copy.sendReply}
            </Button>
          </Form>

          <Form method="post" key={`note-${enquiry.messages.length}`} className="space-y-3 rounded-card bg-amber-50 p-5 ring-1 ring-amber-300 sm:p-6">
            <input type="hidden" name="intent" value="note" />
            <Field
              as="textarea"
              label={copy.noteLabel}
              hint={copy.noteHint}
              name="body"
              rows={3}
              required
              maxLength={CONVERSATION_MESSAGE_MAX}
              defaultValue={refused("note")}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {copy.addNote}
            </Button>
          </Form>
        </div>

        <aside className="space-y-6">
          <div className={card}>
            <DetailList
              narrow
              items={[
                [f.status, <StatusBadge status={enquiry.status} label={ENQUIRY_STATUS_LABELS[enquiry.status]} />],
                [f.owner, enquiry.assignee?.username ?? copy.unassigned],
                [f.due, enquiry.due_at ? <DueMarker due={enquiry.due_at} now={now} /> : copy.nothingDue],
                [
                  f.firstResponse,
                  enquiry.first_response_at &&
                    copy.firstResponse(
                      formatAdminDate(enquiry.first_response_at),
                      spanLabel(Date.parse(enquiry.first_response_at) - Date.parse(enquiry.created_at)),
                    ),
                ],
                [f.type, enquiryTypeLabels[enquiry.type]],
                [f.sentFrom, enquiry.source_page && <code className="font-mono text-sm">{enquiry.source_page}</code>],
                [f.received, formatAdminDate(enquiry.created_at)],
                [f.name, enquiry.name],
                [
                  f.email,
                  <span className="wrap-break-word">
                    <Address>{enquiry.email}</Address>
                  </span>,
                ],
                [f.company, enquiry.company],
                [f.userType, labelOf(userTypeLabels, enquiry.user_type)],
                [f.helpType, labelOf(helpTypeLabels, enquiry.help_type)],
                [f.budget, labelOf(budgetLabels, enquiry.budget)],
                [f.timeline, labelOf(timelineLabels, enquiry.timeline)],
                [f.subject, enquiry.subject],
                [
                  f.visitorPage,
                  <a href={enquiry.visitor_link} className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline">
                    {copy.visitorLink} <ExternalLink className="size-4" aria-hidden="true" />
                  </a>,
                ],
              ]}
            />
          </div>

          <section aria-labelledby="enquiry-manage" className={`${card} space-y-5`}>
            <h2 id="enquiry-manage" className="text-lg font-bold text-ink-900">
              {copy.manage}
            </h2>
            <Form method="post" key={`status-${enquiry.status}`} className="space-y-2">
              <input type="hidden" name="intent" value="status" />
              <Field as="select" label={copy.statusLabel} name="status" defaultValue={enquiry.status}>
                {ENQUIRY_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {ENQUIRY_STATUS_LABELS[status]}
                  </option>
                ))}
              </Field>
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                {copy.saveStatus}
              </Button>
            </Form>
            <Form method="post" key={`owner-${enquiry.assignee?.id ?? ""}`} className="space-y-2">
              <input type="hidden" name="intent" value="assign" />
              <Field as="select" label={copy.ownerLabel} name="assignee" defaultValue={String(enquiry.assignee?.id ?? "")}>
                <option value="">{copy.unassigned}</option>
                {ownerChoices.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.username}
                  </option>
                ))}
              </Field>
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                {copy.saveOwner}
              </Button>
            </Form>
            <details>
              <summary className="inline-flex h-9 cursor-pointer items-center rounded-full px-3 text-sm font-semibold text-red-700 ring-1 ring-ink-200 ring-inset hover:bg-red-50">
                {copy.deleteDisclosure}
              </summary>
              <Form method="post" className="mt-2 space-y-2 rounded-xl bg-red-50 p-3 text-sm text-red-900">
                <input type="hidden" name="intent" value="delete" />
                <p>{copy.deleteWarning}</p>
                <Button type="submit" size="sm" disabled={busy}>
                  <Trash2 className="size-4" aria-hidden="true" /> {copy.deleteConfirm}
                </Button>
              </Form>
            </details>
          </section>
        </aside>
      </div>
    </AdminShell>
  );
}
