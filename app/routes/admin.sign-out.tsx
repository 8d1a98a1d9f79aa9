import { redirect } from "react-router";
import type { Route } from "./+types/admin.sign-out";

/**
 * The admin frame's Sign out posted without the script (decision 029): the same API call ends the
 * session and clears its cookie, and the browser goes to the admin login either way, since a
 * session that had already ended is signed out too.
 */
export async function action({ context }: Route.ActionArgs) {
  const answer = await context.api("admin/logout/", {});
  return redirect("/admin-login", { headers: new Headers(answer.cookies.map((cookie): [string, string] => ["set-cookie", cookie])) });
}

/** Nothing to see at this address: a visit goes to the admin panel (or on to the admin login). */
export const loader = () => redirect("/adminPanel");
