import { useEffect } from "react";
import { useNavigate } from "react-router";
import { AccountDashboard } from "#app/components/account/AccountDashboard.tsx";
import { useBrowserValue } from "#app/components/account/useHydrated.ts";
import { AdminFrame, AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminDashboard } from "#app/components/admin/dashboard/AdminDashboard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { account } from "#app/content/account.ts";
import { dashboardCopy } from "#app/content/dashboard.ts";
import type { FrameHandle } from "#app/lib/admin-frame.ts";
import { adminFrameIdentity } from "#app/lib/admin-frame.server.ts";
import { tokens } from "#app/lib/api/account-client.ts";
import { adminOfPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => accountMeta({ title: account.dashboard.title, description: account.dashboard.heading, path: "/dashboard" });

type View = "pending" | "account" | "signed-out";

/** What the tokens kept in this browser say, once the page is live. */
const storedView = (): View => (tokens.access() || tokens.refresh() ? "account" : "signed-out");

/** An admin's session is a cookie the server sees; a user's lives in the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await adminOfPage(request, context);
  return { admin: admin ? { ...adminFrameIdentity(admin), role: admin.role } : null };
}

/** An admin sees the dashboard in the admin frame; an account, in the public site's. */
export const handle: FrameHandle = { adminFrame: (data) => Boolean((data as Awaited<ReturnType<typeof loader>> | undefined)?.admin) };

/**
 * /dashboard shows each visitor the view of their session: the admin's screens to an admin session,
 * the account page to a signed-in user; anyone without a session goes to /login.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.admin) {
    return (
      <AdminFrame admin={loaderData.admin}>
        <AdminShell title={dashboardCopy.title}>
          <AdminDashboard role={loaderData.admin.role} />
        </AdminShell>
      </AdminFrame>
    );
  }
  return <UserDashboard />;
}

function UserDashboard() {
  const navigate = useNavigate();
  const view = useBrowserValue(storedView, "pending");
  useEffect(() => {
    if (view === "signed-out") navigate("/login", { replace: true });
  }, [view, navigate]);

  if (view === "account") return <AccountDashboard />;
  // As tall as the screen, like the account screens, so the footer stays out of sight when the next one arrives.
  return (
    <div className="flex min-h-svh justify-center py-24">
      <Spinner label={account.dashboard.loading} />
    </div>
  );
}
