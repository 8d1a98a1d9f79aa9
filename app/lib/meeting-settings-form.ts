import type { MeetingSettings } from "#contracts/meetings.ts";

/**
 * The meeting settings as the form holds them: text as typed, each weekday's windows in its rows, and
 * only the rows that hold something (the form adds its blank ones). A refused form is drawn again from
 * it, so nothing typed is lost.
 */
export interface SettingsDraft {
  /** Indexed by weekday, 0 = Sunday. */
  windows: { start: string; end: string }[][];
  minNoticeHours: string;
  horizonDays: string;
  bufferMinutes: string;
  blocked: { date: string; note: string }[];
  roomUrl: string;
}

/** A refusal per field, keyed by the id of the control it belongs to (the error summary links there). */
export type SettingsErrors = Record<string, string>;

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The posted names: a weekday's starts and ends pair up in the order the rows stand. */
export const settingsFieldNames = {
  start: (weekday: number) => `start-${weekday}`,
  end: (weekday: number) => `end-${weekday}`,
  blockedDate: "blocked-date",
  blockedNote: "blocked-note",
  /** Carries the row's index: a ticked box drops that row. */
  blockedRemove: "blocked-remove",
} as const;

export const windowFieldId = (weekday: number, row: number, part: "start" | "end") => `window-${weekday}-${row}-${part}`;
export const blockedFieldId = (row: number, part: "date" | "note") => `blocked-${row}-${part}`;

/**
 * A window ending at midnight is stored as "24:00", which a time control cannot hold: the form shows and
 * takes it as 00:00 in the end column.
 */
export const MIDNIGHT_END = "24:00";
export const MIDNIGHT_IN_FORM = "00:00";

export function draftOf(settings: MeetingSettings): SettingsDraft {
  return {
    windows: WEEKDAYS.map((weekday) =>
      settings.availability
        .filter((window) => window.weekday === weekday)
        .sort((a, b) => a.start.localeCompare(b.start))
        .map(({ start, end }) => ({ start, end: end === MIDNIGHT_END ? MIDNIGHT_IN_FORM : end })),
    ),
    minNoticeHours: String(settings.minNoticeHours),
    horizonDays: String(settings.horizonDays),
    bufferMinutes: String(settings.bufferMinutes),
    blocked: [...settings.blockedDates].sort((a, b) => a.date.localeCompare(b.date)),
    roomUrl: settings.roomUrl,
  };
}
