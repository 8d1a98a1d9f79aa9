import { describe, expect, it } from "vitest";
import type { MeetingSettings } from "#contracts/meetings.ts";
import { draftOf, settingsFieldNames as names } from "./meeting-settings-form";
import { readSettingsDraft, settingsOfDraft } from "./meeting-settings-form.server";

/** The form as a browser posts it: every row, blank ones included, in the order they stand. */
function posted(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

const rules: [string, string][] = [
  ["minNoticeHours", "12"],
  ["horizonDays", "30"],
  ["bufferMinutes", "15"],
  ["roomUrl", ""],
];

describe("the meeting settings form", () => {
  it("reads each weekday's windows and the blocked dates, leaving out blank rows and the dates ticked for removal", () => {
    const draft = readSettingsDraft(
      posted([
        [names.start(1), "09:00"],
        [names.end(1), "12:00"],
        [names.start(1), "13:00"],
        [names.end(1), "00:00"],
        [names.start(1), ""],
        [names.end(1), ""],
        [names.start(2), ""],
        [names.end(2), ""],
        [names.blockedDate, "2026-12-25"],
        [names.blockedNote, "Holiday"],
        [names.blockedDate, "2026-12-31"],
        [names.blockedNote, ""],
        [names.blockedRemove, "1"],
        [names.blockedDate, ""],
        [names.blockedNote, ""],
        ...rules,
      ]),
    );
    const settings: MeetingSettings = {
      availability: [
        { weekday: 1, start: "09:00", end: "12:00" },
        // A window the form ends at 00:00 runs to midnight.
        { weekday: 1, start: "13:00", end: "24:00" },
      ],
      minNoticeHours: 12,
      horizonDays: 30,
      bufferMinutes: 15,
      blockedDates: [{ date: "2026-12-25", note: "Holiday" }],
      roomUrl: "",
    };
    expect(settingsOfDraft(draft)).toEqual({ settings });
  });

  it("shows saved settings as the form holds them, midnight as 00:00 and each day's windows in order", () => {
    const draft = draftOf({
      availability: [
        { weekday: 3, start: "14:00", end: "24:00" },
        { weekday: 3, start: "09:00", end: "11:00" },
      ],
      minNoticeHours: 0,
      horizonDays: 14,
      bufferMinutes: 0,
      blockedDates: [],
      roomUrl: "https://meet.example/room",
    });
    expect(draft.windows[3]).toEqual([
      { start: "09:00", end: "11:00" },
      { start: "14:00", end: "00:00" },
    ]);
    expect(draft.windows[0]).toEqual([]);
    expect([draft.minNoticeHours, draft.horizonDays, draft.roomUrl]).toEqual(["0", "14", "https://meet.example/room"]);
  });

  it("refuses each wrong field by the id of its control, keeping the rows as typed", () => {
    const draft = readSettingsDraft(
      posted([
        [names.start(0), "10:00"],
        [names.end(0), ""],
        [names.start(4), "17:00"],
        [names.end(4), "09:00"],
        [names.blockedDate, ""],
        [names.blockedNote, "No date"],
        ["minNoticeHours", "soon"],
        ["horizonDays", "0"],
        ["bufferMinutes", "15"],
        ["roomUrl", "http://meet.example/room"],
      ]),
    );
    expect(draft.windows[0]).toEqual([{ start: "10:00", end: "" }]);
    expect(settingsOfDraft(draft).errors).toEqual({
      "window-0-0-end": "Enter both the start and the end.",
      "window-4-0-end": "A window ends after it starts.",
      "blocked-0-date": "Choose a date, or clear the note.",
      minNoticeHours: "Enter a whole number.",
      horizonDays: "Use 1 to 365 days.",
      roomUrl: "Use an https:// address.",
    });
  });
});
