import { redirect, type AppLoadContext } from "react-router";

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

/** For loaders of admin pages: the signed-in admin, or a redirect to the admin login. */
export async function requireAdminPage(request: Request, context: AppLoadContext) {
  const admin = await adminOfPage(request, context);
  if (!admin) throw redirect("/admin-login");
  return admin;
}

export const adminPageMeta = (title: string) => [{ title: `${title} | HimalTech admin` }, { name: "robots", content: "noindex,nofollow" }];

/** Dates on admin screens: one unambiguous form, in UTC so server and browser render the same text. */
export const formatAdminDate = (date: Date | string) =>
  new Date(date).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
