import { redirect, type AppLoadContext } from "react-router";

/** For loaders of admin pages: the signed-in admin, or a redirect to the admin login. */
export async function requireAdminPage(request: Request, context: AppLoadContext) {
  const admin = await context.services.admin.sessionFromCookies(request.headers.get("cookie"));
  if (!admin) throw redirect("/admin-login");
  return admin;
}

export const adminPageMeta = (title: string) => [{ title: `${title} | HimalTech admin` }, { name: "robots", content: "noindex,nofollow" }];

/** Dates on admin screens: one unambiguous form, in UTC so server and browser render the same text. */
export const formatAdminDate = (date: Date | string) =>
  new Date(date).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
