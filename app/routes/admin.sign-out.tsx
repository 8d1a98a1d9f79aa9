import { redirect } from "react-router";
import type { Route } from "./+types/admin.sign-out";

/**
 * The admin frame's Sign out posted without the script (decision 029): the same API call ends the
 * session and clears its cookie, and the browser goes to the admin login. An admin still owing the
 * two-factor set-up can sign out too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Without a session there is nothing to end: the admin login is where it leads anyway.
  if (!(await context.services.admin.sessionFromCookies(request.headers.get("cookie")))) return redirect("/admin-login");
  const answer = await context.api("admin/logout/", {});
  return redirect("/admin-login", { headers: new Headers(answer.cookies.map((cookie): [string, string] => ["set-cookie", cookie])) });
}

/** Nothing to see at this address: a visit goes to the admin panel (or on to the admin login). */
export const loader = () => redirect("/adminPanel");
