import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { adminPageMeta, formatAdminDate } from "#app/lib/admin-session.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import type { Route } from "./+types/admin.devices.approve.$token";

export const meta = () => adminPageMeta("Approve a device");

/** The mailed link: the token alone shows the request and allows one decision. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { device: await context.services.admin.approvalRequest(params.token) };
}

export function headers() {
  return { "Referrer-Policy": "no-referrer" };
}

export default function ApproveDevice({ loaderData, params }: Route.ComponentProps) {
  const { device } = loaderData;
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string }>();
  const [busy, setBusy] = useState(false);

  async function decide(decision: "approve" | "reject") {
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>(`admin/device-approvals/${params.token}/`, {
        method: "POST",
        body: { decision },
        fetchCsrfToken: true,
      });
      setOutcome({ tone: "success", text: answer.message });
    } catch (failure) {
      setOutcome({ tone: "error", text: failure instanceof Error ? failure.message : "The decision was not saved." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="bg-surface px-4 py-20">
      <div className="mx-auto max-w-lg rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
        <ShieldCheck className="size-10 text-indigo-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">Approve a new admin device</h1>
        {!device ? (
          <p className="mt-4 text-ink-700">This approval link is invalid, used or expired.</p>
        ) : (
          <>
            <p className="mt-4 text-ink-700">
              <strong>{device.username}</strong> tried to sign in from a browser we have not seen before.
            </p>
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="font-semibold">Device</dt>
              <dd>#{device.id}</dd>
              <dt className="font-semibold">Browser</dt>
              <dd>{device.browser}</dd>
              <dt className="font-semibold">IP address</dt>
              <dd className="font-mono">{device.ip}</dd>
              <dt className="font-semibold">Time</dt>
              <dd>{formatAdminDate(device.createdAt)}</dd>
            </dl>
            {outcome ? (
              <Alert tone={outcome.tone} className="mt-6">
                {outcome.text}
              </Alert>
            ) : (
              <div className="mt-8 flex gap-3">
                <Button onClick={() => decide("approve")} disabled={busy}>
                  Approve
                </Button>
                <Button variant="secondary" onClick={() => decide("reject")} disabled={busy}>
                  Reject
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
