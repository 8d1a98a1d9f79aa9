import type { KeyboardEvent, ReactNode, Ref } from "react";
import { NavLink } from "react-router";
import { adminFrameCopy as copy } from "#app/content/admin.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-3 py-2.5 text-sm font-medium transition-colors duration-150 ${
    isActive ? "bg-indigo-50 text-indigo-800 ring-1 ring-indigo-100 ring-inset" : "text-ink-800 hover:bg-surface hover:text-ink-950"
  }`;

/**
 * The admin's side navigation: only the screens the role may use (chosen on the server). Beside the screen on a wide
 * window; on a phone it is folded away until the top bar's menu button opens it. The current
 * screen is marked for screen readers too (NavLink's aria-current).
 */
export function AdminNav({
  screens,
  open,
  onKeyDown,
  onFollow,
  navRef,
  children,
}: {
  screens: readonly { to: string; label: string }[];
  open: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
  onFollow: () => void;
  navRef: Ref<HTMLElement>;
  /** What the menu shows above its links (who is signed in, on a phone). */
  children?: ReactNode;
}) {
  // On a wide window the column runs the screen's whole height; the links in it stay in view.
  return (
    <div className="lg:w-60 lg:shrink-0 lg:border-r lg:border-ink-100 lg:bg-white">
      <nav
        ref={navRef}
        id="admin-nav"
        aria-label={copy.navigation}
        className={`${open ? "block" : "hidden"} fixed inset-x-0 top-16 bottom-0 z-30 overflow-y-auto border-t border-ink-100 bg-white p-4 lg:sticky lg:block lg:h-[calc(100vh-4rem)] lg:border-t-0`}
      >
        {children}
        <ul className="space-y-1">
          {screens.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={linkClass} onClick={onFollow} onKeyDown={onKeyDown}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
