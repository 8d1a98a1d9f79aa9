/** A moment shown to a person: one unambiguous form, in UTC so server and browser render the same text. */
export const formatDateTime = (date: Date | string) =>
  new Date(date).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/** The company's time zone: Nepal keeps UTC+5:45 all year. */
const ZONE = "Asia/Kathmandu";

/** A moment as Kathmandu's clocks show it, named as such. */
export const kathmanduTime = (at: string) =>
  `${new Date(at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: ZONE })} Kathmandu time`;

/** A moment as a datetime-local box in Kathmandu time takes it: "YYYY-MM-DDTHH:mm". */
export function kathmanduLocalInput(at: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
