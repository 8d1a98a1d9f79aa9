import { data, redirect, type AppLoadContext } from "react-router";
import { roleMayUse, type AdminArea } from "#contracts/admin-roles.ts";
import { NOT_PERMITTED_PAGE } from "./admin-frame";

export const ACCOUNT_PAGE = "/admin/account";

/** The page a loader runs for, whether the document or its data (`.data`) was asked for. */
const pagePath = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");

/**
 * The signed-in admin, or null. While owners require two-factor sign-in and this admin has not set it up,
 * every admin page but My account sends them there first.
 */
export async function adminOfPage(request: Request, context: AppLoadContext) {
  const admin = await context.services.admin.sessionFromCookies(request.headers.get("cookie"));
  if (admin?.twoFactorPending && pagePath(request) !== ACCOUNT_PAGE) throw redirect(ACCOUNT_PAGE);
  return admin;
}

/**
 * For loaders of admin pages: the signed-in admin, or a redirect to the admin login; an admin whose role does
 * not cover the screen's area gets a 403 page (not a redirect, which would send them round in a loop).
 */
export async function requireAdminPage(request: Request, context: AppLoadContext, area: AdminArea | "any") {
  const admin = await adminOfPage(request, context);
  if (!admin) throw redirect("/admin-login");
  if (area !== "any" && !roleMayUse(admin.role, area)) throw data(NOT_PERMITTED_PAGE, { status: 403 });
  return admin;
}

// The root's 403 page needs these too: they live with the frame, which every page's script already has.
export { adminPageMeta } from "./admin-frame";

export { formatDateTime as formatAdminDate } from "./dates";
