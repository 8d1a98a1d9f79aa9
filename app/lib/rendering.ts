/**
 * Pages that are for one visitor's task, not for search results: left out of the sitemap. Every admin
 * screen is one, whatever later screens are added, every visitor's private conversation and meeting, an
 * applicant's withdrawal link, and
 * the page that books a meeting without JavaScript; the rest
 * are the account and one-off pages.
 */
const TASK_PAGES = new Set<string>([
  "/login",
  "/signup",
  "/social-sign-in",
  "/verify-notice",
  "/email-sent-success",
  "/forgot-password",
  "/dashboard",
  "/newsletter",
  "/postblog",
  "/search",
]);

export const isUnlisted = (path: string) =>
  path === "/adminPanel" ||
  path.startsWith("/admin-") ||
  path.startsWith("/admin/") ||
  path.startsWith("/conversation/") ||
  path.startsWith("/meetings/") ||
  path.startsWith("/careers/withdraw/") ||
  TASK_PAGES.has(path);
