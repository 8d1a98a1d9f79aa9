import { MeetingSettingsSchema, type MeetingSettings } from "#contracts/meetings.ts";
import { meetingSettingsCopy } from "#app/content/admin-meetings.ts";
import {
  blockedFieldId,
  MIDNIGHT_END,
  MIDNIGHT_IN_FORM,
  settingsFieldNames as names,
  windowFieldId,
  WEEKDAYS,
  type SettingsDraft,
  type SettingsErrors,
} from "./meeting-settings-form";

const strings = (form: FormData, name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value.trim() : ""));

/** The posted form as typed: blank rows and the blocked dates ticked for removal left out. */
export function readSettingsDraft(form: FormData): SettingsDraft {
  const removed = new Set(strings(form, names.blockedRemove));
  const notes = strings(form, names.blockedNote);
  return {
    windows: WEEKDAYS.map((weekday) => {
      const ends = strings(form, names.end(weekday));
      return strings(form, names.start(weekday))
        .map((start, row) => ({ start, end: ends[row] ?? "" }))
        .filter((window) => window.start || window.end);
    }),
    minNoticeHours: strings(form, "minNoticeHours")[0] ?? "",
    horizonDays: strings(form, "horizonDays")[0] ?? "",
    bufferMinutes: strings(form, "bufferMinutes")[0] ?? "",
    blocked: strings(form, names.blockedDate)
      .map((date, row) => ({ date, note: notes[row] ?? "", row }))
      .filter(({ date, note, row }) => (date || note) && !removed.has(String(row)))
      .map(({ date, note }) => ({ date, note })),
    roomUrl: strings(form, "roomUrl")[0] ?? "",
  };
}

const NUMBER_FIELDS = ["minNoticeHours", "horizonDays", "bufferMinutes"] as const;

/**
 * The draft as the settings the API takes, checked with the API's own schema so each refusal can be
 * shown beside its field; or the refusals. Half-filled rows are refused here, where the form's rows are
 * still known.
 */
export function settingsOfDraft(draft: SettingsDraft): { settings: MeetingSettings; errors?: undefined } | { errors: SettingsErrors } {
  const copy = meetingSettingsCopy.errors;
  const errors: SettingsErrors = {};
  // Where each window and blocked date of the payload came from, for the schema's refusals.
  const windowIds: ((part: "start" | "end") => string)[] = [];
  const availability = WEEKDAYS.flatMap((weekday) =>
    draft.windows[weekday]!.flatMap(({ start, end }, row) => {
      if (!start || !end) {
        errors[windowFieldId(weekday, row, start ? "end" : "start")] = copy.bothTimes;
        return [];
      }
      windowIds.push((part) => windowFieldId(weekday, row, part));
      return [{ weekday, start, end: end === MIDNIGHT_IN_FORM ? MIDNIGHT_END : end }];
    }),
  );
  draft.blocked.forEach(({ date }, row) => {
    if (!date) errors[blockedFieldId(row, "date")] = copy.dateMissing;
  });
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => {
      const text = draft[field];
      if (!/^\d{1,6}$/.test(text)) errors[field] = copy.wholeNumber;
      return [field, Number(text)];
    }),
  );

  const parsed = MeetingSettingsSchema.safeParse({ availability, ...numbers, blockedDates: draft.blocked, roomUrl: draft.roomUrl });
  for (const issue of parsed.error?.issues ?? []) {
    const [field, index, part] = issue.path;
    const id =
      field === "availability" && typeof index === "number"
        ? windowIds[index]?.(part === "start" ? "start" : "end")
        : field === "blockedDates" && typeof index === "number"
          ? blockedFieldId(index, part === "note" ? "note" : "date")
          : String(field);
    if (id && !errors[id]) errors[id] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { settings: parsed.data };
}
