import { data, redirect, type AppLoadContext } from "react-router";
import { roleMayUse, type AdminArea } from "@contracts/admin-roles";

/** What a loader throws for a screen outside the admin's role; the root's error boundary shows it (NotPermitted). */
export const NOT_PERMITTED_PAGE = "not_permitted";

/**
 * For loaders of admin pages: the signed-in admin, or a redirect to the admin login; an admin whose role does
 * not cover the screen's area gets a 403 page (not a redirect, which would send them round in a loop).
 */
export async function requireAdminPage(request: Request, context: AppLoadContext, area: AdminArea) {
  const admin = await context.services.admin.sessionFromCookies(request.headers.get("cookie"));
  if (!admin) throw redirect("/admin-login");
  if (!roleMayUse(admin.role, area)) throw data(NOT_PERMITTED_PAGE, { status: 403 });
  return admin;
}

export const adminPageMeta = (title: string) => [{ title: `${title} | HimalTech admin` }, { name: "robots", content: "noindex,nofollow" }];

/** Dates on admin screens: one unambiguous form, in UTC so server and browser render the same text. */
export const formatAdminDate = (date: Date | string) =>
  new Date(date).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
