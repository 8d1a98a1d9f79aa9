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

/** The zones the site names itself, known without asking the runtime. */
const NAMED_ZONES = new Set<string>([COMPANY_TIME_ZONE, ...SPEC_TIME_ZONES.map(({ zone }) => zone)]);

/**
 * Whether the runtime knows the IANA zone `zone`. The site's own zones are known without asking: in a
 * browser the first date formatter loads the locale data, a long task on a slow phone (decision 073).
 */
export function isTimeZone(zone: string): boolean {
  if (NAMED_ZONES.has(zone)) return true;
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
