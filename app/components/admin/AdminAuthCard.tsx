import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The card of the admin's pages that come before a session: joining, a forgotten password, a new one. */
export function AdminAuthCard({ icon: Icon, title, intro, children }: { icon: LucideIcon; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="bg-surface px-4 py-20">
      <div className="mx-auto max-w-md rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-ink-900 text-white">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-2 text-sm text-ink-700">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export const adminAuthLink = "text-sm font-medium text-indigo-700 hover:underline";
