import { Outlet } from "react-router";
import { AdminProblem, adminProblemTitle } from "#app/components/admin/AdminProblem.tsx";
import { AdminFrame } from "#app/components/admin/AdminShell.tsx";
import { adminPageMeta, type FrameHandle } from "#app/lib/admin-frame.ts";
import { adminFrameIdentity } from "#app/lib/admin-frame.server.ts";
import { requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/admin-layout";

export const handle: FrameHandle = { adminFrame: true };

/** Every admin screen below needs a session: without one, the visitor goes to the admin login before any screen is drawn. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return adminFrameIdentity(await requireAdminPage(request, context, "any"));
}

/** Each screen names its page; this names the page of a screen that could not be shown (the error boundary's). */
export const meta: Route.MetaFunction = ({ error }) => (error ? adminPageMeta(adminProblemTitle(error)) : []);

/** The admin screens' layout: each is drawn in the admin frame with the signed-in admin's navigation. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame admin={loaderData}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A screen outside the admin's role, a record that is not there, or a screen that failed: said inside the admin
 * frame, with the navigation of the admin's role, rather than on the public site's page. When this layout's own
 * loader failed there is no admin to draw the frame for: the message stands alone.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) {
    return (
      <main id="main" className="flex-1 px-4">
        <AdminProblem error={error} />
      </main>
    );
  }
  return (
    <AdminFrame admin={loaderData}>
      <AdminProblem error={error} />
    </AdminFrame>
  );
}
