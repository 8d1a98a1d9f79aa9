import { CalendarCog, CalendarX, Video } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminMeetingsQuerySchema, type AdminMeeting } from "#contracts/meetings.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { ConfirmPanel } from "#app/components/admin/ConfirmPanel.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import { LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { ViewTabs } from "#app/components/admin/ViewTabs.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { meetingsCopy as copy } from "#app/content/admin-meetings.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import { useConfirmLink } from "#app/components/admin/use-confirm-link.ts";
import type { Route } from "./+types/admin.meetings";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

const WHENS = ["upcoming", "past"] as const;
/** The address parameter naming the meeting whose cancellation is being confirmed. */
const CANCEL_PARAM = "cancel";
type When = (typeof WHENS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "meetings");
  const query = listQuery(AdminMeetingsQuerySchema, request);
  const list = await context.services.meetings.list(query);
  // The meeting whose cancellation is being confirmed: one of this page's upcoming ones, or none.
  const cancelId = Number(new URL(request.url).searchParams.get(CANCEL_PARAM));
  const cancelling = query.when === "upcoming" ? (list.results.find((meeting) => meeting.id === cancelId && meeting.status === "booked") ?? null) : null;
  return { when: query.when, list, cancelling };
}

/** A refused cancellation comes back with the message typed, so nothing is lost. */
type ActionResult = { notice: AdminNotice; id?: number; message?: string };

/** Calling a meeting off, posted here with or without the script (decision 029) and made through the API route, which mails the visitor. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "meetings");
  const posted = await request.formData();
  if (textField(posted, "intent") !== "cancel") return data<ActionResult>({ notice: { tone: "error", text: copy.unknownAction } }, { status: 400 });
  const id = Number(textField(posted, "id"));
  if (!Number.isSafeInteger(id) || id < 1) return data<ActionResult>({ notice: { tone: "error", text: copy.notFound } }, { status: 404 });
  const message = textField(posted, "message");
  const { notice, status } = await sendAdminForm(context, `admin/meetings/${id}/cancel/`, { message });
  return data<ActionResult>(notice.tone === "error" ? { notice, id, message } : { notice }, { status });
}

function StatusCell({ meeting, when }: { meeting: AdminMeeting; when: When }) {
  const reminder = meeting.reminderSentAt
    ? copy.reminderSent(formatAdminDate(meeting.reminderSentAt))
    : meeting.reminderDueAt
      ? copy.reminderDue(formatAdminDate(meeting.reminderDueAt))
      : copy.noReminder;
  if (meeting.status === "booked")
    return (
      <>
        <Badge tone={when === "upcoming" ? "info" : "success"}>{when === "upcoming" ? copy.status.booked : copy.status.ended}</Badge>
        <span className="mt-1 block text-ink-700">{reminder}</span>
      </>
    );
  return (
    <>
      <Badge tone="warning">{copy.status.cancelled}</Badge>
      {meeting.cancelledBy && meeting.cancelledAt && (
        <span className="mt-1 block text-ink-700">{copy.cancelledBy(meeting.cancelledBy, formatAdminDate(meeting.cancelledAt))}</span>
      )}
      {meeting.cancelReason && (
        <span className="mt-1 block break-words text-ink-700">
          {copy.reason} {meeting.cancelReason}
        </span>
      )}
      <span className="mt-1 block text-ink-700">{reminder}</span>
    </>
  );
}

/**
 * The confirmation of calling a meeting off, above the list: what is cancelled, and the message the
 * visitor is mailed. Reached by a link, so it works without the script; it takes the focus when it opens.
 */
