import { CalendarCog, CalendarX, Video } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AdminMeetingsQuerySchema, type AdminMeeting } from "@contracts/meetings";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminShell } from "~/components/admin/AdminShell";
import { cellClass } from "~/components/admin/AdminTable";
import { LoadingNotice, PagedTable } from "~/components/admin/ListControls";
import { ViewTabs } from "~/components/admin/ViewTabs";
import type { AdminNotice } from "~/components/admin/useAdminAction";
import { Badge } from "~/components/ui/Badge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { meetingsCopy as copy } from "~/content/admin-meetings";
import { sendAdminForm } from "~/lib/admin-forms.server";
import { listQuery } from "~/lib/admin-query";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { textField } from "~/lib/form-action.server";
import type { Route } from "./+types/admin.meetings";

export const meta = () => adminPageMeta(copy.heading);

const WHENS = ["upcoming", "past"] as const;
type When = (typeof WHENS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "meetings");
  const query = listQuery(AdminMeetingsQuerySchema, request);
  return { when: query.when, list: await context.services.meetings.list(query) };
}

/** A refused cancellation keeps its meeting's form open with the message typed, so nothing is lost. */
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
  if (meeting.status === "booked")
    return <Badge tone={when === "upcoming" ? "info" : "success"}>{when === "upcoming" ? copy.status.booked : copy.status.ended}</Badge>;
  return (
    <>
      <Badge tone="warning">{copy.status.cancelled}</Badge>
      {meeting.cancelledBy && meeting.cancelledAt && (
        <span className="mt-1 block text-ink-700">{copy.cancelledBy(meeting.cancelledBy, formatAdminDate(meeting.cancelledAt))}</span>
      )}
      {meeting.cancelReason && (
        <span className="mt-1 block max-w-56 break-words text-ink-700">
          {copy.reason} {meeting.cancelReason}
        </span>
      )}
    </>
  );
}

function CancelMeeting({ meeting, refused }: { meeting: AdminMeeting; refused: ActionResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  const again = refused?.id === meeting.id;
  return (
    <details open={again || undefined}>
      <summary className="inline-flex h-9 cursor-pointer items-center rounded-full px-3 text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-ink-200 ring-inset hover:bg-red-50">
        {copy.cancel}
        <span className="sr-only">{copy.cancelOf(meeting.name, meeting.companyTime)}</span>
      </summary>
      <Form method="post" className="mt-2 w-72 max-w-[80vw] space-y-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="id" value={meeting.id} />
        <p>{copy.cancelIntro(meeting.email)}</p>
        <Field
          as="textarea"
          label={copy.cancelMessage(meeting.name)}
          hint={copy.cancelHint}
          name="message"
          rows={4}
          required
          maxLength={2000}
          defaultValue={again ? refused.message : ""}
        />
        <Button type="submit" size="sm" disabled={busy}>
          <CalendarX className="size-4" aria-hidden="true" /> {copy.cancelConfirm}
        </Button>
      </Form>
    </details>
  );
}

function MeetingRow({ meeting, when, refused }: { meeting: AdminMeeting; when: When; refused: ActionResult | undefined }) {
  const booked = meeting.status === "booked";
  return (
    <tr className={booked ? undefined : "bg-ink-50/60"}>
      <td className={`${cellClass} min-w-56`}>
        <time dateTime={meeting.start} className="block font-medium text-ink-900">
          {meeting.companyTime}
        </time>
        <span className="mt-1 block text-ink-700">
          {copy.visitorTime(meeting.tz)}: {meeting.visitorTime}
        </span>
      </td>
      <td className={`${cellClass} max-w-56 min-w-44`}>
        <span className="block font-semibold break-words text-ink-900">{meeting.name}</span>
        <a href={`mailto:${meeting.email}`} className="block break-all text-indigo-700 hover:underline">
          {meeting.email}
        </a>
      </td>
      <td className={`${cellClass} max-w-64 min-w-40 break-words`}>{meeting.topic || <span className="text-ink-700">{copy.noTopic}</span>}</td>
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
      <td className={`${cellClass} min-w-36`}>
        <StatusCell meeting={meeting} when={when} />
      </td>
      <td className={`${cellClass} min-w-32`}>{meeting.reminderSentAt ? copy.reminderSent(formatAdminDate(meeting.reminderSentAt)) : copy.reminderNotSent}</td>
      {when === "upcoming" && <td className={cellClass}>{booked && <CancelMeeting meeting={meeting} refused={refused} />}</td>}
    </tr>
  );
}

export default function Meetings({ loaderData, actionData }: Route.ComponentProps) {
  const { when, list } = loaderData;
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
      <LoadingNotice />
      <PagedTable list={list} empty={copy.empty[when]} caption={copy.caption[when]} headings={when === "upcoming" ? copy.columns : copy.pastColumns}>
        {list.results.map((meeting) => (
          <MeetingRow key={meeting.id} meeting={meeting} when={when} refused={actionData} />
        ))}
      </PagedTable>
    </AdminShell>
  );
}
