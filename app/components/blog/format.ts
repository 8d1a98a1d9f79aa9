import { spelledDate } from "#app/lib/spelled.ts";

/** "January 5, 2026": the spec's long US form, in UTC so the server's HTML and the browser agree. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : spelledDate(date);
}
