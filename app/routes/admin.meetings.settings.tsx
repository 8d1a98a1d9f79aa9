import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { meetingSettingsCopy as copy, WEEKDAY_NAMES } from "#app/content/admin-meetings.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import {
  blockedFieldId,
  draftOf,
  settingsFieldNames as names,
  WEEKDAYS,
  windowFieldId,
  type SettingsDraft,
  type SettingsErrors,
} from "#app/lib/meeting-settings-form.ts";
import { readSettingsDraft, settingsOfDraft } from "#app/lib/meeting-settings-form.server.ts";
import type { Route } from "./+types/admin.meetings.settings";

export const meta = () => adminPageMeta(copy.heading);

/** Blank rows offered below the blocked dates, to add that many at once. */
const BLANK_BLOCKED_ROWS = 2;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "meetings");
  return { settings: await context.services.meetings.settings() };
}

/** A refused form comes back as typed (`draft`), with each refusal beside its field. */
type ActionResult = { notice: AdminNotice; draft?: SettingsDraft; errors?: SettingsErrors };

/**
 * The whole form, posted here with or without the script (decision 029): read into the settings the
 * API takes, checked with its schema so refusals land beside their fields, and saved through the API
 * route, which audits the change.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "meetings");
  const draft = readSettingsDraft(await request.formData());
  const checked = settingsOfDraft(draft);
  if (checked.errors) return data<ActionResult>({ notice: { tone: "error", text: copy.errorsHeading }, draft, errors: checked.errors }, { status: 400 });
  const { notice, status } = await sendAdminForm(context, "admin/meetings/settings/", checked.settings);
  return data<ActionResult>(notice.tone === "error" ? { notice, draft } : { notice }, { status });
}

/** The words a field is known by in the error summary, from the id its refusal is keyed by. */
function fieldName(id: string): string {
  const window = /^window-(\d)-(\d+)-(start|end)$/.exec(id);
  if (window) return `${copy.windowLabel(WEEKDAY_NAMES[Number(window[1])]!, Number(window[2]) + 1)}, ${window[3] === "start" ? copy.starts : copy.ends}`;
  const blocked = /^blocked-(\d+)-(date|note)$/.exec(id);
  if (blocked) return `${copy.blockedRow(Number(blocked[1]) + 1)}, ${blocked[2] === "date" ? copy.date : copy.note}`;
  const named: Record<string, string> = {
    availability: copy.availability,
    blockedDates: copy.blocked,
    minNoticeHours: copy.minNotice,
    horizonDays: copy.horizon,
    bufferMinutes: copy.buffer,
    roomUrl: copy.roomUrl,
  };
  return named[id] ?? id;
}

/** The error summary's links move the focus to the field, as following an in-page link does without the script. */
function ErrorSummary({ errors }: { errors: SettingsErrors }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {Object.entries(errors).map(([id, message]) => (
        <li key={id}>
          <a href={`#${id}`} className="font-medium underline">
            {fieldName(id)}: {message}
          </a>
        </li>
      ))}
    </ul>
  );
}

const card = "rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 sm:p-6";

