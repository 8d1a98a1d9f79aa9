import { useState } from "react";
import { useRevalidator } from "react-router";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/Badge.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import type { Route } from "./+types/admin.devices";

export const meta = () => adminPageMeta("Devices");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "devices");
  return { devices: await context.services.admin.listDevices() };
}

const statusTone: Record<string, BadgeTone> = { pending: "warning", approved: "success", revoked: "neutral" };

export default function Devices({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();

  async function decide(id: number, decision: "approve" | "revoke") {
    setError(undefined);
    try {
      await apiRequest(`admin/devices/${id}/${decision}/`, { method: "POST" });
      await revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The change was not saved.");
    }
  }

  return (
    <AdminShell title="Devices">
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      {loaderData.devices.length === 0 ? (
        <p className="text-ink-700">No device has signed in yet.</p>
      ) : (
        <AdminTable caption="Devices admins sign in from" headings={["ID", "Admin", "Browser", "IP address", "First seen", "Status", "Actions"]}>
          {loaderData.devices.map((device) => (
            <tr key={device.id}>
              {/* The number the command line takes: npm run admin -- devices approve ID */}
              <td className={`${cellClass} tabular-nums`}>{device.id}</td>
              <td className={`${cellClass} font-medium`}>{device.username}</td>
              <td className={cellClass}>{device.browser}</td>
              <td className={`${cellClass} font-mono text-xs`}>{device.ip}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(device.createdAt)}</td>
              <td className={cellClass}>
                <Badge tone={statusTone[device.status]}>{device.status}</Badge>
              </td>
              <td className={cellClass}>
                <div className="flex gap-2">
                  {device.status !== "approved" && (
                    <Button size="sm" onClick={() => decide(device.id, "approve")} aria-label={`Approve device ${device.id} of ${device.username}`}>
                      Approve
                    </Button>
                  )}
                  {device.status !== "revoked" && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => decide(device.id, "revoke")}
                      aria-label={`Revoke device ${device.id} of ${device.username}`}
                    >
                      Revoke
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
