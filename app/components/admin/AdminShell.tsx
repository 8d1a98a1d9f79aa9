import { LogOut, Menu, UserRound, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { adminFrameCopy as copy } from "#app/content/admin.ts";
import { markAdminPresence } from "#app/lib/admin-frame.ts";
import { ApiError, apiRequest } from "#app/lib/api/client.ts";
import { Alert } from "../ui/Alert";
import { AdminNav } from "./AdminNav";

/** The signed-in admin as the frame shows it (`adminFrameIdentity` makes it on the server). */
export interface AdminFrameIdentity {
  username: string;
  roleLabel: string;
  /** The side navigation: the screens the admin's role may use. */
  screens: { to: string; label: string }[];
}

/**
 * The frame of every admin screen, in place of the public header and footer: a top bar with who is
 * signed in, My account and Sign out, the side navigation of the role's screens, and the screen.
 * Sign out is a form that posts to /admin/sign-out without the script, and calls the API with it.
 */
export function AdminFrame({ admin, children }: { admin: AdminFrameIdentity; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [error, setError] = useState<string>();
  // Open for the screen it was opened on: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => markAdminPresence(true), []);
  // Opened from the button, the keyboard goes on into the menu.
  useEffect(() => {
    if (open) nav.current?.querySelector("a")?.focus();
  }, [open]);

  const close = () => setOpenOn(undefined);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    close();
    menuButton.current?.focus();
  };

  async function signOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await apiRequest("admin/logout/", { method: "POST" });
    } catch (failure) {
      // A session that had already ended (401) is signed out all the same.
      if (!(failure instanceof ApiError && failure.status === 401)) {
        setError(failure instanceof Error ? failure.message : copy.signOutFailed);
        return;
      }
    }
    markAdminPresence(false);
    navigate("/admin-login");
  }

  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <header className="sticky top-0 z-40 border-b border-ink-100 bg-white">
        <div className="flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            aria-expanded={open}
            aria-controls="admin-nav"
            aria-label={open ? copy.closeMenu : copy.openMenu}
            onClick={() => setOpenOn(open ? undefined : pathname)}
            onKeyDown={onKeyDown}
            className="rounded-full p-2.5 text-ink-800 transition-colors duration-150 hover:bg-ink-100 lg:hidden"
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
          <Link to="/adminPanel" className="shrink-0 rounded-lg font-bold text-ink-950 max-sm:text-sm">
            {copy.brand}
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
            {/* On a phone the open menu shows who is signed in; the bar keeps its buttons. */}
            <p className="min-w-0 truncate text-sm text-ink-700 max-sm:sr-only">
              <span className="max-md:sr-only">{copy.signedInAs} </span>
              <strong className="text-ink-900">{admin.username}</strong> · {admin.roleLabel}
            </p>
            <Link
              to="/admin/account"
              className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100 max-sm:px-2"
            >
              <UserRound className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">{copy.account}</span>
            </Link>
            <form method="post" action="/admin/sign-out" onSubmit={signOut} className="shrink-0">
              <button
                type="submit"
                className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-ink-900 ring-1 ring-ink-200 ring-inset hover:bg-ink-100 max-sm:px-2.5"
              >
                <LogOut className="size-4" aria-hidden="true" />
                {copy.signOut}
              </button>
            </form>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <AdminNav navRef={nav} screens={admin.screens} open={open} onKeyDown={onKeyDown} onFollow={close}>
          <p aria-hidden="true" className="mb-3 border-b border-ink-100 px-3 pb-3 text-sm text-ink-700 sm:hidden">
            <strong className="text-ink-900">{admin.username}</strong> · {admin.roleLabel}
          </p>
        </AdminNav>
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
          {error && (
            <Alert tone="error" className="mb-6">
              {error}
            </Alert>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * One admin screen inside the frame: its heading, what it offers beside the heading (a New job
 * button), and its content. `username` is not shown here (the top bar shows who is signed in); it is
 * still accepted while the audit log screen, another change's file, passes it.
 */
export function AdminShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="min-w-0 text-2xl font-bold wrap-break-word sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
