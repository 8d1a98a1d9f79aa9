/**
 * Pages whose HTML depends on data read at request time (the database, the visitor's session, the
 * query string).
 * Every other page is prerendered at build. A route that gains a server loader is listed here.
 */
export const requestTimePaths = new Set<string>(["/admin/enquiries", "/admin/jobs", "/admin/jobs/new", "/admin/applications", "/admin/subscribers", "/admin/audit", "/blog", "/careers", "/adminPanel", "/admin/devices", "/postblog", "/dashboard", "/email-sent-success"]);

/** Pages that are for one visitor's task, not for search results: left out of the sitemap. */
export const unlistedPaths = new Set<string>(["/admin/enquiries", "/admin/jobs", "/admin/jobs/new", "/admin/applications", "/admin/subscribers", "/admin/audit", "/admin-login", "/adminPanel", "/admin/devices", "/postblog", "/login", "/signup", "/verify-notice", "/email-sent-success", "/forgot-password", "/dashboard", "/newsletter"]);
