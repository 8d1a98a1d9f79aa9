import { AdminScreenLinks } from "~/components/admin/AdminScreenLinks";
import { AdminShell } from "~/components/admin/AdminShell";
import { adminPageMeta, requireAdminPage } from "~/lib/admin-session";
import type { Route } from "./+types/adminPanel";

export const meta = () => adminPageMeta("Admin panel");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context);
  return { username: admin.username };
}

export default function AdminPanel({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell title="Admin panel" username={loaderData.username} back={false}>
      <AdminScreenLinks />
    </AdminShell>
  );
}
