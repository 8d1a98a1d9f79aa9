import type { ReactNode } from "react";

/**
 * The frame of every account screen: a centred card on a soft band, with the page's one heading. The
 * band fills the screen, so the footer stays out of sight while the card's answer arrives (a
 * verification's outcome, the screen a session sends the visitor to): nothing in view moves.
 */
export function AuthCard({ heading, intro, children, footer }: { heading: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="min-h-svh bg-surface px-4 py-16 sm:py-24">
      <div className="mx-auto w-full max-w-md rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
        <h1 className="text-2xl font-bold text-ink-900">{heading}</h1>
        {intro && <p className="mt-2 text-ink-700">{intro}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-ink-100 pt-6 text-center text-sm text-ink-700">{footer}</div>}
      </div>
    </section>
  );
}

/** Sign-in with other providers is offered as the spec shows it, but not connected to any of them. */
export function SocialButtons({ label, providers }: { label: string; providers: readonly string[] }) {
  return (
    <div className="mt-6">
      <p className="relative text-center text-sm text-ink-700">{label}</p>
      <div className="mt-3 grid grid-cols-3 gap-3">
        {providers.map((provider) => (
          <button key={provider} type="button" className="h-11 rounded-full text-sm font-semibold text-ink-900 ring-1 ring-ink-200 ring-inset hover:bg-ink-100">
            {provider}
          </button>
        ))}
      </div>
    </div>
  );
}

export const textLink = "font-semibold text-indigo-600 underline-offset-2 hover:underline";
