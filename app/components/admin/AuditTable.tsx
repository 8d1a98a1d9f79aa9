import type { AuditEntry } from "@contracts/admin-business";
import { auditCopy as copy } from "~/content/admin";
import { formatAdminDate } from "~/lib/admin-session";
import { AdminTable, cellClass } from "./AdminTable";

/** Audit entries as a table: When, Who, Action, Target. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-ink-700">{copy.empty}</p>;
  return (
    <AdminTable caption={copy.caption} headings={copy.columns}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(entry.at)}</td>
          <td className={cellClass}>{entry.who}</td>
          <td className={`${cellClass} font-mono text-xs`}>{entry.action}</td>
          <td className={`${cellClass} font-mono text-xs break-all`}>{entry.target}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
