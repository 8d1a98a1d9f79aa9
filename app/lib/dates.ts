/** A moment shown to a person: one unambiguous form, in UTC so server and browser render the same text. */
export const formatDateTime = (date: Date | string) =>
  new Date(date).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
