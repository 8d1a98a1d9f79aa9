import { PageQuerySchema } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { AuditTable } from "~/components/admin/AuditTable";
import { LoadingNotice, Pager } from "~/components/admin/ListControls";
import { auditCopy as copy } from "~/content/admin";
import { listQuery } from "~/lib/admin-query";
import { adminPageMeta, requireAdminPage } from "~/lib/admin-session";
import type { Route } from "./+types/admin.audit";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "audit");
  return { username: admin.username, log: await context.services.audit.list(listQuery(PageQuerySchema, request)) };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell title={copy.heading} username={loaderData.username}>
      <LoadingNotice />
      <AuditTable entries={loaderData.log.results} />
      {loaderData.log.count > 0 && <Pager page={loaderData.log} />}
    </AdminShell>
  );
}
