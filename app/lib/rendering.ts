/**
 * Pages that are for one visitor's task, not for search results: left out of the sitemap.
 * (Which pages are rendered per request is read from the route modules: scripts/request-time-paths.ts.)
 */
export const unlistedPaths = new Set<string>([
  "/admin/enquiries",
  "/admin/jobs",
  "/admin/jobs/new",
  "/admin/applications",
  "/admin/subscribers",
  "/admin/audit",
  "/admin-login",
  "/adminPanel",
  "/admin/devices",
  "/admin/sign-out",
  "/postblog",
  "/login",
  "/signup",
  "/verify-notice",
  "/email-sent-success",
  "/forgot-password",
  "/dashboard",
  "/newsletter",
]);
