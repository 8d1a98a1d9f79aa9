import { ArrowLeft, LogOut } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { apiRequest } from "~/lib/api/client";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";

/** The frame of every admin screen: its title, the way back to the hub, and Log out. */
export function AdminShell({ title, username, children, back = true }: { title: string; username: string; children: ReactNode; back?: boolean }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  async function logOut() {
    try {
      await apiRequest("admin/logout/", { method: "POST" });
      navigate("/admin-login");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not sign out.");
    }
  }

  return (
    <section className="min-h-[60vh] bg-surface px-4 py-12">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            {back && (
              <Link to="/adminPanel" className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
                <ArrowLeft className="size-4" aria-hidden="true" /> Admin panel
              </Link>
            )}
            <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          </div>
          <div className="flex items-center gap-3 text-sm text-ink-700">
            Signed in as <strong className="text-ink-900">{username}</strong>
            <Button variant="secondary" size="sm" onClick={logOut}>
              <LogOut className="size-4" aria-hidden="true" /> Log out
            </Button>
          </div>
        </div>
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
