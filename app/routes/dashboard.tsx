import { useEffect } from "react";
import { useNavigate } from "react-router";
import { AccountDashboard } from "~/components/account/AccountDashboard";
import { useBrowserValue } from "~/components/account/useHydrated";
import { AdminFrame, AdminShell } from "~/components/admin/AdminShell";
import { AdminDashboard } from "~/components/admin/dashboard/AdminDashboard";
import { accountMeta } from "~/components/account/meta";
import { Spinner } from "~/components/ui/Spinner";
import { account } from "~/content/account";
import { dashboardCopy } from "~/content/dashboard";
import type { FrameHandle } from "~/lib/admin-frame";
import { adminFrameIdentity } from "~/lib/admin-frame.server";
import { tokens } from "~/lib/api/account-client";
import { adminOfPage } from "~/lib/admin-session";
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
