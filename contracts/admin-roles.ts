/**
 * Who may do what in the admin (least privilege). The server enforces it on every admin route and
 * export; the admin's navigation only offers what the signed-in role may open. Plain values, no zod:
 * admin pages' scripts read them (decision 020); the schema of a role is in ./admin-team.
 */
export const ADMIN_ROLES = ["owner", "editor", "recruiter", "support"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * An area of the admin: one or more screens and the API routes behind them. Every role lands on the
 * dashboard after signing in (the spec sends the admin login to /dashboard/); it shows each role the
 * figures and records of its own areas.
 */
export const ADMIN_AREAS = [
  "dashboard",
  "enquiries",
  /** The assistant's conversations and the searches that found nothing: the gaps in the site's content. */
  "assistant",
  "meetings",
  "subscribers",
  /** Newsletters to the confirmed subscribers: written, sent and measured. */
  "campaigns",
  /** Visitors' data requests under the privacy policy: the 30-day queue, archives and erasure. */
  "privacy",
  "applications",
  "jobs",
  "posts",
  /** The site's words: testimonials, FAQ, pricing and the other pages' content, with revisions and scheduled publishing. */
  "content",
  "users",
  "team",
  "devices",
  "audit",
  "exports",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

const ROLE_AREAS: Record<AdminRole, readonly AdminArea[]> = {
  owner: ADMIN_AREAS,
  editor: ["dashboard", "posts", "content", "assistant"],
  recruiter: ["dashboard", "jobs", "applications"],
  support: ["dashboard", "enquiries", "assistant", "meetings", "subscribers", "campaigns", "privacy"],
};

export const roleMayUse = (role: AdminRole, area: AdminArea): boolean => ROLE_AREAS[role].includes(area);

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: "Owner",
  editor: "Editor",
  recruiter: "Recruiter",
  support: "Support",
};
