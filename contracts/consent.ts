/**
 * The site's one rule on tracking, read by the browser (app/lib/cookie-consent.ts) and by the server
 * (the analytics routes): a visitor's own choice holds; without one, a browser that asks not to be
 * tracked (Global Privacy Control, Do Not Track) is not, and any other is. Plain values, no zod:
 * every page's script reads it (decision 020).
 */
export const mayTrack = (choice: boolean | undefined, asksNotToBeTracked: boolean): boolean => choice ?? !asksNotToBeTracked;
