/**
 * Pages that are for one visitor's task, not for search results: left out of the sitemap. Every admin
 * screen is one, whatever later screens are added, and every visitor's private conversation; the rest
 * are the account and one-off pages.
 * (Which pages are rendered per request is read from the route modules: scripts/request-time-paths.ts.)
 */
const TASK_PAGES = new Set<string>([
  "/login",
  "/signup",
  "/verify-notice",
  "/email-sent-success",
  "/forgot-password",
  "/dashboard",
  "/newsletter",
  "/postblog",
  "/search",
]);

export const isUnlisted = (path: string) =>
  path === "/adminPanel" || path.startsWith("/admin-") || path.startsWith("/admin/") || path.startsWith("/conversation/") || TASK_PAGES.has(path);