function Section({ id, title, hint, error, children }: { id: string; title: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-ink-700">{hint}</p>}
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * A label that names its row to assistive technology and shows only the column's word; below the
 * first row, where the first row's labels stand over the column, `hidden` hides that too.
 */
const rowLabel = (row: string, column: string, hidden?: "sr-only" | "sm:sr-only") => (
  <>
    <span className="sr-only">{row}, </span>
    <span className={hidden}>{column}</span>
  </>
);

function WeekdayWindows({ weekday, windows, errors }: { weekday: number; windows: SettingsDraft["windows"][number]; errors: SettingsErrors }) {
  const day = WEEKDAY_NAMES[weekday]!;
  // The saved windows, then one blank row to add another.
  const rows = [...windows, { start: "", end: "" }];
  return (
    <fieldset className="flow-root py-4 first:pt-0 last:pb-0">
      <legend className="float-left mb-2 w-full font-semibold text-ink-900 sm:mb-0 sm:w-32 sm:pt-9">{day}</legend>
      <div className="clear-left space-y-3 sm:clear-none sm:ml-36">
        {windows.length === 0 && <p className="text-sm text-ink-700">{copy.closedDay}</p>}
        {rows.map((window, row) => {
          const label = row < windows.length ? copy.windowLabel(day, row + 1) : copy.newWindowLabel(day);
          return (
            <div key={row} className="grid grid-cols-2 gap-3 sm:max-w-md">
              <Field
                id={windowFieldId(weekday, row, "start")}
                label={rowLabel(label, copy.starts, row > 0 ? "sr-only" : undefined)}
                type="time"
                name={names.start(weekday)}
                defaultValue={window.start}
                error={errors[windowFieldId(weekday, row, "start")]}
              />
              <Field
                id={windowFieldId(weekday, row, "end")}
                label={rowLabel(label, copy.ends, row > 0 ? "sr-only" : undefined)}
                type="time"
                name={names.end(weekday)}
                defaultValue={window.end}
                error={errors[windowFieldId(weekday, row, "end")]}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function BlockedDates({ blocked, errors }: { blocked: SettingsDraft["blocked"]; errors: SettingsErrors }) {
  const rows = [...blocked, ...Array.from({ length: BLANK_BLOCKED_ROWS }, () => ({ date: "", note: "" }))];
  return (
    <ul className="space-y-4 sm:space-y-3">
      {rows.map((entry, row) => {
        const saved = row < blocked.length;
        const label = saved ? copy.blockedRow(row + 1) : copy.newBlockedRow(row - blocked.length + 1);
        // On a phone each row stacks its fields, so every row keeps its visible labels there.
        const columnHidden = row > 0 ? "sm:sr-only" : undefined;
        return (
          <li
            key={row}
            className="grid gap-3 border-ink-100 max-sm:border-t max-sm:pt-4 max-sm:first:border-0 max-sm:first:pt-0 sm:grid-cols-[12rem_minmax(0,1fr)_6rem] sm:items-start"
          >
            <Field
              id={blockedFieldId(row, "date")}
              label={rowLabel(label, copy.date, columnHidden)}
              type="date"
              name={names.blockedDate}
              defaultValue={entry.date}
              error={errors[blockedFieldId(row, "date")]}
            />
            <Field
              id={blockedFieldId(row, "note")}
              label={rowLabel(label, copy.note, columnHidden)}
              name={names.blockedNote}
              defaultValue={entry.note}
              maxLength={200}
              placeholder={saved ? undefined : copy.notePlaceholder}
              error={errors[blockedFieldId(row, "note")]}
            />
            {saved ? (
              <label className={`inline-flex items-center gap-2 text-sm font-medium text-ink-900 ${row === 0 ? "sm:mt-10" : "sm:mt-5"}`}>
                <input type="checkbox" name={names.blockedRemove} value={row} className="size-4 rounded border-ink-300" />
                {copy.remove}
                <span className="sr-only">{` ${entry.date}`}</span>
              </label>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export default function MeetingSettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const draft = actionData?.draft ?? draftOf(loaderData.settings);
  const errors = actionData?.errors ?? {};
  return (
    <AdminShell title={copy.heading}>
      <Link to="/admin/meetings" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToMeetings}
      </Link>
      <p className="mb-6 max-w-3xl text-ink-700">{copy.intro}</p>
      <ActionNotice notice={actionData?.notice}>
        {actionData?.notice.text}
        {actionData?.errors && <ErrorSummary errors={actionData.errors} />}
      </ActionNotice>
      {/* Drawn anew from what was saved, or from what was refused, so its blank rows follow the filled ones. */}
      <Form method="post" noValidate key={JSON.stringify(draft)} className="space-y-6">
        <Section id="availability-heading" title={copy.availability} hint={copy.availabilityHint} error={errors.availability}>
          <div className="divide-y divide-ink-100">
            {WEEKDAYS.map((weekday) => (
              <WeekdayWindows key={weekday} weekday={weekday} windows={draft.windows[weekday]!} errors={errors} />
            ))}
          </div>
        </Section>

        <Section id="rules-heading" title={copy.rules}>
          <div className="grid gap-5 md:grid-cols-3">
            <Field
              id="minNoticeHours"
              label={copy.minNotice}
              hint={copy.minNoticeHint}
              type="number"
              inputMode="numeric"
              min={0}
              max={720}
              step={1}
              name="minNoticeHours"
              defaultValue={draft.minNoticeHours}
              error={errors.minNoticeHours}
            />
            <Field
              id="horizonDays"
              label={copy.horizon}
              hint={copy.horizonHint}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              step={1}
              name="horizonDays"
              defaultValue={draft.horizonDays}
              error={errors.horizonDays}
            />
            <Field
              id="bufferMinutes"
              label={copy.buffer}
              hint={copy.bufferHint}
              type="number"
              inputMode="numeric"
              min={0}
              max={240}
              step={1}
              name="bufferMinutes"
              defaultValue={draft.bufferMinutes}
              error={errors.bufferMinutes}
            />
          </div>
        </Section>

        <Section id="blocked-heading" title={copy.blocked} hint={copy.blockedHint} error={errors.blockedDates}>
          <BlockedDates blocked={draft.blocked} errors={errors} />
        </Section>

        <Section id="room-heading" title={copy.room}>
          <Field
            id="roomUrl"
            label={copy.roomUrl}
            hint={copy.roomHint}
            type="url"
            inputMode="url"
            name="roomUrl"
            defaultValue={draft.roomUrl}
            maxLength={500}
            placeholder="https://"
            error={errors.roomUrl}
            className="max-w-2xl"
          />
        </Section>

        <Button type="submit" disabled={busy}>
          {busy ? copy.saving : copy.save}
        </Button>
      </Form>
    </AdminShell>
  );
}
