import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { roleMayUse } from "#contracts/admin-roles.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AuditTable } from "#app/components/admin/AuditTable.tsx";
import { adminFrameCopy, auditCopy } from "#app/content/admin.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/adminPanel";

export const meta = () => adminPageMeta("Admin panel");

const LATEST_ENTRIES = 10;

/** The panel shows the latest activity to a role that may read the audit log; the screens are in the side navigation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "dashboard");
  if (!roleMayUse(admin.role, "audit")) return { latest: null, more: false };
  const log = await context.services.audit.list({ page: 1, per_page: LATEST_ENTRIES });
  return { latest: log.results, more: log.pages > 1 };
}

export default function AdminPanel({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell title="Admin panel">
      {loaderData.latest ? (
        <section aria-labelledby="latest-activity">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="latest-activity" className="text-xl font-bold">
              {auditCopy.latest}
            </h2>
            {loaderData.more && (
              <Link to="/admin/audit" className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
                {auditCopy.more} <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            )}
          </div>
          <AuditTable entries={loaderData.latest} />
        </section>
      ) : (
        <p className="text-ink-700">{adminFrameCopy.panelIntro}</p>
      )}
    </AdminShell>
  );
}
