import { Link } from "react-router";
import type { AuditEntry } from "#contracts/admin-audit.ts";
import { auditActorLabel } from "#contracts/audit-actions.ts";
import { auditCopy as copy } from "#app/content/admin.ts";
import { formatAdminDate } from "#app/lib/admin-session.ts";
import { AdminTable, cellClass } from "./AdminTable";

/** Audit entries as a table: When, Who, what they did in words, Target; a target that still exists links to its screen. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-ink-700">{copy.empty}</p>;
  return (
    <AdminTable caption={copy.caption} headings={copy.columns}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(entry.at)}</td>
          <td className={`${cellClass} font-medium`}>{auditActorLabel(entry.who)}</td>
          <td className={`${cellClass} min-w-56`}>{entry.summary}</td>
          <td className={`${cellClass} break-words`}>
            {entry.target_href ? (
              <Link to={entry.target_href} className="font-medium text-indigo-700 hover:underline">
                {entry.target_label}
              </Link>
            ) : (
              entry.target_label
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
