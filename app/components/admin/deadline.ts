const DAY_MS = 24 * 60 * 60_000;

/** Whole days from `now` to `due`: how much of the 30 days is left, or (negative) how long it is overdue. */
export function daysUntil(due: string, now: string): number {
  const left = new Date(due).getTime() - new Date(now).getTime();
  return left >= 0 ? Math.floor(left / DAY_MS) : -Math.ceil(-left / DAY_MS);
}
