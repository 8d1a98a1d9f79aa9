import { Outlet } from "react-router";
import { AdminFrame } from "~/components/admin/AdminShell";
import type { FrameHandle } from "~/lib/admin-frame";
import { adminFrameIdentity } from "~/lib/admin-frame.server";
import { requireAdminPage } from "~/lib/admin-session";
import type { Route } from "./+types/admin-layout";

export const handle: FrameHandle = { adminFrame: true };

/** Every admin screen below needs a session: without one, the visitor goes to the admin login before any screen is drawn. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return adminFrameIdentity(await requireAdminPage(request, context, "any"));
}

/** The admin screens' layout: each is drawn in the admin frame with the signed-in admin's navigation. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame admin={loaderData}>
      <Outlet />
    </AdminFrame>
  );
}
