/**
 * Dates and counts spelled the way `en-US` spells them, from tables rather than `Intl` (decision 073).
 * A page's first `Intl` formatter of any kind makes the browser load its locale data: 50–100 ms in one
 * task on the machines the site is built on, half a second on a low-end phone, for a page that only
 * shows "January 5, 2026". Dates are calendar days in UTC, so the server's HTML and the browser agree.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "January 5, 2026". */
export const spelledDate = (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

/** A calendar day written "2023-06-15" as "June 15, 2023". */
export const spelledDay = (day: string) => spelledDate(new Date(`${day}T00:00:00Z`));

/** "Nov 30". */
export const shortMonthDay = (date: Date) => `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}`;

/** "Monday, November 30". */
export const weekdayMonthDay = (date: Date) => `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;

/** A whole number with its thousands grouped: "12,345". */
export const withThousands = (count: number) => (Number.isSafeInteger(count) ? String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : String(count));
