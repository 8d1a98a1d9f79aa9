import { ADMIN_ROLE_LABELS, roleMayUse, type AdminRole } from "#contracts/admin-roles.ts";
import type { AdminFrameIdentity } from "#app/components/admin/AdminShell.tsx";
import { adminNavigation } from "#app/content/admin.ts";

/**
 * What the admin frame shows of the signed-in admin: the name, the role's label and the screens the
 * role may use. Decided here on the server, so the browser never loads the role rules (nor zod with them).
 */
export const adminFrameIdentity = (admin: { username: string; role: AdminRole }): AdminFrameIdentity => ({
  username: admin.username,
  roleLabel: ADMIN_ROLE_LABELS[admin.role],
  screens: adminNavigation.filter((item) => roleMayUse(admin.role, item.area)).map(({ to, label }) => ({ to, label })),
});
