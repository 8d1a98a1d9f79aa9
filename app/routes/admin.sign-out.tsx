import { redirect } from "react-router";
import { requireAdminPage } from "~/lib/admin-session";
import type { Route } from "./+types/admin.sign-out";

/**
 * The admin frame's Sign out posted without the script (decision 029): the same API call ends the
 * session and clears its cookie, and the browser goes to the admin login. The stand-in CSRF token
 * is bound to the session, as the guard of a signed-in call requires.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Without a session there is nothing to end: the admin login is where it leads anyway.
  const admin = await requireAdminPage(request, context);
  const answer = await context.api("admin/logout/", {}, { csrfBinding: admin.sessionHash });
  return redirect("/admin-login", { headers: new Headers(answer.cookies.map((cookie): [string, string] => ["set-cookie", cookie])) });
}

/** Nothing to see at this address: a visit goes to the admin panel (or on to the admin login). */
export const loader = () => redirect("/adminPanel");
