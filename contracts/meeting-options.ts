/** The meeting booking's constants, free of the validation library so that the contact page's first load stays small. */

export const MEETING_MINUTES = 30;

/** Where the company is: availability is set, and the company's copy of every time is shown, in this zone. */
export const COMPANY_TIME_ZONE = "Asia/Kathmandu";

/** The spec's zones, shown by their short names and kept to their daylight-saving rules by their IANA names. */
export const SPEC_TIME_ZONES = [
  { label: "EST", zone: "America/New_York" },
  { label: "CST", zone: "America/Chicago" },
  { label: "PST", zone: "America/Los_Angeles" },
] as const;

/** Whether the runtime knows the IANA zone `zone`. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