function CancelPanel({ meeting, refused }: { meeting: AdminMeeting; refused: ActionResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  const cancelLink = useConfirmLink(CANCEL_PARAM);
  const f = copy.cancelFields;
  return (
    <ConfirmPanel id="cancel-heading" heading={copy.cancelHeading(meeting.name)} opened={meeting.id}>
      <div className="mt-4">
        <DetailList
          narrow
          items={[
            [f.when, meeting.companyTime],
            [f.visitorTime, `${meeting.visitorTime} (${meeting.tz})`],
            [
              f.visitor,
              <span className="wrap-break-word">
                <Address>{meeting.email}</Address>
              </span>,
            ],
            [f.topic, meeting.topic],
          ]}
        />
      </div>
      <Form method="post" key={meeting.id} className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="id" value={meeting.id} />
        <p className="text-sm text-red-950">{copy.cancelIntro}</p>
        <Field
          as="textarea"
          label={copy.cancelMessage(meeting.name)}
          hint={copy.cancelHint}
          name="message"
          rows={4}
          required
          maxLength={2000}
          defaultValue={refused?.id === meeting.id ? refused.message : ""}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            <CalendarX className="size-4" aria-hidden="true" /> {copy.cancelConfirm}
          </Button>
          <ButtonLink to={cancelLink(undefined)} variant="secondary">
            {copy.keep}
          </ButtonLink>
        </div>
      </Form>
    </ConfirmPanel>
  );
}

function MeetingRow({ meeting, when }: { meeting: AdminMeeting; when: When }) {
  const cancelLink = useConfirmLink(CANCEL_PARAM);
  const booked = meeting.status === "booked";
  return (
    <tr>
      <td className={`${cellClass} min-w-44`}>
        <time dateTime={meeting.start} className="block font-medium text-ink-900">
          {meeting.companyTime}
        </time>
        <span className="mt-1 block text-ink-700">
          {copy.visitorTime(meeting.tz)}: {meeting.visitorTime}
        </span>
      </td>
      <td className={`${cellClass} min-w-40`}>
        <span className="block font-semibold break-words text-ink-900">{meeting.name}</span>
        <a href={`mailto:${meeting.email}`} className="block wrap-break-word text-indigo-700 hover:underline">
          <Address>{meeting.email}</Address>
        </a>
      </td>
      <td className={`${cellClass} max-w-64 min-w-36 break-words`}>{meeting.topic || <span className="text-ink-700">{copy.noTopic}</span>}</td>
      <td className={cellClass}>
        {booked ? (
          <a
            href={meeting.roomUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-indigo-700 hover:underline"
          >
            <Video className="size-4" aria-hidden="true" /> {copy.joinRoom}
            <span className="sr-only">{copy.roomOf(meeting.name, meeting.companyTime)}</span>
          </a>
        ) : (
          <span className="text-ink-700">{copy.noRoom}</span>
        )}
      </td>
      <td className={`${cellClass} max-w-56 min-w-36`}>
        <StatusCell meeting={meeting} when={when} />
      </td>
      {when === "upcoming" && (
        <td className={cellClass}>
          {booked && (
            <Link
              to={cancelLink(meeting.id)}
              className="inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-ink-200 ring-inset hover:bg-red-50"
            >
              {copy.cancel}
              <span className="sr-only"> {copy.cancelOf(meeting.name, meeting.companyTime)}</span>
            </Link>
          )}
        </td>
      )}
    </tr>
  );
}

export default function Meetings({ loaderData, actionData }: Route.ComponentProps) {
  const { when, list, cancelling } = loaderData;
  return (
    <AdminShell
      title={copy.heading}
      actions={
        <ButtonLink to="/admin/meetings/settings" variant="secondary">
          <CalendarCog className="size-4" aria-hidden="true" /> {copy.settingsLink}
        </ButtonLink>
      }
    >
      <ViewTabs
        label={copy.views}
        views={WHENS.map((id) => ({ to: id === "upcoming" ? "/admin/meetings" : "/admin/meetings?when=past", label: copy.tabs[id], current: id === when }))}
      />
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      {cancelling && <CancelPanel meeting={cancelling} refused={actionData} />}
      <LoadingNotice />
      <PagedTable list={list} empty={copy.empty[when]} caption={copy.caption[when]} headings={when === "upcoming" ? copy.columns : copy.pastColumns}>
        {list.results.map((meeting) => (
          <MeetingRow key={meeting.id} meeting={meeting} when={when} />
        ))}
      </PagedTable>
    </AdminShell>
  );
}
